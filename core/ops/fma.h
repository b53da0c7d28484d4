// Fused multiply-add a*b + c with a single rounding. NaN rules follow x86 FMA:
// the first NaN of (a, b, c) is returned, quiet; invalid only for a signalling NaN
// or for 0*inf / inf-inf with no NaN operand.
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

// a*b + c for finite nonzero a and b; c may be zero.
template <class W>
FPLAB_INLINE Result fmaFinite(const Format& f, const Unpacked& ua, const Unpacked& ub, const Unpacked& uc,
                              const Env& env, OperationTrace* tr) {
    const bool signP = ua.sign != ub.sign;
    W product = W(ua.significand) * W(ub.significand);
    const int lz = countLeadingZeros(product);
    product <<= (lz - 1); // leading bit at w-2
    const int expP = ua.exponent + ub.exponent - 2 * f.mantissaBits + (kWidth<W> - 1 - lz);
    if (uc.cls == FloatClass::Zero) {
        if (tr) tr->special = SpecialCase::ZeroAddend;
        return finish(tr, roundPack(f, signP, expP, narrowJam(W(product << 1)), env, 0, tr ? &tr->rounding : nullptr));
    }
    return addAligned<W>(f, signP, expP, product, uc.sign, uc.exponent, alignedSignificand<W>(f, uc.significand), env,
                         tr);
}

// Every case, with the trace. Fmt is a Format or a PresetFormat (see forPreset).
template <class W, class Fmt>
FPLAB_NOINLINE Result fmaOpGeneral(const Fmt& fmt, u64 a, u64 b, u64 c, const Env& env, OperationTrace* tr) {
    const Format& f = fmt;
    recordOperands(tr, Operation::Fma, f, {a, b, c});
    const Unpacked ua = unpack(f, a);
    const Unpacked ub = unpack(f, b);
    const Unpacked uc = unpack(f, c);
    const bool signP = ua.sign != ub.sign;
    if (isNan(ua.cls) || isNan(ub.cls) || isNan(uc.cls)) [[unlikely]] {
        Flags fl = 0;
        if (ua.cls == FloatClass::SignalingNaN || ub.cls == FloatClass::SignalingNaN ||
            uc.cls == FloatClass::SignalingNaN)
            fl |= kInvalid;
        const u64 first = isNan(ua.cls) ? a : isNan(ub.cls) ? b : c;
        return special(tr, {platform::quietNan(f, first), fl}, SpecialCase::NanOperand);
    }
    const bool infP = ua.cls == FloatClass::Infinity || ub.cls == FloatClass::Infinity;
    const bool zeroP = ua.cls == FloatClass::Zero || ub.cls == FloatClass::Zero;
    if (infP || uc.cls == FloatClass::Infinity) [[unlikely]] {
        if (infP && zeroP) return special(tr, {platform::defaultNan(f), kInvalid}, SpecialCase::ZeroTimesInf);
        if (infP && uc.cls == FloatClass::Infinity && signP != uc.sign)
            return special(tr, {platform::defaultNan(f), kInvalid}, SpecialCase::InfMinusInf);
        return special(tr, {infinityBits(f, infP ? signP : uc.sign), 0}, SpecialCase::InfiniteTerm);
    }
    if (zeroP) [[unlikely]] {
        if (uc.cls == FloatClass::Zero)
            return special(tr, zeroResult(f, zeroSumSign(signP, uc.sign, env)), SpecialCase::ZeroPlusZero);
        return special(tr, packExact(f, uc, f.mantissaBits, env), SpecialCase::ZeroProduct);
    }
    return fmaFinite<W>(f, ua, ub, uc, env, tr);
}

// Fixed-point bounds for fmaNormals(): the addend's offset against the product (in units of the
// product's last bit) is clamped to [-fmaBelow, fmaAbove]. Beyond either bound the smaller term
// lies wholly below the larger's last bit and below an eighth of the result's ulp, where moving
// it changes no deterministic rounding (docs/numerics.md, "Clamped alignment").
FPLAB_INLINE constexpr int fmaBelow(const Format& f) { return f.mantissaBits + 1 > 5 ? f.mantissaBits + 1 : 5; }
FPLAB_INLINE constexpr int fmaAbove(const Format& f) { return 2 * f.mantissaBits + 5; }
// The widest sum fmaNormals() forms, plus a sign bit: it must fit the carrier W.
FPLAB_INLINE constexpr int fmaWindowBits(const Format& f) { return fmaBelow(f) + fmaAbove(f) + f.mantissaBits + 3; }

