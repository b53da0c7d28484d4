// shortestDecimal, checked with MPFR reading decimals back (nearest-even): the printed decimal
// reads back to the same bits without overflow; no decimal with fewer significant digits does
// (the nearest one on each side, at every scale, is tried); no other decimal of the same length
// at the printed scale is nearer to the value and reads back; and the layout follows the rule.
// Exhaustive for the formats of 16 bits or fewer, sampled for the rest.
#include "decimal_oracle.h"
#include "text_test_util.h"

#include "core/text/print.h"

#include <gtest/gtest.h>

#include <random>

namespace fplab::texttest {
namespace {

constexpr std::uint8_t kOverflowFlag = 4;

struct Printed {
    bool negative = false;
    std::string digits; // significant digits, no leading or trailing zeros
    long exponent = 0;  // power of ten of the leading digit
    bool scientific = false;
};

Printed read(const std::string& s) {
    Printed p;
    std::size_t i = 0;
    if (s[i] == '-') {
        p.negative = true;
        ++i;
    }
    long pointAt = -1, count = 0;
    for (; i < s.size() && s[i] != 'e'; ++i) {
        if (s[i] == '.') {
            pointAt = count;
            continue;
        }
        p.digits += s[i];
        ++count;
    }
    if (pointAt < 0) pointAt = count;
    p.scientific = i < s.size();
    const long exp = p.scientific ? std::stol(s.substr(i + 1)) : 0;
    const std::size_t first = p.digits.find_first_not_of('0');
    p.exponent = exp + pointAt - 1 - long(first);
    p.digits = p.digits.substr(first);
    p.digits.erase(p.digits.find_last_not_of('0') + 1);
    return p;
}

std::string withoutTrailingZeros(std::string s) {
    s.erase(s.find_last_not_of('0') + 1);
    return s;
}

struct Mpq {
    mpq_t v;
    Mpq() { mpq_init(v); }
    ~Mpq() { mpq_clear(v); }
    Mpq(const Mpq&) = delete;
    Mpq& operator=(const Mpq&) = delete;
};

// |value| of a finite encoding, and digits * 10^k, as exact rationals.
void exactValue(const Decoded& d, mpq_t out) {
    mpq_set_ui(out, d.significand, 1);
    if (d.exponent >= 0) mpq_mul_2exp(out, out, mp_bitcnt_t(d.exponent));
    else mpq_div_2exp(out, out, mp_bitcnt_t(-d.exponent));
}
void decimalValue(const std::string& digits, long k, mpq_t out) {
    Mpz c, p10;
    mpz_set_str(c.v, digits.c_str(), 10);
    mpz_ui_pow_ui(p10.v, 10, (unsigned long)(k < 0 ? -k : k));
    if (k >= 0) {
        mpz_mul(c.v, c.v, p10.v);
        mpq_set_z(out, c.v);
    } else {
        mpq_set_num(out, c.v);
        mpq_set_den(out, p10.v);
        mpq_canonicalize(out);
    }
}

class Checker {
public:
    explicit Checker(const Format& f) : m_f(f) {}

    bool readsBack(const std::string& s, std::uint64_t bits) const {
        const Expected e = referenceParse(m_f, s, Mode::Rne);
        return e.bits == bits && !(e.flags & kOverflowFlag);
    }

