// Exact decimal-to-binary rounding: the value as a ratio of big integers, its top 64
// bits and a sticky bit, then detail::roundPack. Costs are bounded by clamping the
// exponent and cutting long digit strings (the proofs are in the comments below).
#include "core/text/exact_round.h"

#include "core/detail/round_pack.h"
#include "core/text/big_int.h"

#include <algorithm>
#include <string>

namespace fplab::text {
namespace {

constexpr std::uint64_t kTop = std::uint64_t{1} << 63;

// Exponents (of the leading bit) this far outside the format's range give the same
// result as any farther one: far above, every mode overflows; far below, roundPack
// only sees "nonzero and below half the smallest step" (or, without subnormals, tiny).
int farAbove(const Format& f) { return f.maxExponent() + 100; }
int farBelow(const Format& f) { return f.minExponent() - f.mantissaBits - 100; }

} // namespace

Result roundBinary(const Format& f, bool negative, std::int64_t exp, std::uint64_t sig, const Env& env) {
    if (exp > farAbove(f)) return roundBinary(f, negative, farAbove(f), kTop, env);
    if (exp < farBelow(f)) return roundBinary(f, negative, farBelow(f), kTop | 1, env);
    return detail::roundPack(f, negative, int(exp), sig, env);
}

// Cutting the digits after the K-th and putting one nonzero digit in their place moves the
// value inside the open interval (P, P + u) between two multiples u of the K-th digit's
// place, where it already was. That leaves roundPack's input (exponent, 64-bit significand,
// sticky bit) unchanged provided no number m * 2^j that roundPack can tell apart lies
// strictly inside that interval, j = exp - 63 being the weight of the significand's last bit:
// - j < 0: m * 2^j is a multiple of u = 10^(E-K) (E: the leading digit's power of ten) when
//   K >= E - j = E - exp + 63. With E < (exp + 1) log10(2), this is K >= 63.3 - 0.699 exp,
//   largest at the smallest exponent whose bits matter, exp = minExponent - mantissaBits - 1
//   (below it roundPack only sees "nonzero, under half the smallest subnormal").
// - j >= 0: m * 2^j is an integer, a multiple of u when E <= K, and the clamp in roundDecimal
//   sends every value with 3E >= maxExponent + 2 straight to overflow.
int decimalDigitsKept(const Format& f) {
    const int below = std::max(0, f.mantissaBits + 4 - f.minExponent());
    const int fromSmall = 64 + (7 * below + 9) / 10 + 2;
    const int fromLarge = std::max(0, (f.maxExponent() + 2) / 3 + 2);
    return std::max(fromSmall, fromLarge) + 16;
}

Result roundDecimal(const Format& f, bool negative, std::string_view digits, std::int64_t exp10, const Env& env) {
    const std::int64_t n = std::int64_t(digits.size());
    const std::int64_t leading = exp10 + n - 1; // value in [10^leading, 10^(leading+1))

    // 10^E >= 8^E = 2^(3E): at or above 2^(maxExponent + 2) every mode overflows.
    if (leading > 0 && 3 * leading >= std::int64_t(f.maxExponent()) + 2)
        return roundBinary(f, negative, farAbove(f), kTop, env);
    // 10^(E+1) <= 8^(E+1) when E+1 <= 0: below 2^(minExponent - mantissaBits - 2), under
    // half the smallest subnormal, all values round alike.
    if (leading + 1 <= 0 && 3 * (leading + 1) <= std::int64_t(f.minExponent()) - f.mantissaBits - 2)
        return roundBinary(f, negative, farBelow(f), kTop | 1, env);

    std::string cut;
    const int kept = decimalDigitsKept(f);
    if (n > kept) {
        cut.assign(digits.substr(0, std::size_t(kept)));
        cut.push_back('1'); // the dropped digits are not all zero: the last one is nonzero
        exp10 += n - std::int64_t(cut.size());
        digits = cut;
    }

    // value = num / den * 2^exp10 with 10^e = 5^e * 2^e; |exp10| is now a few tens of thousands at most.
    const int e = int(exp10);
    BigUint num = BigUint::fromDecimal(digits);
    BigUint den(1);
    if (e >= 0) num = num * BigUint::pow5(e);
    else den = BigUint::pow5(-e);

    // Scale so that the quotient has exactly 64 bits: num * 2^s / den in [2^63, 2^64).
    int s = 63 - (num.bitLength() - den.bitLength());
    if (s >= 0) num <<= s;
    else den <<= -s;
    if (num < (den << 63)) {
        num <<= 1;
        ++s;
    }
    const BigUint::DivMod qr = BigUint::divMod(num, den);
    const std::uint64_t sig = qr.quotient.low64() | (qr.remainder.isZero() ? 0 : 1);
    return roundBinary(f, negative, std::int64_t(e) - s + 63, sig, env);
}

} // namespace fplab::text
