// parseValue: the syntax of numbers typed by a person (see docs/text-formats.md);
// the exact rounding itself is in exact_round.cpp.
#include "core/text/parse.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/detail/round_pack.h"
#include "core/detail/wide.h"
#include "core/text/exact_round.h"

#include <bit>
#include <cctype>
#include <string>

namespace fplab {
namespace {

using u64 = std::uint64_t;
using detail::u128;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }
int hexValue(char c) {
    if (isDigit(c)) return c - '0';
    c = lower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}
bool equalsNoCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

// The input as it may be shown in a message: control and non-ASCII bytes escaped, long input shortened.
std::string shown(std::string_view s) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (out.size() >= 40) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c >= 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += char(c);
        }
    }
    return out;
}

std::string describeChar(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) return "byte " + shown(std::string_view(&c, 1));
    return std::string("'") + c + "'";
}

// Builds outcomes; `text` is the trimmed input.
struct Builder {
    std::string_view text;
    InputKind kind = InputKind::Decimal;

    ParseOutcome fail(const std::string& reason) const {
        ParseOutcome out;
        out.kind = kind;
        std::string message(1, '\'');
        message += shown(text);
        message += "' is not a number: ";
        message += reason;
        out.error = std::move(message);
        return out;
    }
    ParseOutcome failPlain(std::string message) const {
        ParseOutcome out;
        out.kind = kind;
        out.error = std::move(message);
        return out;
    }
    ParseOutcome ok(Result r) const {
        ParseOutcome out;
        out.kind = kind;
        out.value = r;
        return out;
    }
    // 1-based position in the trimmed input, for messages.
    std::string at(std::size_t pos) const { return " at position " + std::to_string(pos + 1); }
    ParseOutcome unexpected(std::size_t pos, const char* after = nullptr) const {
        std::string msg = "unexpected " + describeChar(text[pos]);
        msg += after ? std::string(" ") + after : at(pos);
        return fail(msg);
    }
};

// A decimal exponent: digits with saturation (anything past 10^15 is already far out of range).
std::int64_t addDigitSaturating(std::int64_t v, char c) {
    constexpr std::int64_t kCap = 1'000'000'000'000'000;
    return v >= kCap ? kCap : v * 10 + (c - '0');
}

// Reads "[+-]digits" at pos for an exponent; returns false when there are no digits.
bool readExponent(std::string_view s, std::size_t& pos, std::int64_t& out) {
    bool negative = false;
    if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) negative = s[pos++] == '-';
    const std::size_t start = pos;
    std::int64_t v = 0;
    while (pos < s.size() && isDigit(s[pos])) v = addDigitSaturating(v, s[pos++]);
    out = negative ? -v : v;
    return pos > start;
}

Result nanResult(const Format& f, bool negative) {
    switch (f.specials) {
    case SpecialValues::Ieee:
        return {packFields(f, negative, u64(f.maxExponentField()), u64{1} << (f.mantissaBits - 1)), 0};
    case SpecialValues::FiniteWithNan: return {f.magnitudeMask() | (negative ? f.signMask() : 0), 0};
    case SpecialValues::Fnuz: return {f.signMask(), 0};
    case SpecialValues::FiniteOnly: break;
    }
    return {};
}

// "nan(0x201)" after the "nan(": the trailing significand field of an IEEE format's NaN, as nanText writes it.
ParseOutcome parseNanPayload(Builder& b, std::string_view inner, bool negative, const Format& f) {
    if (inner.back() != ')') return b.fail("a NaN payload ends with ')': nan(0x201)");
    inner.remove_suffix(1);
    if (inner.size() < 3 || inner[0] != '0' || lower(inner[1]) != 'x')
        return b.fail("a NaN payload is the significand field in hex: nan(0x201)");
    u64 field = 0;
    for (const char c : inner.substr(2)) {
        const int v = hexValue(c);
        if (v < 0) return b.fail("'" + shown(std::string_view(&c, 1)) + "' is not a hex digit of the NaN payload");
        if (field >> 60) return b.fail("the NaN payload is too wide");
        field = (field << 4) | u64(v);
    }
    const auto nanFail = [](ParseOutcome out, NanProblem problem) {
        out.nanProblem = problem;
        return out;
    };
    if (!f.hasNan())
        return nanFail(
            b.failPlain(std::string(f.name()) + " has no NaN encoding: every bit pattern is a finite number"),
            NanProblem::NoNan);
    if (f.specials != SpecialValues::Ieee)
        return nanFail(
            b.failPlain(std::string(f.name()) + " has one NaN encoding per sign and no payload: write nan or -nan"),
            NanProblem::NoPayload);
    if (field == 0) return nanFail(b.fail("a NaN payload of 0 is infinity's encoding"), NanProblem::PayloadIsInfinity);
    if (field > f.mantissaMask())
        return nanFail(b.failPlain(shown(b.text) + ": the payload does not fit in " + std::string(f.name()) + "'s " +
                                   std::to_string(f.mantissaBits) + " significand bits"),
                       NanProblem::PayloadTooWide);
    return b.ok({packFields(f, negative && f.hasSign, u64(f.maxExponentField()), field), 0});
}

