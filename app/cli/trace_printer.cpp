// Text for the intermediate steps of an operation (alignment, guard/round/sticky, the decision).
#include "app/cli/trace_printer.h"

#include "core/classify.h"
#include "core/flags.h"
#include "core/text/print.h"

#include <ostream>

namespace fplab::cli {
namespace {

std::string trimTrailingZeros(std::string s) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    return s;
}

std::string_view decisionName(RoundingDecision d) {
    switch (d) {
    case RoundingDecision::Exact: return "exact";
    case RoundingDecision::Truncated: return "round down in magnitude (drop the discarded bits)";
    case RoundingDecision::Incremented: return "round up in magnitude (add one ulp)";
    case RoundingDecision::JammedToOdd: return "round to odd (drop the discarded bits, set the last kept bit)";
    case RoundingDecision::Overflowed: return "overflow";
    case RoundingDecision::FlushedToZero: return "flush to zero";
    }
    return "?";
}

// Why the rounding went the way it did, from the trace's bits; empty when nothing was rounded
// (the trace's significand, which has its leading bit set whenever a value was rounded, is 0).
std::string roundingReason(const RoundingTrace& r, RoundingMode mode) {
    if (r.significand == 0) return "";
    if (r.decision == RoundingDecision::FlushedToZero)
        return "the format has no subnormals: a result below the smallest normal becomes zero";
    if (r.decision == RoundingDecision::Exact) return "no nonzero bits were discarded: the result is exact";
    const bool tie = r.guard && !r.round && !r.sticky;
    const bool above = r.guard && (r.round || r.sticky);
    const bool lastKeptBit = r.keptBits > 0 && r.keptBits <= 64 && ((r.significand >> (64 - r.keptBits)) & 1);
    const bool up = r.decision == RoundingDecision::Incremented;
    std::string why = std::string("the discarded bits are ") +
                      (above ? "more than half an ulp"
                       : tie ? "exactly half an ulp (a tie)"
                             : "less than half an ulp") +
                      "; ";
    switch (mode) {
    case RoundingMode::NearestEven:
        why += tie ? (lastKeptBit ? "ties go to even and the last kept bit is 1: round up"
                                  : "ties go to even and the last kept bit is 0: round down")
                   : (above ? "round to nearest: up" : "round to nearest: down");
        break;
    case RoundingMode::NearestAway:
        why += tie || above ? "round to nearest, ties away: up" : "round to nearest: down";
        break;
    case RoundingMode::TowardZero: why += "toward zero: drop them"; break;
    case RoundingMode::TowardPositive:
        why += r.sign ? "toward +inf on a negative value: drop them" : "toward +inf: up";
        break;
    case RoundingMode::TowardNegative:
        why += r.sign ? "toward -inf on a negative value: up" : "toward -inf: drop them";
        break;
    case RoundingMode::ToOdd: why += "to odd: drop them and set the last kept bit"; break;
    case RoundingMode::Stochastic:
        why += up ? "stochastic: the random draw fell below the discarded fraction: up"
                  : "stochastic: the random draw fell above the discarded fraction: down";
        break;
    }
    return why;
}

std::string_view specialCaseText(SpecialCase c) {
    switch (c) {
    case SpecialCase::None: return "";
    case SpecialCase::NanOperand: return "a NaN operand gives a NaN";
    case SpecialCase::InfMinusInf: return "inf - inf is invalid";
    case SpecialCase::InfiniteOperand: return "an infinite operand gives infinity";
    case SpecialCase::SumOfZeros: return "the sum of two zeros is zero";
    case SpecialCase::AddingZero: return "adding zero changes nothing";
    case SpecialCase::ZeroTimesInf: return "0 * inf is invalid";
    case SpecialCase::ZeroOperand: return "a zero operand gives zero";
    case SpecialCase::InfDivInf: return "inf / inf is invalid";
    case SpecialCase::InfDivFinite: return "infinity divided by a finite number is infinity";
    case SpecialCase::FiniteDivInf: return "a finite number divided by infinity is zero";
    case SpecialCase::ZeroDivZero: return "0 / 0 is invalid";
    case SpecialCase::DivByZeroNoInfinity: return "division by zero, and the format has no infinity";
    case SpecialCase::DivByZero: return "division by zero gives infinity";
    case SpecialCase::ZeroDivided: return "zero divided by a number is zero";
    case SpecialCase::SqrtNan: return "sqrt(NaN) is NaN";
    case SpecialCase::SqrtZero: return "sqrt(+-0) is +-0";
    case SpecialCase::SqrtNegative: return "the square root of a negative number is invalid";
    case SpecialCase::SqrtInf: return "sqrt(inf) is inf";
    case SpecialCase::InfiniteTerm: return "an infinite term gives infinity";
    case SpecialCase::ZeroPlusZero: return "0 + 0 is zero";
    case SpecialCase::ZeroProduct: return "the product is zero: the result is c";
    case SpecialCase::ZeroAddend: return "c is zero: the result is the rounded product";
    case SpecialCase::NanConverts: return "a NaN converts to a NaN";
    case SpecialCase::NoNegativeValues: return "the format has no negative values";
    case SpecialCase::InfinityConverts: return "infinity converts to infinity";
    case SpecialCase::InfinitySaturates: return "saturating conversion: infinity becomes the largest finite value";
    case SpecialCase::NoInfinity: return "the format has no infinity";
    case SpecialCase::ZeroConverts: return "zero converts to zero";
    }
    return "?";
}

} // namespace

