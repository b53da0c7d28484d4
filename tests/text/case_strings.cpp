// Hard decimal inputs, built exactly with GMP from the test's own decoding of the format.
#include "case_strings.h"

#include "decimal_oracle.h"

#include <algorithm>

namespace fplab::texttest {

// digits * 10^exp10, digits a decimal integer without leading zeros.
struct CaseStrings::Exact {
    bool negative = false;
    std::string digits;
    long exp10 = 0;
};

namespace {

// z * 2^e exactly as digits * 10^exp10.
std::string decimalOf(mpz_t z, long e, long& exp10) {
    Mpz d;
    if (e >= 0) {
        mpz_mul_2exp(d.v, z, mp_bitcnt_t(e));
        exp10 = 0;
    } else {
        mpz_ui_pow_ui(d.v, 5, (unsigned long)(-e));
        mpz_mul(d.v, d.v, z);
        exp10 = e;
    }
    return d.str();
}

} // namespace

CaseStrings::CaseStrings(const Format& f, std::uint64_t seed) : m_format(f), m_rng(seed) {}

std::uint64_t CaseStrings::randomMagnitude() {
    const Format& f = m_format;
    const std::uint64_t largest = largestFiniteMagnitude(f);
    const std::uint64_t minNormal = f.hasZero ? std::uint64_t{1} << f.mantissaBits : 0;
    switch (between(0, 9)) {
    case 0: return largest - std::uint64_t(between(0, 2)) * (largest > 2);
    case 1: return std::min<std::uint64_t>(largest, std::uint64_t(between(0, 3)));
    case 2:
        return std::min<std::uint64_t>(largest, minNormal + std::uint64_t(between(0, 2)) - (minNormal > 0 && coin(50)));
    case 3: {
        // Around 1.0, where people type.
        const std::uint64_t one = std::uint64_t(f.bias) << f.mantissaBits;
        const std::uint64_t v = one + std::uint64_t(between(0, 64)) - std::min<std::uint64_t>(one, 32);
        return std::min(v, largest);
    }
    default: return std::uniform_int_distribution<std::uint64_t>(0, largest)(m_rng);
    }
}

CaseStrings::Exact CaseStrings::randomValue() {
    Exact out;
    const Decoded d = decode(m_format, randomMagnitude());
    Mpz z;
    mpz_set_ui(z.v, d.kind == Decoded::Kind::Finite ? d.significand : 0);
    out.digits = decimalOf(z.v, d.kind == Decoded::Kind::Finite ? d.exponent : 0, out.exp10);
    out.negative = negative();
    return out;
}

CaseStrings::Exact CaseStrings::halfwayAbove(std::uint64_t magnitudeBits) {
    // The value of magnitudeBits and of the next step above it (with an unbounded exponent
    // above the largest finite value); zero's neighbour is the smallest positive value.
    const Format& f = m_format;
    const Decoded lo = decode(f, magnitudeBits);
    Decoded hi = decode(f, magnitudeBits + 1);
    if (magnitudeBits >= largestFiniteMagnitude(f) || hi.kind != Decoded::Kind::Finite) {
        hi = lo;
        hi.significand = lo.significand + 1; // one more step of the same size
    }
    Mpz a, b;
    long ea = 0, eb = 0;
    magnitudeOf(lo, a.v, ea);
    magnitudeOf(hi, b.v, eb);
    if (lo.kind == Decoded::Kind::Zero) ea = eb;
    const long e = std::min(ea, eb);
    mpz_mul_2exp(a.v, a.v, mp_bitcnt_t(ea - e));
    mpz_mul_2exp(b.v, b.v, mp_bitcnt_t(eb - e));
    mpz_add(a.v, a.v, b.v); // (lo + hi) * 2^e = 2 * halfway
    Exact out;
    out.digits = decimalOf(a.v, e - 1, out.exp10);
    out.negative = negative();
    return out;
}

CaseStrings::Exact CaseStrings::randomHalfway() { return halfwayAbove(randomMagnitude()); }

std::string CaseStrings::halfway(std::uint64_t magnitudeBits) {
    const Exact e = halfwayAbove(magnitudeBits);
    return e.digits + "e" + std::to_string(e.exp10);
}

// The value moved by a unit of its `at`-th digit after the last one, up or down.
std::string CaseStrings::nudged(const Exact& e, long at) {
    if (e.digits == "0") return render(e.negative, "1", e.exp10 - at);
    if (coin(50)) return render(e.negative, e.digits + std::string(std::size_t(at - 1), '0') + "1", e.exp10 - at);
    Mpz d;
    mpz_set_str(d.v, e.digits.c_str(), 10);
    Mpz scale;
    mpz_ui_pow_ui(scale.v, 10, (unsigned long)at);
    mpz_mul(d.v, d.v, scale.v);
    mpz_sub_ui(d.v, d.v, 1);
    return render(e.negative, d.str(), e.exp10 - at);
}

// One number, spelled one of several ways.
std::string CaseStrings::render(bool negative, std::string digits, long exp10) {
    std::string sign = negative ? "-" : (coin(10) ? "+" : "");
    const char e = coin(20) ? 'E' : 'e';
    if (coin(10)) digits = std::string(std::size_t(between(1, 3)), '0') + digits; // leading zeros
    if (coin(10)) {
        const long zeros = between(1, 4);
        digits += std::string(std::size_t(zeros), '0');
        exp10 -= zeros;
    }
    const long n = long(digits.size());
    switch (between(0, 3)) {
    case 0: return sign + digits + e + std::to_string(exp10);
    case 1: {
        // The point somewhere inside the digits (or at either end).
        const long point = between(0, n);
        std::string body = digits.substr(0, std::size_t(point)) + "." + digits.substr(std::size_t(point));
        if (body == ".") body = "0.";
        const long exp = exp10 + (n - point);
        return sign + body + (exp != 0 || coin(30) ? std::string(1, e) + std::to_string(exp) : "");
    }
    default: {
        // Plain notation when the exponent is moderate.
        if (exp10 >= 0 && exp10 < 40) return sign + digits + std::string(std::size_t(exp10), '0');
        if (exp10 < 0 && exp10 > -60) {
            const long frac = -exp10;
            if (frac >= n) return sign + "0." + std::string(std::size_t(frac - n), '0') + digits;
            return sign + digits.substr(0, std::size_t(n - frac)) + "." + digits.substr(std::size_t(n - frac));
        }
        return sign + digits + e + std::to_string(exp10);
    }
    }
}

std::string CaseStrings::next() {
    const int pick = int(between(0, 99));
    if (pick < 18) {
        const Exact v = randomValue();
        return render(v.negative, v.digits, v.exp10);
    }
    if (pick < 40) {
        const Exact h = randomHalfway();
        return render(h.negative, h.digits, h.exp10);
    }
    if (pick < 70) return nudged(randomHalfway(), coin(85) ? between(1, 25) : between(26, 300));
    if (pick < 78) return nudged(randomValue(), between(1, 30));
    if (pick < 95) {
        // Random digits anywhere in (and a little beyond) the format's range.
        const Format& f = m_format;
        const long top = long(largestFiniteMagnitude(f) >> f.mantissaBits) - f.bias + 2;
        const long bottom = (f.hasZero ? 1 : 0) - f.bias - f.mantissaBits - 3;
        const long lo10 = long(double(bottom) * 0.30103) - 2, hi10 = long(double(top) * 0.30103) + 1;
        const long n = coin(70) ? between(1, 20) : between(21, 60);
        std::string digits(std::size_t(n), '0');
        for (char& c : digits) c = char('0' + between(0, 9));
        digits[0] = char('1' + between(0, 8));
        return render(negative(), digits, between(lo10, hi10) - (n - 1));
    }
    // Zero, spelled in various ways, and far-out exponents.
    switch (between(0, 5)) {
    case 0: return render(negative(), "0", between(-5, 5));
    case 1: return render(negative(), "0", between(-400000, 400000));
    case 2: return render(negative(), std::to_string(between(1, 99)), between(-300000, -60000));
    case 3: return render(negative(), std::to_string(between(1, 99)), between(60000, 300000));
    default: return render(negative(), "0000", between(-3, 3));
    }
}

std::string CaseStrings::nextHexFloat() {
    const Format& f = m_format;
    const std::string sign = negative() ? "-" : (coin(10) ? "+" : "");
    const std::string x = coin(50) ? "0x" : "0X";
    if (coin(40)) {
        // Random hex digits with the point anywhere, exponent across the range.
        const long n = coin(80) ? between(1, 20) : between(21, 60);
        std::string digits(std::size_t(n), '0');
        for (char& c : digits) c = "0123456789abcdefABCDEF"[between(0, 21)];
        const long point = between(0, n);
        std::string body = digits.substr(0, std::size_t(point)) + "." + digits.substr(std::size_t(point));
        if (point == n && coin(50)) body.pop_back();
        const long top = long(largestFiniteMagnitude(f) >> f.mantissaBits) - f.bias + 3;
        const long bottom = (f.hasZero ? 1 : 0) - f.bias - f.mantissaBits - 4;
        return sign + x + body + (coin(50) ? "p" : "P") + std::to_string(between(bottom, top) - 4 * (n - point));
    }
    // value * 2^e from the test's decoding: a halfway point is (lo + hi) / 2, in binary exactly.
    const std::uint64_t m = randomMagnitude();
    const Decoded lo = decode(f, m);
    Mpz z;
    long e = 0;
    magnitudeOf(lo, z.v, e);
    if (coin(70)) {
        const Decoded hi = decode(f, m + 1);
        Mpz b;
        long eb = e;
        if (hi.kind == Decoded::Kind::Finite && m < largestFiniteMagnitude(f)) magnitudeOf(hi, b.v, eb);
        else mpz_add_ui(b.v, z.v, 1);
        if (lo.kind == Decoded::Kind::Zero) e = eb;
        const long common = std::min(e, eb);
        mpz_mul_2exp(z.v, z.v, mp_bitcnt_t(e - common));
        mpz_mul_2exp(b.v, b.v, mp_bitcnt_t(eb - common));
        mpz_add(z.v, z.v, b.v);
        e = common - 1;
    }
    std::string digits(mpz_sizeinbase(z.v, 16) + 2, '\0');
    mpz_get_str(digits.data(), 16, z.v);
    digits.resize(std::char_traits<char>::length(digits.c_str()));
    if (coin(60)) {
        // Nudge by one unit of a hex digit far below: up, or down (borrowing through the digits).
        const long at = between(1, 30);
        if (coin(50) || mpz_sgn(z.v) == 0) {
            digits += std::string(std::size_t(at - 1), '0') + "1";
        } else {
            mpz_mul_2exp(z.v, z.v, mp_bitcnt_t(4 * at));
            mpz_sub_ui(z.v, z.v, 1);
            digits.assign(mpz_sizeinbase(z.v, 16) + 2, '\0');
            mpz_get_str(digits.data(), 16, z.v);
            digits.resize(std::char_traits<char>::length(digits.c_str()));
        }
        e -= 4 * at;
    }
    return sign + x + digits + "p" + std::to_string(e);
}

std::string CaseStrings::longString(int digits) {
    const Exact base = coin(80) ? randomHalfway() : randomValue();
    const long at = std::max<long>(1, long(digits) - long(base.digits.size()));
    if (coin(15)) {
        // The exact halfway point padded with zeros: still a tie.
        return render(base.negative, base.digits + std::string(std::size_t(at), '0'), base.exp10 - at);
    }
    return nudged(base, at);
}

} // namespace fplab::texttest
