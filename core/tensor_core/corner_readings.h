// The two corners where FP Lab's tensor-core model and MMA-Sim (microsoft/MMA-Sim, arXiv 2511.10909)
// disagree and no hardware has answered yet (docs/tensor-core-model.md, "Where the models disagree"):
// whether a product with a zero operand takes part in the alignment exponent E, and the sign of a
// nonzero sum that the final rounding turns into zero. Both are parameters of the model, chosen per
// architecture and instruction.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace fplab::tc {

enum class Arch : std::uint8_t;
enum class Api : std::uint8_t;

// Which products take part in E (step 3 of the model).
enum class ZeroProducts : std::uint8_t {
    Dropped, // only nonzero products (FP Lab's reading, the spec's, Khattak-Mikaitis')
    Counted, // every product: a zero operand has the exponent kZeroOperandExponent (MMA-Sim's reading)
};

// The sign of a result the final rounding makes zero from a nonzero sum (an exact zero sum is +0 in both).
enum class ZeroSign : std::uint8_t {
    OfSum,    // the sign of the sum (FP Lab's reading, what IEEE rounding gives)
    Positive, // always +0 (MMA-Sim's reading: its rounding goes through integers, which have no -0)
};

// MMA-Sim's exponent for a zero operand (extract_significand_exponent: -126 whatever the format). It is the
// format's minimum exponent for bf16 and tf32; for fp16 and FP8 it lies far below their minimum.
inline constexpr int kZeroOperandExponent = -126;

struct CornerReadings {
    ZeroProducts zeroProducts = ZeroProducts::Dropped;
    ZeroSign zeroSign = ZeroSign::OfSum;
    friend bool operator==(const CornerReadings&, const CornerReadings&) = default;
};

inline constexpr CornerReadings kFpLabReadings{ZeroProducts::Dropped, ZeroSign::OfSum};
inline constexpr CornerReadings kMmaSimReadings{ZeroProducts::Counted, ZeroSign::Positive};

// Whether a built-in reading rests on a GPU's answer or is still FP Lab's own, waiting for one.
enum class ReadingStatus : std::uint8_t { Open, Measured };

struct CornerDefaults {
    CornerReadings readings;
    ReadingStatus zeroProducts = ReadingStatus::Open;
    ReadingStatus zeroSign = ReadingStatus::Open;
};

// The built-in readings of an instruction on an architecture. Every one is FP Lab's and open until a GPU of
// that architecture answers the corner probes (core/tensor_core/fingerprint/corner_probes.h).
CornerDefaults defaultCornerReadings(Arch arch, Api api);

// Names used by the CLI, settings and answer files: dropped counted; sum positive.
std::string_view zeroProductsName(ZeroProducts z);
std::string_view zeroSignName(ZeroSign z);
std::optional<ZeroProducts> parseZeroProducts(std::string_view s);
std::optional<ZeroSign> parseZeroSign(std::string_view s);

} // namespace fplab::tc
