// Reading typed numbers for show/eval, and the exact error of what was stored.
#include "core/text/literal.h"

#include "core/quote.h"
#include "core/classify.h"
#include "core/values.h"

#include <cctype>

namespace fplab {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool allDigits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

// "2^-11" -> "0x1p-11", "10^3" -> "1e3"; the exact value is set too. Empty result: not a power.
struct Power {
    std::string rewritten;
    std::string error;
    std::optional<DecimalValue> exact;
};

Power readPower(std::string_view text) {
    Power p;
    const std::size_t caret = text.find('^');
    if (caret == std::string_view::npos) return p;
    std::string_view base = text.substr(0, caret), exponent = text.substr(caret + 1);
    std::string sign;
    if (!base.empty() && (base[0] == '-' || base[0] == '+')) {
        if (base[0] == '-') sign = "-";
        base.remove_prefix(1);
    }
    std::string_view exponentDigits = exponent;
    if (!exponentDigits.empty() && (exponentDigits[0] == '-' || exponentDigits[0] == '+'))
        exponentDigits.remove_prefix(1);
    if (!allDigits(base) || !allDigits(exponentDigits)) {
        p.error = quoted(text) + " is not a power: write BASE^EXPONENT with whole numbers, e.g. 2^-11";
        return p;
    }
    if (base != "2" && base != "10") {
        p.error = "only powers of 2 and 10 can be written with '^' (got " + quoted(text) + ")";
        return p;
    }
    const std::string e(exponent);
    // The exact value: a clamped exponent is fine, the format's range is far smaller.
    std::int64_t e64 = 0;
    bool negativeExponent = exponent[0] == '-';
    for (char c : exponentDigits) e64 = std::min<std::int64_t>(e64 * 10 + (c - '0'), std::int64_t{1} << 50);
    if (negativeExponent) e64 = -e64;
    if (base == "2") {
        p.rewritten = sign + "0x1p" + e;
        p.exact = DecimalValue::fromBinary(!sign.empty(), 1, e64);
    } else {
        p.rewritten = sign + "1e" + e;
        p.exact = DecimalValue::powerOfTen(!sign.empty(), e64);
    }
    return p;
}

} // namespace

LiteralOrError readLiteral(std::string_view rawText, const Format& f, const Env& env) {
    LiteralOrError out;
    const std::string_view text = trim(rawText);
    if (text.empty()) {
        out.error = "empty number";
        return out;
    }
    Power power = readPower(text);
    if (!power.error.empty()) {
        out.error = power.error;
        return out;
    }
    const std::string parseText = power.rewritten.empty() ? std::string(text) : power.rewritten;
    const ParseOutcome parsed = parseValue(parseText, f, env);
    if (!parsed.ok()) {
        out.error = parsed.error.empty() ? quoted(text) + " is not a number" : parsed.error;
        out.nanProblem = parsed.nanProblem;
        return out;
    }
    Literal lit;
    lit.text = std::string(text);
    lit.stored = *parsed.value;
    lit.kind = parsed.kind;
    if (!power.rewritten.empty()) {
        lit.exact = power.exact;
    } else if (parsed.kind == InputKind::Decimal) {
        lit.exact = DecimalValue::fromDecimalText(text);
    } else if (parsed.kind == InputKind::HexFloat) {
        lit.exact = DecimalValue::fromHexFloatText(text);
    }
    out.literal = std::move(lit);
    return out;
}

std::optional<DecimalValue> exactValueOf(const Format& f, std::uint64_t bits) {
    const Unpacked u = unpack(f, bits);
    if (u.cls == FloatClass::Zero) return DecimalValue{};
    if (u.cls != FloatClass::Normal && u.cls != FloatClass::Subnormal) return std::nullopt;
    return DecimalValue::fromBinary(u.sign, u.significand, std::int64_t(u.exponent) - f.mantissaBits);
}

StoredError storedError(const Format& f, const Literal& literal) {
    StoredError e;
    if (literal.kind == InputKind::RawHex || literal.kind == InputKind::RawBinary) {
        e.why = "none: the input was the bits themselves";
        return e;
    }
    if (literal.kind == InputKind::Infinity || literal.kind == InputKind::NaN) {
        e.why = "none: the input is not a finite number";
        return e;
    }
    const FloatClass cls = classify(f, literal.stored.bits);
    if (!isFinite(cls)) {
        e.why = "not finite: the typed value is beyond the largest finite value of " + std::string(f.name());
        return e;
    }
    if (!literal.exact) {
        e.why = "not computed: the typed value could not be expanded exactly";
        return e;
    }
    const std::optional<DecimalValue> stored = exactValueOf(f, literal.stored.bits);
    if (!stored) {
        e.why = "not computed: the stored value could not be expanded exactly";
        return e;
    }
    e.available = true;
    e.absolute = *stored - *literal.exact;
    if (!literal.exact->isZero()) e.relative = ratio(e.absolute, *literal.exact);
    if (const std::optional<int> k = ulpExponent(f, literal.stored.bits)) e.ulps = ratioToPowerOfTwo(e.absolute, *k);
    return e;
}

} // namespace fplab
