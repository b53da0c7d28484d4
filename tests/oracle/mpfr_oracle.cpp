#include "tests/oracle/mpfr_oracle.h"

#include "tests/oracle/format_model.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <gmp.h>
#include <mpfr.h>

namespace fplab::oracle {
namespace {

[[noreturn]] void oracleBug(const std::string& what) { throw std::logic_error("oracle: " + what); }

// A non-owning reference to "compute the exact result into rop, correctly rounded in rnd".
class Compute {
public:
    template <class F>
    Compute(const F& f) // NOLINT: implicit on purpose, lambdas are passed directly
        : m_object(&f),
          m_call([](const void* o, mpfr_ptr rop, mpfr_rnd_t rnd) { return (*static_cast<const F*>(o))(rop, rnd); }) {}
    int operator()(mpfr_ptr rop, mpfr_rnd_t rnd) const { return m_call(m_object, rop, rnd); }

private:
    const void* m_object;
    int (*m_call)(const void*, mpfr_ptr, mpfr_rnd_t);
};

// Per-thread MPFR variables, reused so that a case costs no allocation.
struct Scratch {
    mpfr_t a, b, c;        // operands (exact, 64 bits)
    mpfr_t out, unbounded; // results
    mpfr_t t1, t2;         // temporaries of the derived rounding modes
    mpfr_t limit;          // a format limit (largest finite, smallest normal)
    Scratch() {
        for (mpfr_ptr p : {a, b, c}) mpfr_init2(p, 64);
        for (mpfr_ptr p : {out, unbounded, t1, t2, limit}) mpfr_init2(p, 128);
    }
    ~Scratch() {
        for (mpfr_ptr p : {a, b, c, out, unbounded, t1, t2, limit}) mpfr_clear(p);
    }
};
Scratch& scratch() {
    thread_local Scratch s;
    return s;
}

// One MPFR rounding, the documented way to emulate a format: the result rounded to
// `prec` bits with an unbounded exponent, then (with a subnormal range, whose smallest
// positive value is 2^(eminMpfr-1)) mpfr_check_range and mpfr_subnormalize. Returns the ternary value.
int nativeRound(Compute compute, mpfr_ptr out, mpfr_prec_t prec, const long* eminMpfr, mpfr_rnd_t rnd) {
    mpfr_set_prec(out, prec);
    int t = compute(out, rnd);
    if (eminMpfr && mpfr_regular_p(out)) {
        const mpfr_exp_t saved = mpfr_get_emin();
        if (mpfr_set_emin(*eminMpfr) != 0) oracleBug("emin out of MPFR's range");
        t = mpfr_check_range(out, t, rnd);
        t = mpfr_subnormalize(out, t, rnd);
        mpfr_set_emin(saved);
    }
    return t;
}

// Whether a value on the grid (precision prec, subnormal grid from eminMpfr) has an odd last digit.
bool oddOnGrid(mpfr_srcptr v, mpfr_prec_t prec, const long* eminMpfr) {
    if (!mpfr_regular_p(v)) return false;
    const mpfr_exp_t e = mpfr_get_exp(v);
    long lsb = long(e) - long(prec);
    if (eminMpfr && lsb < *eminMpfr - 1) lsb = *eminMpfr - 1;
    return long(mpfr_min_prec(v)) == long(e) - lsb;
}

// Rounds the exact result to the grid in one of FP Lab's modes. MPFR has rne/rtz/rup/rdn
// (and away-from-zero) natively; the others are derived:
//   rna(x) = away(toward-zero(x) on the grid refined by one bit), since the refined grid
//            holds exactly the midpoints, and toward-zero keeps "at or above the midpoint";
//   rto(x) = x if exact, else whichever of toward-zero(x) and away(x) has an odd last digit.
// Returns the sign of |out| - |x| (0: exact).
int roundInMode(Compute compute, mpfr_ptr out, mpfr_ptr tmp1, mpfr_ptr tmp2, mpfr_prec_t prec, const long* eminMpfr,
                RoundingMode mode) {
    auto magnitude = [&](int ternary) {
        if (ternary == 0) return 0;
        return (mpfr_signbit(out) ? -ternary : ternary) > 0 ? 1 : -1;
    };
    switch (mode) {
    case RoundingMode::NearestEven: return magnitude(nativeRound(compute, out, prec, eminMpfr, MPFR_RNDN));
    case RoundingMode::TowardZero: return magnitude(nativeRound(compute, out, prec, eminMpfr, MPFR_RNDZ));
    case RoundingMode::TowardPositive: return magnitude(nativeRound(compute, out, prec, eminMpfr, MPFR_RNDU));
    case RoundingMode::TowardNegative: return magnitude(nativeRound(compute, out, prec, eminMpfr, MPFR_RNDD));
    case RoundingMode::NearestAway: {
        const long finer = eminMpfr ? *eminMpfr - 1 : 0;
        const int t1 = nativeRound(compute, tmp1, prec + 1, eminMpfr ? &finer : nullptr, MPFR_RNDZ);
        if (!mpfr_number_p(tmp1)) {
            mpfr_set_prec(out, prec);
            mpfr_set(out, tmp1, MPFR_RNDN);
            return 0;
        }
        auto fromRefined = [&](mpfr_ptr rop, mpfr_rnd_t rnd) { return mpfr_set(rop, tmp1, rnd); };
        const int t2 = nativeRound(fromRefined, out, prec, eminMpfr, MPFR_RNDA);
        if (t2 != 0) return 1;
        return t1 != 0 ? -1 : 0;
    }
    case RoundingMode::ToOdd: {
        const int tz = nativeRound(compute, tmp1, prec, eminMpfr, MPFR_RNDZ);
        mpfr_set_prec(out, prec);
        if (tz == 0 || !mpfr_number_p(tmp1)) {
            mpfr_set(out, tmp1, MPFR_RNDN);
            return 0;
        }
        if (oddOnGrid(tmp1, prec, eminMpfr)) {
            mpfr_set(out, tmp1, MPFR_RNDN);
            return -1;
        }
        nativeRound(compute, tmp2, prec, eminMpfr, MPFR_RNDA);
        mpfr_set(out, tmp2, MPFR_RNDN);
        return 1;
    }
    case RoundingMode::Stochastic: break;
    }
    throw std::invalid_argument("the MPFR oracle has no stochastic rounding: check against the two neighbours");
}

// Loads an encoding into an MPFR variable exactly.
void load(mpfr_ptr dst, const Decoded& d) {
    switch (d.kind) {
    case Kind::Zero: mpfr_set_zero(dst, d.negative ? -1 : 1); return;
    case Kind::Infinity: mpfr_set_inf(dst, d.negative ? -1 : 1); return;
    case Kind::QuietNan:
    case Kind::SignalingNan: mpfr_set_nan(dst); return;
    case Kind::Finite:
        if (mpfr_set_ui_2exp(dst, d.significand, d.exponent, MPFR_RNDN) != 0) oracleBug("inexact load");
        if (d.negative) mpfr_neg(dst, dst, MPFR_RNDN);
        return;
    }
}

bool isNan(const Decoded& d) { return d.kind == Kind::QuietNan || d.kind == Kind::SignalingNan; }

std::uint64_t encodeValue(const FormatModel& fm, mpfr_srcptr v, mpfr_ptr tmp) {
    const bool negative = mpfr_signbit(v);
    if (mpfr_zero_p(v)) return fm.zero(negative);
    const mpfr_prec_t prec = mpfr_get_prec(v);
    if (prec > 64) oracleBug("result wider than 64 bits");
    const mpfr_exp_t e = mpfr_get_exp(v);
    mpfr_set_prec(tmp, prec);
    mpfr_abs(tmp, v, MPFR_RNDN);
    mpfr_mul_2si(tmp, tmp, long(prec) - long(e), MPFR_RNDN); // an integer below 2^prec
    if (!mpfr_integer_p(tmp)) oracleBug("scaled significand is not an integer");
    const std::uint64_t sig = mpfr_get_ui(tmp, MPFR_RNDN);
    return fm.encode(negative, sig, long(e) - long(prec));
}

bool overflowGoesToInfinity(RoundingMode mode, bool negative) {
    switch (mode) {
    case RoundingMode::NearestEven:
    case RoundingMode::NearestAway:
    case RoundingMode::Stochastic: return true;
    case RoundingMode::TowardPositive: return !negative;
    case RoundingMode::TowardNegative: return negative;
    case RoundingMode::TowardZero:
    case RoundingMode::ToOdd: return false;
    }
    return true;
}

// Overflow: infinity where the format has one, else the format's NaN; the largest finite
// value for modes that round toward it, for saturating conversions, and always for FP6/FP4.
Result overflowResult(const FormatModel& fm, bool negative, const Env& env) {
    const Flags flags = kOverflow | kInexact;
    if (!overflowGoesToInfinity(env.rounding, negative) || env.saturate || fm.specials == SpecialValues::FiniteOnly)
        return {fm.maxFinite(negative), flags};
    switch (fm.specials) {
    case SpecialValues::Ieee: return {fm.infinity(negative), flags};
    case SpecialValues::Fnuz: return {fm.signBit, flags};
    default: return {fm.magnitudeMask | (negative ? fm.signBit : 0), flags};
    }
}

// The exact zero result of an operation (sign decided by MPFR per IEEE 754 6.3).
Result exactZero(const FormatModel& fm, bool negative) {
    // E8M0 has no zero: its smallest value stands in, flagged as an underflow (FP Lab's policy).
    if (!fm.hasZero) return {fm.minNormal(false), kUnderflow | kInexact};
    return {fm.zero(negative), 0};
}

// Rounds the result of `compute` into the format and derives the flags.
Result roundToFormat(const FormatModel& fm, Compute compute, const Env& env) {
    Scratch& s = scratch();
    const long eminSubnormal = fm.minNormalExponent - fm.mantissaBits + 1; // 2^(eminSubnormal-1) = smallest subnormal
    const bool grid = fm.hasZero && fm.subnormals;
    const mpfr_prec_t prec = fm.precision();
    mpfr_clear_flags();
    const int cmp = roundInMode(compute, s.out, s.t1, s.t2, prec, grid ? &eminSubnormal : nullptr, env.rounding);
    const bool divideByZero = mpfr_divby0_p();
    if (mpfr_nan_p(s.out)) return {fm.defaultNan(), kInvalid};
    const bool negative = mpfr_signbit(s.out);
    if (mpfr_inf_p(s.out)) {
        if (divideByZero) {
            if (fm.hasInfinity()) return {fm.infinity(negative), kDivideByZero};
            return {fm.defaultNan(), Flags(kDivideByZero | (fm.hasNan() ? 0 : kInvalid))};
        }
        if (fm.hasInfinity()) return {fm.infinity(negative), 0};
        oracleBug("infinite result in a format without infinity");
    }
    if (mpfr_zero_p(s.out) && cmp == 0) return exactZero(fm, negative);
    if (negative && !fm.hasSign) return {fm.defaultNan(), kInvalid};

    Flags flags = cmp != 0 ? kInexact : 0;
    mpfr_set_ui_2exp(s.limit, fm.maxFiniteSignificand, fm.maxFiniteExponent, MPFR_RNDN);
    if (mpfr_cmpabs(s.out, s.limit) > 0) return overflowResult(fm, negative, env);

    mpfr_set_ui_2exp(s.limit, 1, fm.minNormalExponent, MPFR_RNDN);
    const int vsMinNormal = mpfr_cmpabs(s.out, s.limit);
    // Rounding is monotone and 2^emin is on every grid, so |out| < 2^emin iff |x| < 2^emin,
    // except when out = 2^emin was reached by rounding away from a smaller x.
    const bool tinyBefore = vsMinNormal < 0 || (vsMinNormal == 0 && cmp > 0);
    if (!tinyBefore) return {encodeValue(fm, s.out, s.t1), flags};

    // Tininess after rounding: the result rounded to the precision with an unbounded exponent.
    if (grid) roundInMode(compute, s.unbounded, s.t1, s.t2, prec, nullptr, env.rounding);
    else {
        mpfr_set_prec(s.unbounded, prec);
        mpfr_set(s.unbounded, s.out, MPFR_RNDN);
    }
    const bool tinyAfter = mpfr_cmpabs(s.unbounded, s.limit) < 0;
    const bool tiny = env.tininess == Tininess::BeforeRounding ? tinyBefore : tinyAfter;

    if (!fm.hasZero) // E8M0: everything below the smallest value becomes it.
        return {fm.minNormal(false), Flags(kInexact | (tiny ? kUnderflow : 0))};
    if (!fm.subnormals) {
        // Flush to zero unless the value rounds (unbounded) up to the smallest normal.
        if (tinyAfter) return {fm.zero(negative), kUnderflow | kInexact};
        return {fm.minNormal(negative), Flags(kInexact | (tiny ? kUnderflow : 0))};
    }
    if (tiny && cmp != 0) flags |= kUnderflow;
    return {encodeValue(fm, s.out, s.t1), flags};
}

// x86 NaN propagation for two operands: invalid for a signalling NaN; the first NaN, quieted.
Result propagateNan(const FormatModel& fm, std::uint64_t a, const Decoded& da, std::uint64_t b, const Decoded& db) {
    const Flags flags = da.kind == Kind::SignalingNan || db.kind == Kind::SignalingNan ? kInvalid : 0;
    return {fm.quiet(isNan(da) ? a : b), flags};
}

template <class Op>
Result binary(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env, Op op) {
    const FormatModel fm(f);
    const Decoded da = fm.decode(a), db = fm.decode(b);
    if (isNan(da) || isNan(db)) return propagateNan(fm, a, da, b, db);
    Scratch& s = scratch();
    load(s.a, da);
    load(s.b, db);
    auto compute = [&](mpfr_ptr rop, mpfr_rnd_t rnd) { return op(rop, s.a, s.b, rnd); };
    return roundToFormat(fm, compute, env);
}

// Rounds an integer-valued MPFR number in the given mode to an integer (exact result in rop).
// Returns whether anything was discarded.
bool roundToInteger(mpfr_ptr rop, mpfr_srcptr x, RoundingMode mode) {
    switch (mode) {
    case RoundingMode::NearestEven: mpfr_rint(rop, x, MPFR_RNDN); break;
    case RoundingMode::NearestAway: mpfr_round(rop, x); break;
    case RoundingMode::TowardZero: mpfr_trunc(rop, x); break;
    case RoundingMode::TowardPositive: mpfr_ceil(rop, x); break;
    case RoundingMode::TowardNegative: mpfr_floor(rop, x); break;
    case RoundingMode::ToOdd:
        mpfr_trunc(rop, x);
        if (!mpfr_equal_p(rop, x)) {
            // Odd integer: if the truncation is even, step one away from zero.
            mpfr_t half;
            mpfr_init2(half, mpfr_get_prec(rop));
            mpfr_div_2ui(half, rop, 1, MPFR_RNDN);
            if (mpfr_integer_p(half)) {
                if (mpfr_signbit(x)) mpfr_sub_ui(rop, rop, 1, MPFR_RNDN);
                else mpfr_add_ui(rop, rop, 1, MPFR_RNDN);
            }
            mpfr_clear(half);
        }
        break;
    case RoundingMode::Stochastic: throw std::invalid_argument("the MPFR oracle has no stochastic rounding");
    }
    return !mpfr_equal_p(rop, x);
}

int compareValues(const Decoded& da, const Decoded& db) {
    Scratch& s = scratch();
    load(s.a, da);
    load(s.b, db);
    return mpfr_cmp(s.a, s.b); // +0 and -0 compare equal
}

std::int64_t intValueOf(const IntFormat& t, std::uint64_t bits) {
    const std::uint64_t mask = t.bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << t.bits) - 1;
    bits &= mask;
    if (!t.isSigned) return std::int64_t(bits);
    if (t.bits == 64) return std::int64_t(bits);
    const std::uint64_t top = std::uint64_t{1} << (t.bits - 1);
    return (bits & top) ? std::int64_t(bits) - (std::int64_t{1} << t.bits) : std::int64_t(bits);
}

} // namespace

