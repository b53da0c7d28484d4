// Rounding modes and the per-operation environment. There is no global state:
// the caller passes an Env in and gets bits and flags back.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
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
    RoundingMode::NearestEven,    RoundingMode::NearestAway, RoundingMode::TowardZero, RoundingMode::TowardPositive,
    RoundingMode::TowardNegative, RoundingMode::ToOdd,       RoundingMode::Stochastic,
};

// Every mode but stochastic: the ones that give the same bits on every run.
inline constexpr RoundingMode kDeterministicRoundingModes[] = {
    RoundingMode::NearestEven,    RoundingMode::NearestAway,    RoundingMode::TowardZero,
    RoundingMode::TowardPositive, RoundingMode::TowardNegative, RoundingMode::ToOdd,
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

// The one name table: rne rna rtz rup rdn rto sr (command lines, batch lines, settings, lessons).
// The words for people live in the front ends (app/gui/common/number_text.cpp, lessons).
std::string_view roundingName(RoundingMode mode);
// The names above, and the aliases rn/nearest, rz, ru, rd and stochastic.
std::optional<RoundingMode> parseRoundingName(std::string_view name);
// The names of `modes` separated by spaces: "rne rna rtz rup rdn rto".
std::string roundingNames(std::span<const RoundingMode> modes);

} // namespace fplab
