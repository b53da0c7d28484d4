// BigUint against GMP: every operation on random operands of mixed sizes.
#include "decimal_oracle.h"

#include "core/text/big_int.h"

#include <gtest/gtest.h>

#include <random>

namespace fplab::texttest {
namespace {

using text::BigUint;

std::string randomDigits(std::mt19937_64& rng) {
    const int len = int(rng() % 4 == 0 ? rng() % 400 + 1 : rng() % 30 + 1);
    std::string s(std::size_t(len), '0');
    for (char& c : s) c = char('0' + rng() % 10);
    if (rng() % 8 == 0) s[0] = '0'; // leading zeros are allowed
    return s;
}

std::string gmpDecimal(const mpz_t z) {
    Mpz copy;
    mpz_set(copy.v, z);
    return copy.str();
}

TEST(BigUint, MatchesGmp) {
    std::mt19937_64 rng(9);
    for (int i = 0; i < 3000; ++i) {
        const std::string sa = randomDigits(rng), sb = randomDigits(rng);
        Mpz a, b, r, q;
        mpz_set_str(a.v, sa.c_str(), 10);
        mpz_set_str(b.v, sb.c_str(), 10);
        const BigUint x = BigUint::fromDecimal(sa), y = BigUint::fromDecimal(sb);
        ASSERT_EQ(x.toDecimal(), gmpDecimal(a.v)) << sa;
        EXPECT_EQ(x.bitLength(), mpz_sgn(a.v) ? int(mpz_sizeinbase(a.v, 2)) : 0) << sa;
        EXPECT_EQ(x.isZero(), mpz_sgn(a.v) == 0);
        EXPECT_EQ(x.low64(), std::uint64_t(mpz_get_ui(a.v))) << sa; // unsigned long is 64 bits here
        const int cmp = mpz_cmp(a.v, b.v);
        EXPECT_EQ((x <=> y) < 0, cmp < 0) << sa << " " << sb;
        EXPECT_EQ(x == y, cmp == 0);

        mpz_mul(r.v, a.v, b.v);
        EXPECT_EQ((x * y).toDecimal(), gmpDecimal(r.v)) << sa << " * " << sb;
        mpz_add(r.v, a.v, b.v);
        EXPECT_EQ((x + y).toDecimal(), gmpDecimal(r.v)) << sa << " + " << sb;
        if (cmp >= 0) {
            mpz_sub(r.v, a.v, b.v);
            EXPECT_EQ((x - y).toDecimal(), gmpDecimal(r.v)) << sa << " - " << sb;
        }
        const int shift = int(rng() % 200);
        mpz_mul_2exp(r.v, a.v, mp_bitcnt_t(shift));
        EXPECT_EQ((x << shift).toDecimal(), gmpDecimal(r.v)) << sa << " << " << shift;
        BigUint down = x;
        down >>= shift;
        mpz_tdiv_q_2exp(r.v, a.v, mp_bitcnt_t(shift));
        EXPECT_EQ(down.toDecimal(), gmpDecimal(r.v)) << sa << " >> " << shift;
        EXPECT_EQ(x.anyBitBelow(shift), mpz_sgn(a.v) != 0 && mpz_scan1(a.v, 0) < mp_bitcnt_t(shift))
            << sa << " " << shift;

        if (mpz_sgn(b.v) != 0) {
            mpz_tdiv_qr(q.v, r.v, a.v, b.v);
            const BigUint::DivMod dm = BigUint::divMod(x, y);
            EXPECT_EQ(dm.quotient.toDecimal(), gmpDecimal(q.v)) << sa << " / " << sb;
            EXPECT_EQ(dm.remainder.toDecimal(), gmpDecimal(r.v)) << sa << " % " << sb;
        }
        const std::uint32_t small = std::uint32_t(rng() % 0xffffffffu) + 1;
        BigUint xs = x;
        const std::uint32_t rem = xs.divSmall(small);
        EXPECT_EQ(rem, std::uint32_t(mpz_tdiv_q_ui(q.v, a.v, small))) << sa << " % " << small;
        EXPECT_EQ(xs.toDecimal(), gmpDecimal(q.v)) << sa << " / " << small;
        BigUint xm = x;
        xm.mulSmall(small, std::uint32_t(i));
        mpz_mul_ui(r.v, a.v, small);
        mpz_add_ui(r.v, r.v, unsigned(i));
        EXPECT_EQ(xm.toDecimal(), gmpDecimal(r.v)) << sa << " * " << small << " + " << i;
    }
    for (int n : {0, 1, 12, 13, 14, 26, 27, 100, 1074, 5000}) {
        Mpz p;
        mpz_ui_pow_ui(p.v, 5, unsigned(n));
        EXPECT_EQ(BigUint::pow5(n).toDecimal(), gmpDecimal(p.v)) << "5^" << n;
    }
}

} // namespace
} // namespace fplab::texttest