Result referenceAdd(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env) {
    return binary(f, a, b, env,
                  [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) { return mpfr_add(r, x, y, rnd); });
}
Result referenceSub(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env) {
    return binary(f, a, b, env,
                  [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) { return mpfr_sub(r, x, y, rnd); });
}
Result referenceMul(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env) {
    return binary(f, a, b, env,
                  [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) { return mpfr_mul(r, x, y, rnd); });
}
Result referenceDiv(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env) {
    return binary(f, a, b, env,
                  [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) { return mpfr_div(r, x, y, rnd); });
}

Result referenceFma(const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env) {
    const FormatModel fm(f);
    const Decoded da = fm.decode(a), db = fm.decode(b), dc = fm.decode(c);
    if (isNan(da) || isNan(db) || isNan(dc)) {
        // x86 FMA: the first NaN of (a, b, c), quieted; invalid only for a signalling NaN.
        const bool signalling = da.kind == Kind::SignalingNan || db.kind == Kind::SignalingNan ||
                                dc.kind == Kind::SignalingNan;
        const std::uint64_t first = isNan(da) ? a : isNan(db) ? b : c;
        return {fm.quiet(first), Flags(signalling ? kInvalid : 0)};
    }
    Scratch& s = scratch();
    load(s.a, da);
    load(s.b, db);
    load(s.c, dc);
    auto compute = [&](mpfr_ptr rop, mpfr_rnd_t rnd) { return mpfr_fma(rop, s.a, s.b, s.c, rnd); };
    return roundToFormat(fm, compute, env);
}

