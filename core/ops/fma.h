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
        if (tr) tr->special = "c is zero: the result is the rounded product";
        return finish(tr, roundPack(f, signP, expP, narrowJam(W(product << 1)), env, 0, tr ? &tr->rounding : nullptr));
    }
    return addAligned<W>(f, signP, expP, product, uc.sign, uc.exponent, alignedSignificand<W>(f, uc.significand), env,
                         tr);
}

// Every case, with the trace. Fmt is a Format or a PresetFormat (see forPreset).
template <class W, class Fmt>
FPLAB_NOINLINE Result fmaOpGeneral(const Fmt& fmt, u64 a, u64 b, u64 c, const Env& env, OperationTrace* tr) {
    const Format& f = fmt;
    recordOperands(tr, "fma", f, {a, b, c});
    const Unpacked ua = unpack(f, a);
    const Unpacked ub = unpack(f, b);
    const Unpacked uc = unpack(f, c);
    const bool signP = ua.sign != ub.sign;
    if (isNan(ua.cls) || isNan(ub.cls) || isNan(uc.cls)) [[unlikely]] {
        Flags fl = 0;
        if (ua.cls == FloatClass::SignalingNaN || ub.cls == FloatClass::SignalingNaN || uc.cls == FloatClass::SignalingNaN)
            fl |= kInvalid;
        const u64 first = isNan(ua.cls) ? a : isNan(ub.cls) ? b : c;
        return special(tr, {platform::quietNan(f, first), fl}, "a NaN operand gives a NaN");
    }
    const bool infP = ua.cls == FloatClass::Infinity || ub.cls == FloatClass::Infinity;
    const bool zeroP = ua.cls == FloatClass::Zero || ub.cls == FloatClass::Zero;
    if (infP || uc.cls == FloatClass::Infinity) [[unlikely]] {
        if (infP && zeroP) return special(tr, {platform::defaultNan(f), kInvalid}, "0 * inf is invalid");
        if (infP && uc.cls == FloatClass::Infinity && signP != uc.sign)
            return special(tr, {platform::defaultNan(f), kInvalid}, "inf - inf is invalid");
        return special(tr, {infinityBits(f, infP ? signP : uc.sign), 0}, "an infinite term gives infinity");
    }
    if (zeroP) [[unlikely]] {
        if (uc.cls == FloatClass::Zero)
            return special(tr, zeroResult(f, zeroSumSign(signP, uc.sign, env)), "0 + 0 is zero");
        return special(tr, packExact(f, uc, f.mantissaBits, env), "the product is zero: the result is c");
    }
    return fmaFinite<W>(f, ua, ub, uc, env, tr);
}

// Three normal operands inline; the rest out of line.
template <class W>
FPLAB_INLINE Result fmaOp(const Format& f, u64 a, u64 b, u64 c, const Env& env, OperationTrace* tr) {
    if (tr == nullptr && isNormalEncoding(f, a) && isNormalEncoding(f, b) && isNormalEncoding(f, c)) [[likely]]
        return fmaFinite<W>(f, unpackNormal(f, a), unpackNormal(f, b), unpackNormal(f, c), env, nullptr);
    return forPreset(f, [&](const auto& ff) FPLAB_LAMBDA_INLINE { return fmaOpGeneral<W>(ff, a, b, c, env, tr); });
}

} // namespace fplab::detail
