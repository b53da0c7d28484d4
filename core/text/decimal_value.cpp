// Exact decimal arithmetic for the error report of `fplab-cli show` and `eval`.
#include "core/text/decimal_value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

namespace fplab {
namespace {

constexpr std::int64_t kExponentClamp = std::int64_t{1} << 50; // keeps exponent sums far from overflow
constexpr std::size_t kMaxAlignedDigits = 1'000'000;
constexpr std::uint32_t kLimbBase = 1'000'000'000;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

int hexDigitValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Reads [+-]digits into a saturated exponent; false if there are no digits or stray characters.
bool readExponent(std::string_view text, std::int64_t& out) {
    bool negative = false;
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    if (i == text.size()) return false;
    std::int64_t value = 0;
    for (; i < text.size(); ++i) {
        if (!isDigit(text[i])) return false;
        value = std::min<std::int64_t>(value * 10 + (text[i] - '0'), kExponentClamp);
    }
    out = negative ? -value : value;
    return true;
}

// A big unsigned integer in base 10^9, least significant limb first.
using Limbs = std::vector<std::uint32_t>;

void multiplySmall(Limbs& n, std::uint32_t factor, std::uint32_t addend = 0) {
    std::uint64_t carry = addend;
    for (std::uint32_t& limb : n) {
        const std::uint64_t v = std::uint64_t(limb) * factor + carry;
        limb = std::uint32_t(v % kLimbBase);
        carry = v / kLimbBase;
    }
    while (carry) {
        n.push_back(std::uint32_t(carry % kLimbBase));
        carry /= kLimbBase;
    }
}

std::string limbsToString(const Limbs& n) {
    std::string s;
    for (std::size_t i = n.size(); i-- > 0;) {
        char buf[16];
        const auto r = std::to_chars(buf, buf + sizeof buf, n[i]);
        const std::string part(buf, r.ptr);
        if (s.empty()) s = part == "0" ? "" : part;
        else s += std::string(9 - part.size(), '0') + part;
    }
    return s;
}

Limbs limbsFrom(std::uint64_t v) {
    Limbs n;
    while (v) {
        n.push_back(std::uint32_t(v % kLimbBase));
        v /= kLimbBase;
    }
    return n;
}

// n * 2^e (e >= 0) or n * 5^-e (e < 0), in place.
void scaleByPowerOfTwoOrFive(Limbs& n, std::int64_t e) {
    if (e >= 0) {
        for (; e >= 29; e -= 29) multiplySmall(n, std::uint32_t{1} << 29);
        if (e) multiplySmall(n, std::uint32_t{1} << e);
    } else {
        std::int64_t k = -e;
        for (; k >= 13; k -= 13) multiplySmall(n, 1220703125u); // 5^13
        std::uint32_t f = 1;
        for (; k > 0; --k) f *= 5;
        multiplySmall(n, f);
    }
}

// |a| - |b| for aligned digit strings of equal length with |a| >= |b|.
std::string subtractDigits(const std::string& a, const std::string& b) {
    std::string out(a.size(), '0');
    int borrow = 0;
    for (std::size_t i = a.size(); i-- > 0;) {
        int d = (a[i] - '0') - (b[i] - '0') - borrow;
        borrow = d < 0;
        if (d < 0) d += 10;
        out[i] = char('0' + d);
    }
    return out;
}

std::string addDigits(const std::string& a, const std::string& b) {
    std::string out(a.size() + 1, '0');
    int carry = 0;
    for (std::size_t i = a.size(); i-- > 0;) {
        const int d = (a[i] - '0') + (b[i] - '0') + carry;
        carry = d >= 10;
        out[i + 1] = char('0' + d % 10);
    }
    out[0] = char('0' + carry);
    return out;
}

} // namespace

void DecimalValue::normalize() {
    const std::size_t first = m_digits.find_first_not_of('0');
    if (first == std::string::npos) {
        m_digits.clear();
        m_exponent = 0;
        m_negative = false;
        return;
    }
    m_digits.erase(0, first);
    const std::size_t last = m_digits.find_last_not_of('0');
    m_exponent += std::int64_t(m_digits.size() - 1 - last);
    m_digits.resize(last + 1);
    m_exponent = std::clamp(m_exponent, -kExponentClamp, kExponentClamp);
}

std::optional<DecimalValue> DecimalValue::fromDecimalText(std::string_view text) {
    DecimalValue v;
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) v.m_negative = text[i++] == '-';
    bool anyDigit = false;
    std::int64_t fractionDigits = 0;
    bool inFraction = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (isDigit(c)) {
            anyDigit = true;
            if (!(v.m_digits.empty() && c == '0')) v.m_digits += c;
            if (inFraction) ++fractionDigits;
        } else if (c == '.' && !inFraction) {
            inFraction = true;
        } else {
            break;
        }
    }
    if (!anyDigit) return std::nullopt;
    std::int64_t exponent = 0;
    if (i < text.size()) {
        if (text[i] != 'e' && text[i] != 'E') return std::nullopt;
        if (!readExponent(text.substr(i + 1), exponent)) return std::nullopt;
    }
    v.m_exponent = exponent - fractionDigits;
    v.normalize();
    return v;
}

