// The intermediate steps of one operation, as data for the step-by-step views
// (the Arithmetic panel, `fplab-cli eval --steps`). Filled only when asked for.
#pragma once

#include "core/classify.h"
#include "core/result.h"
#include "core/rounding.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab {

enum class RoundingDecision : std::uint8_t {
    Exact,          // nothing was discarded
    Truncated,      // discarded bits dropped
    Incremented,    // one ulp added to the kept bits
    JammedToOdd,    // round-to-odd set the last kept bit
    Overflowed,     // too large: infinity, NaN or the largest finite value
    FlushedToZero,  // a tiny result in a format without subnormals
};

struct RoundingTrace {
    bool sign = false;
    int exponent = 0;            // unbiased exponent of the exact result's leading bit
    std::uint64_t significand = 0; // the exact result's leading 64 bits (bit 63 = leading bit); bit 0 is sticky
    bool stickyFromBelow = false;  // bits beyond these 64 were nonzero
    int keptBits = 0;            // significand bits kept: the precision, or fewer for a subnormal result
    bool guard = false;          // the first discarded bit
    bool round = false;          // the second discarded bit
    bool sticky = false;         // OR of all later discarded bits
    bool tinyBeforeRounding = false;
    bool tinyAfterRounding = false;
    RoundingDecision decision = RoundingDecision::Exact;
    std::string reason;          // why the decision was taken, in words
};

struct OperandTrace {
    std::uint64_t bits = 0;
    Unpacked value;
};

struct OperationTrace {
    std::string operation;               // "add", "mul", ...
    std::vector<OperandTrace> operands;
    std::string special;                 // non-empty when a special case decided the result (NaN, inf, zero)
    int alignmentShift = 0;              // add/fma: how far the smaller operand's significand moved right
    bool alignmentLostBits = false;      // bits fell off the end into the sticky bit
    bool effectiveSubtraction = false;
    bool exactIsZero = false;
    RoundingTrace rounding;
    Result result;
};

} // namespace fplab
