// The intermediate steps of one operation, as data for the step-by-step views
// (the Arithmetic panel, `fplab-cli eval --steps`). Filled only when asked for.
#pragma once

#include "core/classify.h"
#include "core/operation.h"
#include "core/result.h"
#include "core/rounding.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fplab {

enum class RoundingDecision : std::uint8_t {
    Exact,         // nothing was discarded
    Truncated,     // discarded bits dropped
    Incremented,   // one ulp added to the kept bits
    JammedToOdd,   // round-to-odd set the last kept bit
    Overflowed,    // too large: infinity, NaN or the largest finite value
    FlushedToZero, // a tiny result in a format without subnormals
};

// What stochastic rounding compared: it rounds away from zero when draw < discarded, so with
// probability discarded / 2^discardedBits.
struct StochasticTrace {
    int discardedBits = 0;        // how many bits were discarded (1..64)
    std::uint64_t discarded = 0;  // the discarded bits as an integer below 2^discardedBits
    std::uint64_t draw = 0;       // the random bits used: Env::randomBits cut to discardedBits
    std::uint64_t towardZero = 0; // the two candidate encodings
    std::uint64_t awayFromZero = 0;
    // discarded and draw as fractions of an ulp.
    double probabilityUp() const;
    double drawFraction() const;
};

// Why the decision was taken is not stored in words: the front ends say it from these fields
// (app/cli/trace_printer.cpp, app/gui/arithmetic/steps/step_builder.cpp).
struct RoundingTrace {
    bool sign = false;
    int exponent = 0;              // unbiased exponent of the exact result's leading bit
    std::uint64_t significand = 0; // the exact result's leading 64 bits (bit 63 = leading bit); bit 0 is sticky
    bool stickyFromBelow = false;  // bits beyond these 64 were nonzero
    int keptBits = 0;              // significand bits kept: the precision, or fewer for a subnormal result
    bool guard = false;            // the first discarded bit
    bool round = false;            // the second discarded bit
    bool sticky = false;           // OR of all later discarded bits
    bool tinyBeforeRounding = false;
    bool tinyAfterRounding = false;
    RoundingDecision decision = RoundingDecision::Exact;
    std::optional<StochasticTrace> stochastic; // set when the mode is stochastic and a value was rounded
};

// Why a special case decided the result without arithmetic. The words are the front ends'
// (app/cli/trace_printer.cpp, app/gui/arithmetic/special_case_text.cpp).
enum class SpecialCase : std::uint8_t {
    None,
    NanOperand,          // a NaN operand gives a NaN
    InfMinusInf,         // inf - inf is invalid
    InfiniteOperand,     // an infinite operand gives infinity
    SumOfZeros,          // the sum of two zeros is zero
    AddingZero,          // adding zero changes nothing
    ZeroTimesInf,        // 0 * inf is invalid
    ZeroOperand,         // a zero operand gives zero
    InfDivInf,           // inf / inf is invalid
    InfDivFinite,        // infinity divided by a finite number is infinity
    FiniteDivInf,        // a finite number divided by infinity is zero
    ZeroDivZero,         // 0 / 0 is invalid
    DivByZeroNoInfinity, // division by zero, and the format has no infinity
    DivByZero,           // division by zero gives infinity
    ZeroDivided,         // zero divided by a number is zero
    SqrtNan,             // sqrt(NaN) is NaN
    SqrtZero,            // sqrt(+-0) is +-0
    SqrtNegative,        // the square root of a negative number is invalid
    SqrtInf,             // sqrt(inf) is inf
    InfiniteTerm,        // fma: an infinite term gives infinity
    ZeroPlusZero,        // fma: 0 + 0 is zero
    ZeroProduct,         // fma: the product is zero, the result is c
    ZeroAddend,          // fma: c is zero, the result is the rounded product
    NanConverts,         // a NaN converts to a NaN
    NoNegativeValues,    // the target format has no negative values
    InfinityConverts,    // infinity converts to infinity
    InfinitySaturates,   // a saturating conversion: infinity becomes the largest finite value
    NoInfinity,          // the target format has no infinity
    ZeroConverts,        // zero converts to zero
};

inline constexpr SpecialCase kAllSpecialCases[] = {
    SpecialCase::NanOperand,       SpecialCase::InfMinusInf,       SpecialCase::InfiniteOperand,
    SpecialCase::SumOfZeros,       SpecialCase::AddingZero,        SpecialCase::ZeroTimesInf,
    SpecialCase::ZeroOperand,      SpecialCase::InfDivInf,         SpecialCase::InfDivFinite,
    SpecialCase::FiniteDivInf,     SpecialCase::ZeroDivZero,       SpecialCase::DivByZeroNoInfinity,
    SpecialCase::DivByZero,        SpecialCase::ZeroDivided,       SpecialCase::SqrtNan,
    SpecialCase::SqrtZero,         SpecialCase::SqrtNegative,      SpecialCase::SqrtInf,
    SpecialCase::InfiniteTerm,     SpecialCase::ZeroPlusZero,      SpecialCase::ZeroProduct,
    SpecialCase::ZeroAddend,       SpecialCase::NanConverts,       SpecialCase::NoNegativeValues,
    SpecialCase::InfinityConverts, SpecialCase::InfinitySaturates, SpecialCase::NoInfinity,
    SpecialCase::ZeroConverts,
};

struct OperandTrace {
    std::uint64_t bits = 0;
    Unpacked value;
};

struct OperationTrace {
    Operation operation = Operation::Add;
    std::vector<OperandTrace> operands;
    SpecialCase special = SpecialCase::None; // set when a special case decided the result (NaN, inf, zero)
    int alignmentShift = 0;                  // add/fma: how far the smaller operand's significand moved right
    bool alignmentLostBits = false;          // bits fell off the end into the sticky bit
    bool effectiveSubtraction = false;
    bool exactIsZero = false;
    RoundingTrace rounding;
    Result result;
};

} // namespace fplab
