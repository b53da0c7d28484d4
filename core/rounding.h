// Rounding modes and the per-operation environment. There is no global state:
// the caller passes an Env in and gets bits and flags back.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace fplab {

enum class RoundingMode : std::uint8_t {
    NearestEven,    // rne: IEEE default
    NearestAway,    // rna: ties away from zero
    TowardZero,     // rtz
    TowardPositive, // rup
    TowardNegative, // rdn
    ToOdd,          // rto: truncate, then set the last bit if anything was lost
    Stochastic,     // sr: round up with probability equal to the discarded fraction of an ulp
};

inline constexpr RoundingMode kAllRoundingModes[] = {
    RoundingMode::NearestEven,    RoundingMode::NearestAway,    RoundingMode::TowardZero,
    RoundingMode::TowardPositive, RoundingMode::TowardNegative, RoundingMode::ToOdd,
    RoundingMode::Stochastic,
};

// When a result counts as tiny for the underflow flag.
enum class Tininess : std::uint8_t {
    AfterRounding,  // x86, ARM: tiny if the result rounded to unbounded exponent is below the smallest normal
    BeforeRounding, // tiny if the exact result is below the smallest normal
};

struct Env {
    RoundingMode rounding = RoundingMode::NearestEven;
    Tininess tininess = Tininess::AfterRounding;
    // For formats without infinity (FP8/FP6/FP4): overflow gives the largest finite value instead of NaN.
    bool saturate = false;
    // Uniform random bits consumed by stochastic rounding; see StochasticStream in core/random.h.
    std::uint64_t randomBits = 0;
};

// Short names: rne rna rtz rup rdn rto sr.
std::string_view roundingName(RoundingMode mode);
// A longer human name: "nearest, ties to even".
std::string_view roundingDescription(RoundingMode mode);
std::optional<RoundingMode> parseRoundingName(std::string_view name);

} // namespace fplab