Result referenceSqrt(const Format& f, std::uint64_t a, const Env& env) {
    const FormatModel fm(f);
    const Decoded da = fm.decode(a);
    if (isNan(da)) return {fm.quiet(a), Flags(da.kind == Kind::SignalingNan ? kInvalid : 0)};
    Scratch& s = scratch();
    load(s.a, da);
    auto compute = [&](mpfr_ptr rop, mpfr_rnd_t rnd) { return mpfr_sqrt(rop, s.a, rnd); };
    return roundToFormat(fm, compute, env);
}

Result referenceConvert(const Format& from, std::uint64_t a, const Format& to, const Env& env) {
    const FormatModel src(from), dst(to);
    const Decoded d = src.decode(a);
    switch (d.kind) {
    case Kind::QuietNan:
    case Kind::SignalingNan:
        return {convertNanBits(src, a, dst), Flags(d.kind == Kind::SignalingNan || !dst.hasNan() ? kInvalid : 0)};
    case Kind::Infinity:
        if (d.negative && !dst.hasSign) return {dst.defaultNan(), kInvalid};
        // OCP saturation mode clamps infinities too, E5M2 included.
        if (dst.hasInfinity() && !env.saturate) return {dst.infinity(d.negative), 0};
        // The largest finite value when saturating (always for FP6/FP4), else NaN; invalid either way.
        if (env.saturate || dst.specials == SpecialValues::FiniteOnly) return {dst.maxFinite(d.negative), kInvalid};
        if (dst.specials == SpecialValues::Fnuz) return {dst.signBit, kInvalid};
        return {dst.magnitudeMask | (d.negative ? dst.signBit : 0), kInvalid};
    case Kind::Zero: return exactZero(dst, d.negative);
    case Kind::Finite: break;
    }
    Scratch& s = scratch();
    load(s.a, d);
    auto compute = [&](mpfr_ptr rop, mpfr_rnd_t rnd) { return mpfr_set(rop, s.a, rnd); };
    return roundToFormat(dst, compute, env);
}

