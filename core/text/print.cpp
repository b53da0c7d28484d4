// Writing values: the exact decimal expansion, C99 hex-float, and the bits by field.
// The shortest round-tripping decimal is in shortest_decimal.cpp.
#include "core/text/print.h"

#include "core/classify.h"
#include "core/text/big_int.h"

#include <bit>

namespace fplab {

std::string exactDecimal(const Format& f, std::uint64_t bits) {
    const Unpacked u = unpack(f, bits);
    const std::string sign = u.sign ? "-" : "";
    switch (u.cls) {
    case FloatClass::QuietNaN:
    case FloatClass::SignalingNaN: return "nan";
    case FloatClass::Infinity: return sign + "inf";
    case FloatClass::Zero: return sign + "0";
    default: break;
    }
    // value = sig * 2^exp with sig odd.
    const int zeros = std::countr_zero(u.significand);
    const std::uint64_t sig = u.significand >> zeros;
    const int exp = u.exponent - f.mantissaBits + zeros;
    if (exp >= 0) return sign + (text::BigUint(sig) << exp).toDecimal();
    // sig / 2^n = sig * 5^n / 10^n: the digits of sig * 5^n with the point n places from the right.
    const std::size_t fraction = std::size_t(-exp);
    const std::string digits = (text::BigUint(sig) * text::BigUint::pow5(-exp)).toDecimal();
    if (digits.size() <= fraction) return sign + "0." + std::string(fraction - digits.size(), '0') + digits;
    return sign + digits.substr(0, digits.size() - fraction) + "." + digits.substr(digits.size() - fraction);
}

std::string nanText(const Format& f, std::uint64_t bits) {
    // The fnuz formats' one NaN is the "negative zero" pattern: it has no sign.
    const std::string sign = signOf(f, bits) && f.hasSign && f.specials != SpecialValues::Fnuz ? "-" : "";
    if (f.specials != SpecialValues::Ieee) return sign + "nan";
    const std::uint64_t field = mantissaFieldOf(f, bits);
    if (field == std::uint64_t{1} << (f.mantissaBits - 1)) return sign + "nan";
    static const char* hex = "0123456789abcdef";
    std::string digits;
    for (std::uint64_t v = field; v != 0; v >>= 4) digits.insert(digits.begin(), hex[v & 15]);
    return sign + "nan(0x" + digits + ")";
}

std::string hexFloat(const Format& f, std::uint64_t bits) {
    const Unpacked u = unpack(f, bits);
    const std::string sign = u.sign ? "-" : "";
    int exp = 0;
    char lead = '1';
    switch (u.cls) {
    case FloatClass::QuietNaN:
    case FloatClass::SignalingNaN: return "nan";
    case FloatClass::Infinity: return sign + "inf";
    case FloatClass::Zero: return sign + "0x0p+0";
    case FloatClass::Subnormal:
        lead = '0';
        exp = f.minExponent();
        break;
    case FloatClass::Normal: exp = exponentFieldOf(f, bits) - f.bias; break;
    }
    static const char* hex = "0123456789abcdef";
    std::string out = sign + "0x" + lead;
    const int digits = (f.mantissaBits + 3) / 4;
    const std::uint64_t fraction = mantissaFieldOf(f, bits) << (4 * digits - f.mantissaBits);
    std::string frac;
    for (int i = digits - 1; i >= 0; --i) frac.push_back(hex[(fraction >> (4 * i)) & 15]);
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
    if (!frac.empty()) out += "." + frac;
    out += exp < 0 ? "p-" : "p+";
    out += std::to_string(exp < 0 ? -exp : exp);
    return out;
}

std::string bitString(const Format& f, std::uint64_t bits, char separator) {
    std::string out;
    auto field = [&](int lowBit, int count) {
        if (!out.empty() && separator != '\0') out.push_back(separator);
        for (int i = lowBit + count - 1; i >= lowBit; --i) out.push_back((bits >> i) & 1 ? '1' : '0');
    };
    if (f.hasSign) field(f.exponentBits + f.mantissaBits, 1);
    field(f.mantissaBits, f.exponentBits);
    if (f.mantissaBits > 0) field(0, f.mantissaBits);
    return out;
}

std::string hexBits(const Format& f, std::uint64_t bits) {
    static const char* hex = "0123456789abcdef";
    bits &= f.bitMask();
    std::string out = "0x";
    for (int i = (f.totalBits() + 3) / 4 - 1; i >= 0; --i) out.push_back(hex[(bits >> (4 * i)) & 15]);
    return out;
}

} // namespace fplab