// a*b + c for three normal operands, without ordering the terms: the exact product and the
// addend are placed in one fixed-point window (the addend's offset clamped, see fmaBelow) and
// summed as signed integers; a negative sum flips the sign. Not for stochastic rounding, which
// needs the addend's true size.
template <class W>
FPLAB_INLINE Result fmaNormals(const Format& f, u64 a, u64 b, u64 c, u64 magA, u64 magB, u64 magC, const Env& env) {
    const int m = f.mantissaBits;
    const std::int64_t expA = std::int64_t(magA >> m), expB = std::int64_t(magB >> m), expC = std::int64_t(magC >> m);
    const u64 product = normalSignificand(f, magA) * normalSignificand(f, magB);
    // value(product) = product * 2^(expA + expB - 2 bias - 2m); value(c) = sigC * 2^(expC - bias - m).
    const std::int64_t offset = expC - expA - expB + f.bias + m;
    // Masks, not ?: (which the compiler may turn into branches mispredicted half the time).
    const std::int64_t excess = offset - fmaAbove(f);
    const std::int64_t above = excess & ~(excess >> 63); // c far above the product: rescale by this
    const std::int64_t lowered = offset - above;
    const std::int64_t clamped = lowered < -fmaBelow(f) ? -fmaBelow(f) : lowered;
    const W termP = W(product) << fmaBelow(f);
    const W termC = W(normalSignificand(f, magC)) << (clamped + fmaBelow(f));
    // termP + termC, or termP - termC when the signs differ (two's complement by mask); a negative
    // difference means the addend won: its magnitude, and the addend's sign.
    const u64 signP = (a ^ b) & f.signMask();
    const W negate = signBitMask<W>(f, signP ^ c);
    W sum = termP + ((termC ^ negate) - negate);
    if (sum == 0) [[unlikely]]
        return cancellationZero(f, env);
    const W negative = W(0) - (sum >> (kWidth<W> - 1));
    sum = (sum ^ negative) - negative;
    const u64 signBit = signP ^ (u64(negative) & f.signMask());
    const int lz = countLeadingZeros(sum);
    // The leading bit at kWidth - 1 - lz stands for 2^(expA + expB - 2 bias - 2m - fmaBelow + above + kWidth - 1 - lz).
    const std::int64_t biased = expA + expB - f.bias - 2 * m - fmaBelow(f) + above + (kWidth<W> - 1 - lz);
    return roundPackBiased(f, signBit, biased, narrowJam(W(sum << lz)), env);
}

// a*b + c for three normal operands where fmaNormals()'s window does not fit 64 bits (FP32): the
// exact product and the addend, each with its leading bit at bit 61; the one with the smaller
// exponent is shifted right with its lost bits jammed, and the two are summed as signed integers
// (a negative sum flips the sign). The jam keeps the result exact for every mode.
FPLAB_INLINE Result fmaNormalsOrdered(const Format& f, u64 a, u64 b, u64 c, u64 magA, u64 magB, u64 magC,
                                      const Env& env) {
    const int m = f.mantissaBits;
    const u64 product = normalSignificand(f, magA) * normalSignificand(f, magB);
    const int lzP = countLeadingZeros(product);
    // Both terms with their leading bit at 61, so that their signed sum fits an int64.
    const u64 sigP = product << (lzP - 2);
    const u64 sigC = normalSignificand(f, magC) << (61 - m);
    // Biased exponents of the leading bits: 2^(expA + expB - 2 bias) times product / 2^(2m).
    const int expP = int(magA >> m) + int(magB >> m) - f.bias + (63 - lzP - 2 * m);
    const int expC = int(magC >> m);
    // The smaller term is shifted right (with a sticky jam); the larger by zero. max(x, 0) by masks,
    // not ?: (which the compiler may turn into a branch: which term is larger is a coin toss).
    const int difference = expC - expP;
    const int shiftP = difference & ~(difference >> 31), shiftC = -difference & ~(-difference >> 31);
    const u64 negP = signBitMask(f, a ^ b), negC = signBitMask(f, c);
    const std::int64_t total = std::int64_t((shiftRightJamBelowTop(sigP, shiftP) ^ negP) - negP) +
                               std::int64_t((shiftRightJamBelowTop(sigC, shiftC) ^ negC) - negC);
    if (total == 0) [[unlikely]]
        return cancellationZero(f, env);
    const u64 negative = u64(total >> 63);
    const u64 magnitude = (u64(total) ^ negative) - negative;
    const int lz = countLeadingZeros(magnitude);
    return roundPackBiased(f, negative & f.signMask(), std::int64_t(expP + shiftP) + 2 - lz, magnitude << lz, env);
}

// Three normal operands inline; the rest out of line.
template <class W>
FPLAB_INLINE Result fmaOp(const Format& f, u64 a, u64 b, u64 c, const Env& env, OperationTrace* tr) {
    const u64 magA = a & f.magnitudeMask(), magB = b & f.magnitudeMask(), magC = c & f.magnitudeMask();
    if (tr == nullptr && f.hasSign && f.hasZero && env.rounding != RoundingMode::Stochastic &&
        isNormalMagnitude(f, magA) && isNormalMagnitude(f, magB) && isNormalMagnitude(f, magC)) [[likely]] {
        if (fmaWindowBits(f) <= 64) return fmaNormals<u64>(f, a, b, c, magA, magB, magC, env);
        if (2 * f.precision() <= 60) return fmaNormalsOrdered(f, a, b, c, magA, magB, magC, env);
    }
    if (tr == nullptr && isNormalEncoding(f, a) && isNormalEncoding(f, b) && isNormalEncoding(f, c)) [[likely]]
        return fmaFinite<W>(f, unpackNormal(f, a), unpackNormal(f, b), unpackNormal(f, c), env, nullptr);
    return forPreset(f, [&](const auto& ff) FPLAB_LAMBDA_INLINE { return fmaOpGeneral<W>(ff, a, b, c, env, tr); });
}

} // namespace fplab::detail