Result referenceRoundToIntegral(const Format& f, std::uint64_t a, const Env& env, bool signalInexact) {
    const FormatModel fm(f);
    const Decoded d = fm.decode(a);
    if (isNan(d)) return {fm.quiet(a), Flags(d.kind == Kind::SignalingNan ? kInvalid : 0)};
    if (d.kind != Kind::Finite) return {a, 0};
    Scratch& s = scratch();
    load(s.a, d);
    mpfr_set_prec(s.c, 128);
    const bool inexact = roundToInteger(s.c, s.a, env.rounding);
    const Flags inexactFlag = inexact && signalInexact ? kInexact : 0;
    if (mpfr_zero_p(s.c)) {
        // The integral value zero keeps the operand's sign (IEEE 754 5.9).
        const Result z = exactZero(fm, d.negative);
        return {z.bits, Flags(z.flags | inexactFlag)};
    }
    auto compute = [&](mpfr_ptr rop, mpfr_rnd_t rnd) { return mpfr_set(rop, s.c, rnd); };
    const Result r = roundToFormat(fm, compute, env);
    mpfr_set_prec(s.c, 64);
    return {r.bits, Flags((r.flags & ~kInexact) | inexactFlag)};
}

Result referenceFloatToInt(const Format& from, std::uint64_t bits, const IntFormat& to, Overflow overflow,
                           const Env& env) {
    const FormatModel fm(from);
    const Decoded d = fm.decode(bits);
    const std::uint64_t mask = to.bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << to.bits) - 1;
    const std::int64_t lo = to.isSigned ? (to.bits == 64 ? INT64_MIN : -(std::int64_t{1} << (to.bits - 1))) : 0;
    const std::uint64_t hi = to.isSigned ? mask >> 1 : mask;
    const auto clamp = [&](bool negative) { return negative ? std::uint64_t(lo) & mask : hi; };
    if (isNan(d)) return {0, kInvalid};
    if (d.kind == Kind::Infinity) return {overflow == Overflow::Saturate ? clamp(d.negative) : 0, kInvalid};
    if (d.kind == Kind::Zero) return {0, 0};
    Scratch& s = scratch();
    load(s.a, d);
    mpfr_set_prec(s.c, 128);
    const bool inexact = roundToInteger(s.c, s.a, env.rounding);
    mpz_t z, low;
    mpz_init(z);
    mpz_init(low);
    mpfr_get_z(z, s.c, MPFR_RNDN); // exact: s.c is an integer
    mpz_t zlo, zhi;
    mpz_init(zlo);
    mpz_init(zhi);
    mpz_set_si(zlo, lo);
    mpz_set_ui(zhi, hi);
    Result r;
    if (mpz_cmp(z, zlo) >= 0 && mpz_cmp(z, zhi) <= 0) {
        mpz_fdiv_r_2exp(low, z, unsigned(to.bits));
        r = {mpz_get_ui(low) & mask, Flags(inexact ? kInexact : 0)};
    } else if (overflow == Overflow::Saturate) {
        r = {clamp(mpz_sgn(z) < 0), kInvalid};
    } else {
        mpz_fdiv_r_2exp(low, z, unsigned(to.bits)); // the low bits of the two's complement integer
        r = {mpz_get_ui(low) & mask, kInvalid};
    }
    mpz_clears(z, low, zlo, zhi, nullptr);
    mpfr_set_prec(s.c, 64);
    return r;
}

