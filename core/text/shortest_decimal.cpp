// shortestDecimal: the decimal with the fewest significant digits that reads back to the
// same bits under nearest-even, found exactly with big integers (no Ryu tables, any format).
#include "core/text/print.h"

#include "core/classify.h"
#include "core/detail/round_pack.h"
#include "core/text/big_int.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace fplab {
namespace {

using text::BigUint;
using u64 = std::uint64_t;

// The rounding interval of a value: lo, v, hi are integers times 2^unitExp.
struct Interval {
    u64 lo = 0, v = 0, hi = 0;
    int unitExp = 0;
    bool loIncluded = false, hiIncluded = false;
};

// Whether the exact value x * 2^unitExp reads back as `bits` under nearest-even, without overflow.
bool readsBackAs(const Format& f, bool sign, u64 x, int unitExp, u64 bits) {
    const int lz = std::countl_zero(x);
    const Result r = detail::roundPack(f, sign, 63 - lz + unitExp, x << lz, Env{});
    return r.bits == bits && !(r.flags & kOverflow);
}

// The candidates c * 10^k in the interval, for one power of ten k.
struct Scale {
    int k = 0;
    BigUint cMin, cMax, nearest; // nearest: v / 10^k rounded half-even, clamped to [cMin, cMax]
    BigUint loFloor;             // floor(lo / 10^k)
    bool any = false;
};

BigUint pow5(int n) { return BigUint::pow5(n); }

Scale candidatesAt(const Interval& iv, int k) {
    // x * 2^unitExp / 10^k = x * 2^(unitExp - k) * 5^-k = (x * num) / den.
    const int a = iv.unitExp - k;
    BigUint num(1), den(1);
    if (a >= 0) num <<= a;
    else den <<= -a;
    if (k < 0) num = num * pow5(-k);
    else den = den * pow5(k);

    Scale s;
    s.k = k;
    const auto lo = BigUint::divMod(BigUint(iv.lo) * num, den);
    const auto hi = BigUint::divMod(BigUint(iv.hi) * num, den);
    s.loFloor = lo.quotient;
    s.cMin = lo.quotient;
    if (!lo.remainder.isZero() || !iv.loIncluded) s.cMin += BigUint(1);
    s.cMax = hi.quotient;
    if (hi.remainder.isZero() && !iv.hiIncluded) {
        if (s.cMax.isZero()) return s;
        s.cMax -= BigUint(1);
    }
    if (s.cMax < s.cMin || s.cMax.isZero()) return s;
    s.any = true;
    auto v = BigUint::divMod(BigUint(iv.v) * num, den);
    const auto twice = v.remainder << 1;
    const bool odd = (v.quotient.low64() & 1) != 0;
    if (twice > den || (twice == den && odd)) v.quotient += BigUint(1);
    s.nearest = std::clamp(v.quotient, s.cMin, s.cMax);
    return s;
}

// |c * 10^k - v| scaled by 2^shift2 * 5^shift5 (large enough to make it an integer).
BigUint distance(const Interval& iv, const BigUint& c, int k, int shift2, int shift5) {
    BigUint x = c * pow5(k + shift5);
    x <<= k + shift2;
    BigUint v = BigUint(iv.v) * pow5(shift5);
    v <<= iv.unitExp + shift2;
    return x > v ? x - v : v - x;
}

std::string layout(bool negative, const std::string& digits, int k) {
    const int n = int(digits.size());
    const int x = k + n - 1; // power of ten of the leading digit
    std::string out = negative ? "-" : "";
    if (x < -4 || x >= 16) {
        out += digits[0];
        if (n > 1) {
            out += '.';
            out.append(digits, 1);
        }
        out += x < 0 ? "e-" : "e+";
        const int mag = x < 0 ? -x : x;
        if (mag < 10) out += '0';
        out += std::to_string(mag);
    } else if (x >= n - 1) {
        out += digits;
        out.append(std::size_t(x - n + 1), '0');
    } else if (x >= 0) {
        out.append(digits, 0, std::size_t(x + 1));
        out += '.';
        out.append(digits, std::size_t(x + 1));
    } else {
        out += "0.";
        out.append(std::size_t(-x - 1), '0');
        out += digits;
    }
    return out;
}

} // namespace