std::optional<DecimalValue> DecimalValue::fromHexFloatText(std::string_view text) {
    bool negative = false;
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    if (text.substr(i, 2) != "0x" && text.substr(i, 2) != "0X") return std::nullopt;
    i += 2;
    Limbs mantissa;
    bool anyDigit = false, inFraction = false;
    std::int64_t fractionDigits = 0;
    std::size_t significantDigits = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        const int d = hexDigitValue(c);
        if (d >= 0) {
            anyDigit = true;
            if (!mantissa.empty() || d != 0) {
                if (++significantDigits > 10000) return std::nullopt;
                multiplySmall(mantissa, 16, std::uint32_t(d));
            }
            if (inFraction) ++fractionDigits;
        } else if (c == '.' && !inFraction) {
            inFraction = true;
        } else {
            break;
        }
    }
    if (!anyDigit || i == text.size() || (text[i] != 'p' && text[i] != 'P')) return std::nullopt;
    std::int64_t exponent2 = 0;
    if (!readExponent(text.substr(i + 1), exponent2)) return std::nullopt;
    exponent2 -= 4 * fractionDigits;
    DecimalValue v;
    v.m_negative = negative;
    if (mantissa.empty()) return v;
    if (exponent2 > kMaxBinaryExponent || exponent2 < -kMaxBinaryExponent) return std::nullopt;
    scaleByPowerOfTwoOrFive(mantissa, exponent2);
    v.m_digits = limbsToString(mantissa);
    v.m_exponent = exponent2 < 0 ? exponent2 : 0;
    v.normalize();
    return v;
}

std::optional<DecimalValue> DecimalValue::fromBinary(bool negative, std::uint64_t significand, std::int64_t exponent2) {
    DecimalValue v;
    if (significand == 0) return v;
    if (exponent2 > kMaxBinaryExponent || exponent2 < -kMaxBinaryExponent) return std::nullopt;
    Limbs n = limbsFrom(significand);
    scaleByPowerOfTwoOrFive(n, exponent2);
    v.m_negative = negative;
    v.m_digits = limbsToString(n);
    v.m_exponent = exponent2 < 0 ? exponent2 : 0;
    v.normalize();
    return v;
}

DecimalValue DecimalValue::powerOfTen(bool negative, std::int64_t exponent10) {
    DecimalValue v;
    v.m_negative = negative;
    v.m_digits = "1";
    v.m_exponent = std::clamp(exponent10, -kExponentClamp, kExponentClamp);
    return v;
}

DecimalValue DecimalValue::negated() const {
    DecimalValue v = *this;
    if (!v.isZero()) v.m_negative = !v.m_negative;
    return v;
}

DecimalValue operator-(const DecimalValue& a, const DecimalValue& b) {
    if (b.isZero()) return a;
    if (a.isZero()) return b.negated();
    const std::int64_t low = std::min(a.m_exponent, b.m_exponent);
    const std::int64_t topA = a.m_exponent + std::int64_t(a.m_digits.size());
    const std::int64_t topB = b.m_exponent + std::int64_t(b.m_digits.size());
    const std::int64_t width = std::max(topA, topB) - low;
    if (width > std::int64_t(kMaxAlignedDigits)) {
        // So far apart that the smaller one cannot change the leading digits.
        DecimalValue v = topA >= topB ? a : b.negated();
        v.m_approximate = true;
        return v;
    }
    auto align = [&](const DecimalValue& x, std::int64_t top) {
        return std::string(std::size_t(std::max(topA, topB) - top), '0') + x.m_digits +
               std::string(std::size_t(x.m_exponent - low), '0');
    };
    const std::string da = align(a, topA), db = align(b, topB);
    DecimalValue r;
    r.m_exponent = low;
    r.m_approximate = a.m_approximate || b.m_approximate;
    if (a.m_negative != b.m_negative) {
        // a - b with opposite signs: the magnitudes add, the sign is a's.
        r.m_digits = addDigits(da, db);
        r.m_negative = a.m_negative;
    } else if (da >= db) {
        r.m_digits = subtractDigits(da, db);
        r.m_negative = a.m_negative;
    } else {
        r.m_digits = subtractDigits(db, da);
        r.m_negative = !a.m_negative;
    }
    r.normalize();
    return r;
}