ParseOutcome parseDecimal(Builder& b, std::size_t pos, bool negative, const Format& f, const Env& env) {
    const std::string_view s = b.text;
    std::string digits;
    std::int64_t pointPos = -1;
    for (; pos < s.size(); ++pos) {
        const char c = s[pos];
        if (isDigit(c)) {
            digits.push_back(c);
        } else if (c == '.') {
            if (pointPos >= 0) return b.fail("a second '.'" + b.at(pos));
            pointPos = std::int64_t(digits.size());
        } else {
            break;
        }
    }
    if (digits.empty()) {
        if (pos < s.size() && lower(s[pos]) == 'e') return b.fail("no digits before the exponent");
        if (pos < s.size()) return b.unexpected(pos);
        return b.fail("no digits");
    }
    if (pointPos < 0) pointPos = std::int64_t(digits.size());
    std::int64_t exp10 = 0;
    if (pos < s.size() && lower(s[pos]) == 'e') {
        ++pos;
        if (!readExponent(s, pos, exp10)) {
            if (pos < s.size()) return b.fail("the exponent has no digits (unexpected " + describeChar(s[pos]) + ")");
            return b.fail("the exponent has no digits");
        }
        if (pos < s.size()) {
            if (s[pos] == '.') return b.fail("a '.' in the exponent" + b.at(pos));
            return b.unexpected(pos, "after the exponent");
        }
    } else if (pos < s.size()) {
        return b.unexpected(pos, ("after the number" + b.at(pos)).c_str());
    }

    const std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) return b.ok(detail::zeroResult(f, negative));
    const std::size_t last = digits.find_last_not_of('0');
    // The last significant digit has weight 10^(pointPos - 1 - last + exp10).
    const std::int64_t lastExp = exp10 + pointPos - 1 - std::int64_t(last);
    const std::string_view significant = std::string_view(digits).substr(first, last - first + 1);
    return b.ok(text::roundDecimal(f, negative, significant, lastExp, env));
}

ParseOutcome parseHexFloat(Builder& b, std::size_t pos, bool negative, const Format& f, const Env& env) {
    const std::string_view s = b.text;
    u128 acc = 0;
    int accDigits = 0;
    bool sticky = false, anyDigit = false, point = false;
    std::int64_t fracDigits = 0, dropped = 0;
    for (; pos < s.size(); ++pos) {
        const char c = s[pos];
        const int v = hexValue(c);
        if (v >= 0) {
            anyDigit = true;
            if (point) ++fracDigits;
            if (acc == 0 && v == 0) continue; // leading zeros
            if (accDigits < 32) {
                acc = (acc << 4) | u128(unsigned(v));
                ++accDigits;
            } else {
                sticky |= v != 0;
                ++dropped;
            }
        } else if (c == '.') {
            if (point) return b.fail("a second '.'" + b.at(pos));
            point = true;
        } else {
            break;
        }
    }
    if (!anyDigit) return b.fail("no hex digits before the 'p' exponent");
    if (pos >= s.size()) return b.fail("a hex-float needs a 'p' exponent, as in 0x1.8p+0");
    if (lower(s[pos]) != 'p') {
        if (s[pos] == '_') return b.fail("'_' is allowed in raw bits only, not in a hex-float");
        return b.fail(describeChar(s[pos]) + " is not a hex digit" + b.at(pos));
    }
    ++pos;
    std::int64_t pexp = 0;
    if (!readExponent(s, pos, pexp)) {
        if (pos < s.size()) return b.fail("the exponent has no digits (unexpected " + describeChar(s[pos]) + ")");
        return b.fail("the exponent has no digits");
    }
    if (pos < s.size()) return b.unexpected(pos, "after the exponent");
    if (acc == 0) return b.ok(detail::zeroResult(f, negative));

    // value = acc * 2^(pexp - 4 * fracDigits + 4 * dropped)
    const int lz = acc >> 64 ? std::countl_zero(u64(acc >> 64)) : 64 + std::countl_zero(u64(acc));
    const u128 top = acc << lz;
    const u64 sig = u64(top >> 64) | u64(u64(top) != 0 || sticky);
    const std::int64_t exp = pexp - 4 * fracDigits + 4 * dropped + (127 - lz);
    return b.ok(text::roundBinary(f, negative, exp, sig, env));
}