    // Returns an explanation of what is wrong, or "".
    std::string check(std::uint64_t bits) const {
        const Decoded d = decode(m_f, bits);
        const std::string s = shortestDecimal(m_f, bits);
        if (d.kind == Decoded::Kind::NaN) return s == "nan" ? "" : "NaN printed as " + s;
        if (d.kind == Decoded::Kind::Infinity) return s == (d.negative ? "-inf" : "inf") ? "" : "inf printed as " + s;
        if (d.kind == Decoded::Kind::Zero) return s == (d.negative ? "-0" : "0") ? "" : "zero printed as " + s;
        if (!readsBack(s, bits)) return "'" + s + "' does not read back";
        const Printed p = read(s);
        if (p.negative != d.negative) return "'" + s + "' has the wrong sign";
        if (p.scientific != (p.exponent < -4 || p.exponent >= 16)) return "'" + s + "' breaks the layout rule";
        const long n = long(p.digits.size());
        const std::string sign = d.negative ? "-" : "";

        // |v| / 10^k = num / den, exactly.
        Mpz num, den, q, r;
        auto scaleTo = [&](long k) {
            mpz_set_ui(num.v, d.significand);
            mpz_set_ui(den.v, 1);
            if (d.exponent >= 0) mpz_mul_2exp(num.v, num.v, mp_bitcnt_t(d.exponent));
            else mpz_mul_2exp(den.v, den.v, mp_bitcnt_t(-d.exponent));
            Mpz p10;
            mpz_ui_pow_ui(p10.v, 10, (unsigned long)(k < 0 ? -k : k));
            if (k >= 0) mpz_mul(den.v, den.v, p10.v);
            else mpz_mul(num.v, num.v, p10.v);
        };
        // Fewer digits: at each scale, the nearest multiple below and above |v|.
        for (long k = p.exponent - n + 2; k <= p.exponent + 2; ++k) {
            scaleTo(k);
            mpz_fdiv_qr(q.v, r.v, num.v, den.v);
            for (int up = 0; up < 2; ++up) {
                Mpz c;
                mpz_add_ui(c.v, q.v, unsigned(up && mpz_sgn(r.v) != 0));
                if (mpz_sgn(c.v) == 0) continue;
                const std::string cs = c.str();
                if (long(withoutTrailingZeros(cs).size()) >= n) continue;
                const std::string candidate = sign + cs + "e" + std::to_string(k);
                if (readsBack(candidate, bits)) return "'" + candidate + "' is shorter than '" + s + "' and reads back";
            }
        }
        // Same length: at the printed scale and two on either side, the nearest n-digit decimals
        // below and above the value must not be nearer than the printed one and read back.
        Mpq value, printed, distance;
        exactValue(d, value.v);
        decimalValue(p.digits, p.exponent - n + 1, printed.v);
        mpq_sub(distance.v, printed.v, value.v);
        mpq_abs(distance.v, distance.v);
        Mpz lowest, highest;
        mpz_ui_pow_ui(lowest.v, 10, (unsigned long)(n - 1));
        mpz_ui_pow_ui(highest.v, 10, (unsigned long)n);
        mpz_sub_ui(highest.v, highest.v, 1);
        for (long k = p.exponent - n - 1; k <= p.exponent - n + 3; ++k) {
            scaleTo(k);
            mpz_fdiv_q(q.v, num.v, den.v);
            for (int up = 0; up < 2; ++up) {
                Mpz c;
                mpz_add_ui(c.v, q.v, unsigned(up));
                if (mpz_cmp(c.v, lowest.v) < 0) mpz_set(c.v, lowest.v);
                if (mpz_cmp(c.v, highest.v) > 0) mpz_set(c.v, highest.v);
                const std::string cs = c.str();
                if (long(withoutTrailingZeros(cs).size()) != n) continue;
                Mpq candidate, dist;
                decimalValue(cs, k, candidate.v);
                mpq_sub(dist.v, candidate.v, value.v);
                mpq_abs(dist.v, dist.v);
                const std::string text = sign + cs + "e" + std::to_string(k);
                if (mpq_cmp(dist.v, distance.v) < 0 && readsBack(text, bits))
                    return "'" + text + "' is as short as '" + s + "', nearer, and reads back";
            }
        }
        return "";
    }

private:
    Format m_f;
};

void checkAll(const Format& f, const std::vector<std::uint64_t>& encodings) {
    const Checker checker(f);
    int failures = 0;
    for (const std::uint64_t b : encodings) {
        const std::string problem = checker.check(b);
        if (!problem.empty() && ++failures <= 6) ADD_FAILURE() << f.name() << " " << hexBits(f, b) << ": " << problem;
    }
    EXPECT_EQ(failures, 0) << f.name() << ": " << failures << " of " << encodings.size() << " encodings";
}

TEST(ShortestDecimal, ExhaustiveForFormatsUpTo16Bits) {
    for (const Format& f : sweepFormats()) {
        if (f.totalBits() > 16) continue;
        std::vector<std::uint64_t> all;
        for (std::uint64_t b = 0; b <= f.bitMask(); ++b) all.push_back(b);
        checkAll(f, all);
    }
}

TEST(ShortestDecimal, SampledForWiderFormats) {
    std::mt19937_64 rng(31);
    for (const Format& f : sweepFormats()) {
        if (f.totalBits() <= 16) continue;
        std::vector<std::uint64_t> sample;
        const std::uint64_t largest = largestFiniteMagnitude(f);
        for (std::uint64_t b :
             {std::uint64_t{1}, std::uint64_t{2}, largest, largest - 1, std::uint64_t{1} << f.mantissaBits,
              (std::uint64_t{1} << f.mantissaBits) - 1, (std::uint64_t{1} << f.mantissaBits) + 1})
            sample.push_back(b);
        const int n = f.exponentBits >= 12 ? 60 : f.mantissaBits >= 40 ? 1500 : 4000;
        for (int i = 0; i < n; ++i) {
            std::uint64_t b = rng() & f.bitMask();
            if (i % 8 == 0) b &= f.mantissaMask() | f.signMask(); // subnormals
            sample.push_back(b);
        }
        checkAll(f, sample);
    }
}

} // namespace
} // namespace fplab::texttest
