// Python-compatible number printing and the views of a quantity.
#include "lessons/value_text.h"

#include "core/classify.h"
#include "core/flags.h"
#include "core/text/print.h"
#include "core/values.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <utility>

namespace fplab::lessons {

namespace {

// Python's layout of a number given as "-d.ddde+XX" scientific digits (trailing zeros of the digits dropped).
// `padZeros` false: digits that stop left of the decimal point go to exponent notation ("1.235e+05", not "123500.0").
std::string pythonLayout(const std::string& sci, bool padZeros = true) {
    const std::size_t epos = sci.find('e');
    const int exponent = std::atoi(sci.c_str() + epos + 1);
    const bool negative = sci[0] == '-';
    std::string digits;
    for (std::size_t i = negative ? 1 : 0; i < epos; ++i)
        if (sci[i] != '.') digits += sci[i];
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    std::string out = negative ? "-" : "";
    // Python's repr switches to exponent notation when the decimal point would sit
    // more than 4 places left of the first digit or more than 16 right of it.
    const int decimalPoint = exponent + 1;
    if (decimalPoint <= -4 || decimalPoint > 16 ||
        (!padZeros && std::size_t(std::max(decimalPoint, 0)) > digits.size())) {
        out += digits.substr(0, 1);
        if (digits.size() > 1) out += "." + digits.substr(1);
        char e[16];
        std::snprintf(e, sizeof e, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
        return out + e;
    }
    if (decimalPoint <= 0) return out + "0." + std::string(std::size_t(-decimalPoint), '0') + digits;
    if (std::size_t(decimalPoint) >= digits.size())
        return out + digits + std::string(std::size_t(decimalPoint) - digits.size(), '0') + ".0";
    return out + digits.substr(0, std::size_t(decimalPoint)) + "." + digits.substr(std::size_t(decimalPoint));
}

// "nan", "inf", "-inf", "0.0", "-0.0": the values that have no digits to lay out; empty otherwise.
std::string specialText(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
    return {};
}

// A finite non-zero decimal ("-123.0625", "0.000061", "6.1e-05") as "d.ddde+XX" scientific digits, and its count of
// significant digits.
std::pair<std::string, std::size_t> scientificDigits(const std::string& decimal) {
    const bool negative = decimal[0] == '-';
    const std::size_t epos = std::min(decimal.find_first_of("eE"), decimal.size());
    const std::size_t point = std::min(decimal.find('.'), epos);
    std::string digits;
    int exponent = epos < decimal.size() ? std::atoi(decimal.c_str() + epos + 1) : 0;
    bool seenDigit = false;
    for (std::size_t i = negative ? 1 : 0; i < epos; ++i) {
        if (decimal[i] == '.' || (!seenDigit && decimal[i] == '0')) continue;
        if (!seenDigit) exponent += i < point ? int(point - i) - 1 : -int(i - point);
        seenDigit = true;
        digits += decimal[i];
    }
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    std::string sci = negative ? "-" : "";
    sci += digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
    char e[16];
    std::snprintf(e, sizeof e, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return {sci + e, digits.size()};
}

} // namespace

std::string pythonRepr(double value) {
    if (std::string s = specialText(value); !s.empty()) return s;
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    (void)ec;
    return pythonLayout(std::string(buffer, end));
}

std::string float32Text(float value) {
    if (std::string s = specialText(value); !s.empty()) return s;
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    (void)ec;
    return pythonLayout(std::string(buffer, end));
}

std::string measuredText(double value, int significantDigits) {
    if (std::string s = specialText(value); !s.empty()) return s;
    if (std::trunc(value) == value && std::fabs(value) < 1e16) return pythonRepr(value); // a whole number: every digit
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*e", std::max(significantDigits, 1) - 1, value);
    return pythonLayout(buffer, false);
}

std::string realText(double value, RealStyle style) {
    switch (style) {
    case RealStyle::Python: return pythonRepr(value);
    case RealStyle::Float32: return float32Text(float(value));
    case RealStyle::Measurement: return measuredText(value);
    }
    return pythonRepr(value);
}

bool floatTextShortened(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (c != FloatClass::Normal && c != FloatClass::Subnormal) return false;
    return scientificDigits(exactDecimal(f, bits)).second > kExactDigitsShown;
}

std::string floatText(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (isNan(c)) return nanText(f, bits);
    if (c != FloatClass::Normal && c != FloatClass::Subnormal) return pythonRepr(toDouble(f, bits)); // inf, 0.0, -0.0
    if (const auto [exact, digits] = scientificDigits(exactDecimal(f, bits)); digits <= kExactDigitsShown)
        return pythonLayout(exact);
    return std::string(kShortenedMark) + pythonLayout(scientificDigits(shortestDecimal(f, bits)).first);
}

std::string intText(const IntFormat& f, std::uint64_t bits) { return std::to_string(intValue(f, bits)); }

std::string flagWords(Flags flags, Language language) {
    if (language != Language::Chinese) return flagNames(flags);
    static const std::pair<Flags, const char*> kNames[] = {
        {kInvalid, "无效"}, {kDivideByZero, "除以零"}, {kOverflow, "上溢"}, {kUnderflow, "下溢"}, {kInexact, "不精确"}};
    std::string out;
    for (const auto& [flag, name] : kNames)
        if (flags & flag) out += (out.empty() ? "" : "、") + std::string(name);
    return out.empty() ? "无" : out;
}

std::string quantityText(const Quantity& q, Language language) {
    switch (q.kind) {
    case QuantityKind::Float: return floatText(q.format, q.bits);
    case QuantityKind::Integer: return intText(q.intFormat, q.bits);
    case QuantityKind::Count: return std::to_string(q.count);
    case QuantityKind::Real: return realText(q.real, q.realStyle);
    case QuantityKind::Text: return q.text.in(language);
    }
    return {};
}

std::string intBinary(const IntFormat& f, std::uint64_t bits) {
    std::string out;
    for (int i = f.bits - 1; i >= 0; --i) out += ((bits >> i) & 1) ? '1' : '0';
    return out;
}

std::string intHex(const IntFormat& f, std::uint64_t bits) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "0x%0*llx", (f.bits + 3) / 4, static_cast<unsigned long long>(bits));
    return buffer;
}

std::string quantityView(const Quantity& q, std::string_view view, Language language) {
    if (view.empty() || view == "value") return quantityText(q, language);
    if (q.kind == QuantityKind::Float) {
        if (view == "exact") return exactDecimal(q.format, q.bits);
        if (view == "bits") return hexBits(q.format, q.bits);
        if (view == "binary") return bitString(q.format, q.bits);
        if (view == "hexfloat") return hexFloat(q.format, q.bits);
        if (view == "format") return std::string(q.format.name());
    }
    if (q.kind == QuantityKind::Integer) {
        if (view == "exact") return intText(q.intFormat, q.bits);
        if (view == "bits") return intHex(q.intFormat, q.bits);
        if (view == "binary") return intBinary(q.intFormat, q.bits);
        if (view == "format") return std::string(q.intFormat.name);
    }
    if (q.kind == QuantityKind::Real && view == "exact")
        return exactDecimal(kFp64, std::bit_cast<std::uint64_t>(q.real));
    if (view == "flags" && q.flags) return flagWords(*q.flags, language);
    return {};
}

} // namespace fplab::lessons
