// Addition and subtraction.
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

// Every case, with the trace. Fmt is a Format or a PresetFormat (see forPreset).
template <class W, class Fmt>
FPLAB_NOINLINE Result addOpGeneral(const Fmt& fmt, u64 a, u64 b, bool subtract, const Env& env, OperationTrace* tr) {
    const Format& f = fmt;
    recordOperands(tr, subtract ? Operation::Sub : Operation::Add, f, {a, b});
    const Unpacked ua = unpack(f, a);
    Unpacked ub = unpack(f, b);
    if (isNan(ua.cls) || isNan(ub.cls)) [[unlikely]] {
        Flags fl = 0;
        const u64 nan = platform::propagateNan(f, a, b, fl);
        return special(tr, {nan, fl}, SpecialCase::NanOperand);
    }
    if (subtract) ub.sign = !ub.sign;
    if (ua.cls == FloatClass::Infinity || ub.cls == FloatClass::Infinity) [[unlikely]] {
        if (ua.cls == FloatClass::Infinity && ub.cls == FloatClass::Infinity && ua.sign != ub.sign)
            return special(tr, {platform::defaultNan(f), kInvalid}, SpecialCase::InfMinusInf);
        const bool sign = ua.cls == FloatClass::Infinity ? ua.sign : ub.sign;
        return special(tr, {infinityBits(f, sign), 0}, SpecialCase::InfiniteOperand);
    }
    if (ua.cls == FloatClass::Zero || ub.cls == FloatClass::Zero) [[unlikely]] {
        if (ua.cls == FloatClass::Zero && ub.cls == FloatClass::Zero)
            return special(tr, zeroResult(f, zeroSumSign(ua.sign, ub.sign, env)), SpecialCase::SumOfZeros);
        return special(tr, packExact(f, ua.cls == FloatClass::Zero ? ub : ua, f.mantissaBits, env),
                       SpecialCase::AddingZero);
    }
    return addAligned<W>(f, ua.sign, ua.exponent, alignedSignificand<W>(f, ua.significand), ub.sign, ub.exponent,
                         alignedSignificand<W>(f, ub.significand), env, tr);
}

// The smaller of two normal addends shifted right by `shift` to align it with the larger, both with
// their leading bit at carrier bit w-2. Where the carrier has room (p + 3 zero bits below the significand), a shift
// of p + 3 or more is clamped there instead of jamming the lost bits: the addend then lies wholly
// below an eighth of the larger's ulp either way, so every deterministic mode rounds the same
// (docs/numerics.md). Stochastic rounding sees the addend's true size, so it keeps the jam.
template <class W>
FPLAB_INLINE W alignAddend(const Format& f, W sig, int shift, const Env& env) {
    const int zeroBitsBelow = kWidth<W> - 2 - f.mantissaBits;
    // Normal exponent fields differ by at most maxExponentField() - 1: within the zero bits, no bit is lost.
    if (f.maxExponentField() - 1 <= zeroBitsBelow) return sig >> shift;
    const int clamp = f.precision() + 3;
    if (clamp <= zeroBitsBelow && env.rounding != RoundingMode::Stochastic)
        return sig >> (shift < clamp ? shift : clamp);
    return shiftRightJamBelowTop(sig, shift);
}

// Two normal operands, worked on the encodings: for normal numbers the magnitude bits order like
// the values, so one integer comparison finds the larger, whose sign bit is the result's. Masks and
// conditional moves rather than branches: with random signs a branch would be mispredicted half the time.
template <class W>
FPLAB_INLINE Result addNormals(const Format& f, u64 a, u64 b, u64 magA, u64 magB, const Env& env) {
    const bool swap = magA < magB;
    const u64 larger = swap ? b : a;
    const u64 magHi = swap ? magB : magA, magLo = swap ? magA : magB;
    const int expHi = int(magHi >> f.mantissaBits), expLo = int(magLo >> f.mantissaBits);
    const W sigHi = alignedSignificand<W>(f, normalSignificand(f, magHi));
    const W sigLo = alignAddend<W>(f, alignedSignificand<W>(f, normalSignificand(f, magLo)), expHi - expLo, env);
    // sigHi + sigLo, or sigHi - sigLo when the signs differ (two's complement by mask).
    const W negate = signBitMask<W>(f, a ^ b);
    const W sum = sigHi + ((sigLo ^ negate) - negate);
    if (sum == 0) [[unlikely]]
        return cancellationZero(f, env);
    const int lz = countLeadingZeros(sum);
    return roundPackBiased(f, larger & f.signMask(), std::int64_t(expHi) + 1 - lz, narrowJam(W(sum << lz)), env);
}

// Two normal operands inline; the rest out of line.
template <class W>
FPLAB_INLINE Result addOp(const Format& f, u64 a, u64 b, bool subtract, const Env& env, OperationTrace* tr) {
    const u64 magA = a & f.magnitudeMask(), magB = b & f.magnitudeMask();
    if (tr == nullptr && f.hasSign && f.hasZero && isNormalMagnitude(f, magA) && isNormalMagnitude(f, magB)) [[likely]]
        return addNormals<W>(f, a, subtract ? b ^ f.signMask() : b, magA, magB, env);
    return forPreset(f,
                     [&](const auto& ff) FPLAB_LAMBDA_INLINE { return addOpGeneral<W>(ff, a, b, subtract, env, tr); });
}

} // namespace fplab::detail