Result referenceIntToFloat(const IntFormat& from, std::uint64_t bits, const Format& to, const Env& env) {
    const FormatModel fm(to);
    const std::int64_t v = intValueOf(from, bits);
    if (v == 0) return exactZero(fm, false);
    Scratch& s = scratch();
    mpfr_set_prec(s.c, 64);
    if (!from.isSigned && from.bits == 64) mpfr_set_uj(s.c, std::uintmax_t(bits), MPFR_RNDN);
    else mpfr_set_sj(s.c, std::intmax_t(v), MPFR_RNDN);
    auto compute = [&](mpfr_ptr rop, mpfr_rnd_t rnd) { return mpfr_set(rop, s.c, rnd); };
    return roundToFormat(fm, compute, env);
}

Comparison referenceCompare(const Format& f, std::uint64_t a, std::uint64_t b, bool signaling) {
    const FormatModel fm(f);
    const Decoded da = fm.decode(a), db = fm.decode(b);
    if (isNan(da) || isNan(db)) {
        const bool invalid = signaling || da.kind == Kind::SignalingNan || db.kind == Kind::SignalingNan;
        return {Ordering::Unordered, Flags(invalid ? kInvalid : 0)};
    }
    const int c = compareValues(da, db);
    return {c < 0 ? Ordering::Less : c > 0 ? Ordering::Greater : Ordering::Equal, 0};
}