std::string shortestDecimal(const Format& f, std::uint64_t bits) {
    const Unpacked u = unpack(f, bits);
    switch (u.cls) {
    case FloatClass::QuietNaN:
    case FloatClass::SignalingNaN: return "nan";
    case FloatClass::Infinity: return u.sign ? "-inf" : "inf";
    case FloatClass::Zero: return u.sign ? "-0" : "0";
    default: break;
    }
    // v = s * 2^t on the format's grid; its neighbours are one step of 2^t away, except at the
    // bottom of a binade of normals, where the values below are twice as dense. With no
    // subnormals (or no zero) "below" means the values of the unbounded exponent range.
    const bool sub = u.cls == FloatClass::Subnormal;
    const u64 s = sub ? mantissaFieldOf(f, bits) : u.significand;
    const int t = sub ? f.minExponent() - f.mantissaBits : u.exponent - f.mantissaBits;
    const bool denseBelow = !sub && s == (u64{1} << f.mantissaBits) &&
                            !(u.exponent == f.minExponent() && f.subnormals && f.hasZero);
    Interval iv;
    iv.unitExp = t - 2;
    iv.v = 4 * s;
    iv.lo = 4 * s - (denseBelow ? 1 : 2);
    iv.hi = 4 * s + 2;
    // Ties go wherever the rounding path sends them; the top end never counts as overflow.
    const u64 magnitudeBits = bits & ~f.signMask();
    iv.loIncluded = readsBackAs(f, false, iv.lo, iv.unitExp, magnitudeBits);
    iv.hiIncluded = readsBackAs(f, false, iv.hi, iv.unitExp, magnitudeBits);

    // Every power of ten below the interval's width has a multiple inside it, and scales that
    // have candidates form a downward-closed set: start at the estimate (or below) and climb.
    const double log10Width = std::log10(double(iv.hi - iv.lo)) + iv.unitExp * std::log10(2.0);
    int k = int(std::floor(log10Width));
    Scale best = candidatesAt(iv, k);
    while (!best.any) best = candidatesAt(iv, --k);
    for (;;) {
        Scale up = candidatesAt(iv, k + 1);
        if (!up.any) break;
        best = up;
        ++k;
    }
    // All candidates at the largest scale have the same number of digits n; a scale or two
    // lower can hold other n-digit candidates when the interval spans a power of ten.
    std::string digits = best.nearest.toDecimal();
    const std::size_t n = digits.size();
    std::string one(n, '0');
    one[0] = '1';
    const BigUint lowest = BigUint::fromDecimal(one);
    const BigUint highest = BigUint::fromDecimal(std::string(n, '9'));
    const int shift5 = std::max(0, -(k - 2));
    const int shift2 = std::max({0, -(k - 2), -iv.unitExp});
    // Other n-digit candidates lie below 10^(n-1+k), so only when lo does too.
    const bool spansPowerOfTen = best.loFloor < lowest;
    for (int lower = k - 1; spansPowerOfTen && lower >= k - 2; --lower) {
        const Scale other = candidatesAt(iv, lower);
        if (!other.any || other.cMax < lowest || other.cMin > highest) continue;
        const BigUint c = std::clamp(other.nearest, std::max(other.cMin, lowest), std::min(other.cMax, highest));
        if (distance(iv, c, lower, shift2, shift5) < distance(iv, best.nearest, best.k, shift2, shift5)) {
            best.nearest = c;
            best.k = lower;
        }
    }
    return layout(u.sign, best.nearest.toDecimal(), best.k);
}

} // namespace fplab
