// Text for the intermediate steps of an operation (alignment, guard/round/sticky, the decision).
#include "app/cli/trace_printer.h"

#include "core/classify.h"
#include "core/flags.h"
#include "core/text/print.h"

#include <ostream>

namespace fplab::cli {
namespace {

// The bits of `value` from bit `high` down to bit `low`, as '0'/'1'.
std::string bitRange(std::uint64_t value, int high, int low) {
    std::string s;
    for (int i = high; i >= low; --i) s += ((value >> i) & 1) ? '1' : '0';
    return s;
}

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

} // namespace

std::string binaryScientific(const Format& f, std::uint64_t bits) {
    const Unpacked u = unpack(f, bits);
    const std::string sign = u.sign ? "-" : "+";
    switch (u.cls) {
    case FloatClass::Zero: return f.hasZero ? sign + "0" : "0";
    case FloatClass::Infinity: return sign + "inf";
    case FloatClass::QuietNaN: return "NaN (quiet)";
    case FloatClass::SignalingNaN: return "NaN (signaling)";
    default: break;
    }
    std::string s = sign + "1";
    if (f.mantissaBits > 0) s += "." + bitRange(u.significand, f.mantissaBits - 1, 0);
    return s + " x 2^" + std::to_string(u.exponent);
}

std::string valueText(const Format& f, std::uint64_t bits) {
    std::string exact = exactDecimal(f, bits);
    return exact.size() <= 30 ? exact : "~" + shortestDecimal(f, bits);
}

std::string describeBits(const Format& f, std::uint64_t bits) {
    return hexBits(f, bits) + " = " + bitString(f, bits, ' ') + " = " + valueText(f, bits);
}

std::string describeFlags(Flags flags) { return flagLetters(flags) + " (" + flagNames(flags) + ")"; }

void printTrace(std::ostream& out, const OperationTrace& t, const Format& operandFormat, const Format& resultFormat,
                const Env& env, std::string_view indent) {
    static constexpr const char* kNames[] = {"a", "b", "c"};
    for (std::size_t i = 0; i < t.operands.size() && i < 3; ++i) {
        out << indent << "operand " << (t.operands.size() == 1 ? "" : kNames[i]) << (t.operands.size() == 1 ? "" : " ")
            << describeBits(operandFormat, t.operands[i].bits) << "\n"
            << indent << "          = " << binaryScientific(operandFormat, t.operands[i].bits) << " ("
            << className(t.operands[i].value.cls) << ")\n";
    }
    if (!t.special.empty()) {
        out << indent << "special   " << t.special << "\n";
    } else {
        if (t.operation == "add" || t.operation == "sub" || t.operation == "fma") {
            out << indent << "align     the smaller operand's significand moves right by " << t.alignmentShift
                << (t.alignmentShift == 1 ? " bit" : " bits")
                << (t.alignmentLostBits ? "; bits fall off the end into the sticky bit" : "; no bits are lost") << "\n";
            out << indent << "          " << (t.effectiveSubtraction ? "effective subtraction (the signs differ)"
                                                                     : "effective addition")
                << "\n";
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
            out << indent << "keep      " << kept << (kept == 1 ? " bit " : " bits ") << (keptText.empty() ? "(none)" : keptText)
                << ", discard " << discarded << (r.stickyFromBelow ? "..." : "") << "\n";
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
                if (!r.reason.empty()) out << ": " << r.reason;
                out << "\n";
            }
        }
    }
    out << indent << "result    " << describeBits(resultFormat, t.result.bits) << "\n";
    out << indent << "flags     " << describeFlags(t.result.flags) << "\n";
}

} // namespace fplab::cli
