#include "core/text/value_report.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/text/print.h"
#include "core/values.h"

#include <cstdio>

namespace fplab {
namespace {

// "+1.490116119384765625e-09", or "~+1.4901161193847656e-09" when it has too many digits to show.
std::string showDecimal(const DecimalValue& v) {
    bool rounded = false;
    std::string s = v.text(40, &rounded);
    if (rounded) s = "~" + v.text(17);
    else if (v.isApproximate()) s = "~" + s;
    if (!v.isZero() && !v.isNegative()) s = "+" + s;
    return s;
}

std::string showPowerOfTwo(int k) {
    std::string s = "2^" + std::to_string(k);
    if (const auto exact = DecimalValue::fromBinary(false, 1, k)) {
        bool rounded = false;
        std::string digits = exact->text(40, &rounded);
        if (rounded) digits = "~" + exact->text(17);
        s += " = " + digits;
    }
    return s;
}

std::string fieldsLine(const Format& f, std::uint64_t bits) {
    std::string s;
    if (f.hasSign) s += std::string("sign ") + (signOf(f, bits) ? "1 (-)" : "0 (+)") + "   ";
    const int e = exponentFieldOf(f, bits);
    s += "exponent " + bitRange(std::uint64_t(e), f.exponentBits - 1, 0) + " = " + std::to_string(e) + " (bias " +
         std::to_string(f.bias) + ")";
    if (f.mantissaBits > 0) {
        const std::uint64_t m = mantissaFieldOf(f, bits);
        char hex[24];
        std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(m));
        s += "   mantissa " + bitRange(m, f.mantissaBits - 1, 0) + " = " + hex;
    }
    return s;
}

std::vector<std::string> errorLines(const Format& f, const Literal& lit) {
    const StoredError e = storedError(f, lit);
    if (!e.available) return {e.why};
    if (e.absolute.isZero()) return {"0 (the typed value is stored exactly)"};
    std::string relative = "relative " +
                           (e.relative ? formatDouble("%+.7g", *e.relative) : "undefined (typed value 0)");
    if (e.ulps) relative += ", " + formatDouble("%+.7g", *e.ulps) + " ulp";
    return {"stored - typed = " + showDecimal(e.absolute), relative};
}

} // namespace

std::string bitRange(std::uint64_t value, int high, int low) {
    std::string s;
    for (int i = high; i >= low; --i) s += ((value >> i) & 1) ? '1' : '0';
    return s;
}

std::string formatDouble(const char* spec, double v) {
    if (v == 0) return "0";
    char buf[64];
    std::snprintf(buf, sizeof buf, spec, v);
    return buf;
}

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

std::string describeFlags(Flags flags) { return flagLetters(flags) + " (" + flagNames(flags) + ")"; }

ValueReport valueReport(const Format& f, const Literal& lit, const Env& env) {
    const std::uint64_t bits = lit.stored.bits;
    ValueReport r;
    r.format = std::string(f.name());
    r.input = lit.text;
    r.rounding = std::string(roundingName(env.rounding));
    r.bits = bits;
    r.flags = lit.stored.flags;
    r.bitText = bitString(f, bits, ' ');
    r.fields = fieldsLine(f, bits);
    r.hex = hexBits(f, bits);
    if (f.id == FormatId::Tf32) r.hex += "  (in an fp32 container: " + hexBits(kFp32, tf32ToFp32Container(bits)) + ")";
    r.valueClass = std::string(className(classify(f, bits)));
    r.value = binaryScientific(f, bits);
    r.exact = exactDecimal(f, bits);
    r.shortest = shortestDecimal(f, bits);
    r.hexFloat = hexFloat(f, bits);
    const std::optional<int> k = ulpExponent(f, bits);
    r.ulp = k ? showPowerOfTwo(*k) : "none (not a finite value)";
    const std::uint64_t up = nextUp(f, bits), down = nextDown(f, bits);
    r.nextUp = hexBits(f, up) + " = " + valueText(f, up) + (up == bits ? " (no larger value)" : "");
    r.nextDown = hexBits(f, down) + " = " + valueText(f, down) + (down == bits ? " (no smaller value)" : "");
    r.error = errorLines(f, lit);
    r.flagText = describeFlags(lit.stored.flags);
    return r;
}

std::string valueReportText(const ValueReport& r) {
    std::string s = r.format + " " + r.input + " (rounding " + r.rounding + ")\n";
    s += "  bits       " + r.bitText + "\n";
    s += "  fields     " + r.fields + "\n";
    s += "  hex        " + r.hex + "\n";
    s += "  class      " + r.valueClass + "\n";
    s += "  value      " + r.value + "\n";
    s += "  exact      " + r.exact + "\n";
    s += "  shortest   " + r.shortest + "\n";
    s += "  hex-float  " + r.hexFloat + "\n";
    s += "  ulp        " + r.ulp + "\n";
    s += "  next up    " + r.nextUp + "\n";
    s += "  next down  " + r.nextDown + "\n";
    for (std::size_t i = 0; i < r.error.size(); ++i)
        s += (i == 0 ? "  error      " : "             ") + r.error[i] + "\n";
    s += "  flags      " + r.flagText + "\n";
    return s;
}

} // namespace fplab