// Raw bits in base 2^bitsPerDigit (hex: 4, binary: 1), underscores allowed between digits.
ParseOutcome parseRawBits(Builder& b, std::size_t pos, int bitsPerDigit, const Format& f) {
    const std::string_view s = b.text;
    const char* name = bitsPerDigit == 4 ? "hex" : "binary";
    u64 value = 0;
    int width = 0; // significant bits so far
    bool anyDigit = false;
    for (; pos < s.size(); ++pos) {
        const char c = s[pos];
        if (c == '_') continue;
        const int v = bitsPerDigit == 4 ? hexValue(c) : (c == '0' || c == '1' ? c - '0' : -1);
        if (v < 0) return b.fail(describeChar(c) + " is not a " + name + " digit" + b.at(pos));
        anyDigit = true;
        if (width == 0) {
            width = std::bit_width(unsigned(v));
        } else {
            width += bitsPerDigit;
        }
        if (width <= 64) value = (bitsPerDigit == 4 ? value << 4 : value << 1) | u64(v);
    }
    if (!anyDigit) return b.fail(std::string("no ") + name + " digits after the 0" + (bitsPerDigit == 4 ? "x" : "b"));
    if (width > f.totalBits())
        return b.failPlain(shown(b.text) + " is " + std::to_string(width) + " bits wide but " + std::string(f.name()) +
                           " has " + std::to_string(f.totalBits()));
    return b.ok({value, 0});
}

} // namespace

ParseOutcome parseValue(std::string_view text, const Format& f, const Env& env) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    Builder b{text};
    if (text.empty()) {
        ParseOutcome out;
        out.error = "empty input: expected a number such as 0.1, -2.5e-3, inf, nan, 0x1.8p-3, 0x3c00 or "
                    "0b0_01111_0000000000";
        return out;
    }
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c >= 0x7f)
            return b.fail("it contains a " +
                          std::string(c == 0     ? "NUL "
                                      : c < 0x20 ? "control "
                                                 : "non-ASCII ") +
                          describeChar(text[i]) + b.at(i));
    }

    std::size_t pos = 0;
    bool negative = false;
    const bool signed_ = text[0] == '+' || text[0] == '-';
    if (signed_) negative = text[pos++] == '-';
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) return b.fail("two signs");
    if (pos >= text.size()) return b.fail("a sign with no number after it");

    const std::string_view rest = text.substr(pos);
    if (std::isalpha(static_cast<unsigned char>(rest[0])) && lower(rest[0]) != 'e') {
        if (equalsNoCase(rest, "inf") || equalsNoCase(rest, "infinity")) {
            b.kind = InputKind::Infinity;
            // Exactly what converting an infinity does: the format's policy for infinities it cannot encode.
            return b.ok(convert(kFp64, infinityBits(kFp64, negative), f, env));
        }
        if (equalsNoCase(rest, "nan")) {
            b.kind = InputKind::NaN;
            if (!f.hasNan()) {
                ParseOutcome out = b.failPlain(std::string(f.name()) +
                                               " has no NaN encoding: every bit pattern is a finite number");
                out.nanProblem = NanProblem::NoNan;
                return out;
            }
            return b.ok(nanResult(f, negative));
        }
        if (rest.size() > 4 && equalsNoCase(rest.substr(0, 4), "nan(")) {
            b.kind = InputKind::NaN;
            return parseNanPayload(b, rest.substr(4), negative, f);
        }
        std::size_t end = 0;
        while (end < rest.size() && std::isalnum(static_cast<unsigned char>(rest[end]))) ++end;
        const std::string_view word = rest.substr(0, end);
        if (end < rest.size() &&
            (equalsNoCase(word, "inf") || equalsNoCase(word, "infinity") || equalsNoCase(word, "nan")))
            return b.unexpected(pos + end, ("after '" + std::string(word) + "'" + b.at(pos + end)).c_str());
        return b.fail("unknown word '" + shown(rest.substr(0, end)) + "' (expected a number, inf, infinity or nan)");
    }

    if (rest.size() >= 2 && rest[0] == '0' && (lower(rest[1]) == 'x' || lower(rest[1]) == 'b')) {
        const bool hex = lower(rest[1]) == 'x';
        const std::size_t body = pos + 2;
        if (hex && text.find_first_of(".pP", body) != std::string_view::npos) {
            b.kind = InputKind::HexFloat;
            return parseHexFloat(b, body, negative, f, env);
        }
        b.kind = hex ? InputKind::RawHex : InputKind::RawBinary;
        if (signed_)
            return b.fail("raw bits take no sign (set the sign bit instead, or write a hex-float with a 'p' exponent)");
        return parseRawBits(b, body, hex ? 4 : 1, f);
    }
    return parseDecimal(b, pos, negative, f, env);
}

} // namespace fplab