std::string describeBits(const Format& f, std::uint64_t bits) {
    return hexBits(f, bits) + " = " + bitString(f, bits, ' ') + " = " + valueText(f, bits);
}

void printTrace(std::ostream& out, const OperationTrace& t, const Format& operandFormat, const Format& resultFormat,
                const Env& env, std::string_view indent) {
    static constexpr const char* kNames[] = {"a", "b", "c"};
    for (std::size_t i = 0; i < t.operands.size() && i < 3; ++i) {
        out << indent << "operand " << (t.operands.size() == 1 ? "" : kNames[i]) << (t.operands.size() == 1 ? "" : " ")
            << describeBits(operandFormat, t.operands[i].bits) << "\n"
            << indent << "          = " << binaryScientific(operandFormat, t.operands[i].bits) << " ("
            << className(t.operands[i].value.cls) << ")\n";
    }
    if (t.special != SpecialCase::None) {
        out << indent << "special   " << specialCaseText(t.special) << "\n";
    } else {
        if (t.operation == Operation::Add || t.operation == Operation::Sub || t.operation == Operation::Fma) {
            out << indent << "align     the smaller operand's significand moves right by " << t.alignmentShift
                << (t.alignmentShift == 1 ? " bit" : " bits")
                << (t.alignmentLostBits ? "; bits fall off the end into the sticky bit" : "; no bits are lost") << "\n";
            out << indent << "          "
                << (t.effectiveSubtraction ? "effective subtraction (the signs differ)" : "effective addition") << "\n";
        }
        if (t.exactIsZero) {
            out << indent << "exact     0 (the exact result is zero; its sign follows the rounding mode rules)\n";
        } else {
            const RoundingTrace& r = t.rounding;
            const bool lowBits = (r.significand & 1) || r.stickyFromBelow;
            std::string fraction = trimTrailingZeros(bitRange(r.significand, 62, 1));
            out << indent << "exact     " << (r.sign ? "-" : "+") << "1" << (fraction.empty() ? "" : "." + fraction)
                << " x 2^" << r.exponent << (lowBits ? "  (and more nonzero bits further down)" : "") << "\n";
            if (r.tinyBeforeRounding)
                out << indent << "tiny      below the smallest normal 2^" << resultFormat.minExponent()
                    << " before rounding; after rounding " << (r.tinyAfterRounding ? "still tiny" : "not tiny")
                    << " (underflow uses " << (env.tininess == Tininess::AfterRounding ? "after" : "before")
                    << " rounding)\n";
            const int kept = r.keptBits < 0 ? 0 : (r.keptBits > 64 ? 64 : r.keptBits);
            const std::string keptText = kept > 0 ? bitRange(r.significand, 63, 64 - kept) : "";
            std::string discarded = kept < 64 ? trimTrailingZeros(bitRange(r.significand, 63 - kept, 0)) : "";
            if (discarded.empty()) discarded = "0";
            out << indent << "keep      " << kept << (kept == 1 ? " bit " : " bits ")
                << (keptText.empty() ? "(none)" : keptText) << ", discard " << discarded
                << (r.stickyFromBelow ? "..." : "") << "\n";
            out << indent << "g r s     guard " << r.guard << ", round " << r.round << ", sticky " << r.sticky << "\n";
            if (r.decision == RoundingDecision::Overflowed) {
                const FloatClass c = classify(resultFormat, t.result.bits);
                out << indent << "decision  overflow in " << roundingName(env.rounding)
                    << ": the rounded value is beyond the largest finite value "
                    << valueText(resultFormat, maxFiniteBits(resultFormat)) << ", so the result is "
                    << (c == FloatClass::Infinity ? "infinity"
                        : isNan(c)                ? "NaN (the format has no infinity)"
                                                  : "the largest finite value")
                    << "\n";
            } else {
                out << indent << "decision  " << decisionName(r.decision) << " in " << roundingName(env.rounding);
                if (const std::string why = roundingReason(r, env.rounding); !why.empty()) out << ": " << why;
                out << "\n";
            }
        }
    }
    out << indent << "result    " << describeBits(resultFormat, t.result.bits) << "\n";
    out << indent << "flags     " << describeFlags(t.result.flags) << "\n";
}

} // namespace fplab::cli