std::string DecimalValue::scientific(std::size_t maxDigits, bool* rounded) const {
    if (rounded) *rounded = false;
    if (isZero()) return "0";
    std::string digits = m_digits;
    std::int64_t leadExponent = m_exponent + std::int64_t(digits.size()) - 1;
    if (maxDigits == 0) maxDigits = 1;
    if (digits.size() > maxDigits) {
        if (rounded) *rounded = true;
        const char first = digits[maxDigits];
        const bool restNonzero = digits.find_first_not_of('0', maxDigits + 1) != std::string::npos;
        bool up = first > '5' || (first == '5' && (restNonzero || (digits[maxDigits - 1] - '0') % 2 == 1));
        digits.resize(maxDigits);
        if (up) {
            std::size_t i = digits.size();
            while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
            if (i == 0) {
                digits.insert(digits.begin(), '1');
                digits.pop_back();
                ++leadExponent;
            } else {
                ++digits[i - 1];
            }
        }
        const std::size_t last = digits.find_last_not_of('0');
        digits.resize(last + 1);
    }
    std::string out = m_negative ? "-" : "";
    out += digits[0];
    if (digits.size() > 1) {
        out += '.';
        out.append(digits, 1, std::string::npos);
    }
    out += leadExponent < 0 ? "e-" : "e+";
    const std::string e = std::to_string(leadExponent < 0 ? -leadExponent : leadExponent);
    if (e.size() < 2) out += '0';
    out += e;
    return out;
}

std::string DecimalValue::text(std::size_t maxDigits, bool* rounded) const {
    const std::string sci = scientific(maxDigits, rounded);
    const std::size_t e = sci.find('e');
    if (e == std::string::npos) return sci; // "0"
    const std::int64_t leadExponent = std::stoll(sci.substr(e + 1));
    if (leadExponent < -4 || leadExponent >= 21) return sci;
    const bool negative = sci[0] == '-';
    std::string digits;
    for (std::size_t i = negative ? 1 : 0; i < e; ++i)
        if (sci[i] != '.') digits += sci[i];
    std::string out = negative ? "-" : "";
    if (leadExponent < 0) {
        out += "0." + std::string(std::size_t(-leadExponent - 1), '0') + digits;
    } else if (std::int64_t(digits.size()) <= leadExponent + 1) {
        out += digits + std::string(std::size_t(leadExponent + 1 - std::int64_t(digits.size())), '0');
    } else {
        out += digits.substr(0, std::size_t(leadExponent + 1)) + "." + digits.substr(std::size_t(leadExponent + 1));
    }
    return out;
}

DecimalValue::Approx DecimalValue::approx() const {
    Approx a;
    if (isZero()) return a;
    const std::string lead = m_digits.substr(0, 17);
    const std::string text = lead.substr(0, 1) + "." + lead.substr(1);
    std::from_chars(text.data(), text.data() + text.size(), a.mantissa);
    if (m_negative) a.mantissa = -a.mantissa;
    a.exponent10 = m_exponent + std::int64_t(m_digits.size()) - 1;
    return a;
}

double ratio(const DecimalValue& a, const DecimalValue& b) {
    if (a.isZero()) return 0;
    const auto x = a.approx(), y = b.approx();
    const std::int64_t e = x.exponent10 - y.exponent10;
    if (e > 400) return x.mantissa / y.mantissa > 0 ? HUGE_VAL : -HUGE_VAL;
    if (e < -400) return 0;
    return double(x.mantissa / y.mantissa * std::pow(10.0L, (long double)e));
}

double ratioToPowerOfTwo(const DecimalValue& a, std::int64_t exponent2) {
    if (a.isZero()) return 0;
    const auto x = a.approx();
    // x.m * 10^e10 / 2^e2 = x.m * 2^(e10 * log2(10) - e2)
    const long double log2Scale = (long double)x.exponent10 * 3.32192809488736234787031942948939L -
                                  (long double)exponent2;
    if (log2Scale > 2000) return x.mantissa > 0 ? HUGE_VAL : -HUGE_VAL;
    if (log2Scale < -2000) return 0;
    return double(x.mantissa * std::exp2l(log2Scale));
}

} // namespace fplab