namespace {
// IEEE 754-2019 9.6: minimum/maximum treat -0 as less than +0; a NaN operand gives a quiet NaN
// (the first NaN, x86 style); the ...Number variants return the number when only one operand is NaN.
Result extreme(const Format& f, std::uint64_t a, std::uint64_t b, bool wantMax, bool numberWins) {
    const FormatModel fm(f);
    const Decoded da = fm.decode(a), db = fm.decode(b);
    if (isNan(da) || isNan(db)) {
        const Flags flags = da.kind == Kind::SignalingNan || db.kind == Kind::SignalingNan ? kInvalid : 0;
        if (numberWins && !(isNan(da) && isNan(db))) return {isNan(da) ? b : a, flags};
        return {fm.quiet(isNan(da) ? a : b), flags};
    }
    int c = compareValues(da, db);
    if (c == 0 && da.kind == Kind::Zero && db.kind == Kind::Zero) c = int(db.negative) - int(da.negative);
    if (c == 0) return {a, 0};
    return {(c > 0) == wantMax ? a : b, 0};
}
} // namespace

Result referenceMinimum(const Format& f, std::uint64_t a, std::uint64_t b) { return extreme(f, a, b, false, false); }
Result referenceMaximum(const Format& f, std::uint64_t a, std::uint64_t b) { return extreme(f, a, b, true, false); }
Result referenceMinimumNumber(const Format& f, std::uint64_t a, std::uint64_t b) {
    return extreme(f, a, b, false, true);
}
Result referenceMaximumNumber(const Format& f, std::uint64_t a, std::uint64_t b) {
    return extreme(f, a, b, true, true);
}

std::string exactValueText(const Format& f, std::uint64_t bits) {
    const FormatModel fm(f);
    const Decoded d = fm.decode(bits);
    switch (d.kind) {
    case Kind::QuietNan: return "qNaN";
    case Kind::SignalingNan: return "sNaN";
    case Kind::Infinity: return d.negative ? "-inf" : "+inf";
    case Kind::Zero: return d.negative ? "-0" : "+0";
    case Kind::Finite: break;
    }
    Scratch& s = scratch();
    load(s.a, d);
    char buffer[128];
    mpfr_snprintf(buffer, sizeof buffer, "%.20Rg", s.a);
    return buffer;
}

} // namespace fplab::oracle
