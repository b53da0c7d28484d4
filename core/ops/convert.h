// Conversion between two float formats: an exact unpack, then the one rounding path.
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

// The result for an infinity in a format that has none.
inline Result infinityWithoutEncoding(const Format& to, bool sign, const Env& env) {
    if (env.saturate || to.specials == SpecialValues::FiniteOnly)
        return {maxFiniteBits(to, sign && to.hasSign), kInvalid};
    return {to.specials == SpecialValues::Fnuz ? to.signMask() : (to.magnitudeMask() | (sign ? to.signMask() : 0)),
            kInvalid};
}

// Every case, with the trace. FromFmt and ToFmt are Formats or PresetFormats (see forPreset).
template <class FromFmt, class ToFmt>
FPLAB_NOINLINE Result convertOpGeneral(const FromFmt& fromFmt, u64 a, const ToFmt& toFmt, const Env& env,
                                       OperationTrace* tr) {
    const Format& from = fromFmt;
    const Format& to = toFmt;
    recordOperands(tr, Operation::Convert, from, {a});
    const Unpacked u = unpack(from, a);
    switch (u.cls) {
    case FloatClass::QuietNaN:
    case FloatClass::SignalingNaN: {
        Flags fl = u.cls == FloatClass::SignalingNaN || !to.hasNan() ? kInvalid : 0;
        return special(tr, {platform::convertNan(from, a, to), fl}, SpecialCase::NanConverts);
    }
    case FloatClass::Infinity:
        if (!to.hasSign && u.sign) return special(tr, invalidForUnsigned(to, 0), SpecialCase::NoNegativeValues);
        if (to.hasInfinity() && !env.saturate)
            return special(tr, {infinityBits(to, u.sign), 0}, SpecialCase::InfinityConverts);
        return special(tr, infinityWithoutEncoding(to, u.sign, env),
                       env.saturate ? SpecialCase::InfinitySaturates : SpecialCase::NoInfinity);
    case FloatClass::Zero: return special(tr, zeroResult(to, u.sign), SpecialCase::ZeroConverts);
    default: return finish(tr, packExact(to, u, from.mantissaBits, env, tr ? &tr->rounding : nullptr));
    }
}

// A normal operand inline (packExact() with its normalisation known); the rest out of line.
FPLAB_INLINE Result convertOp(const Format& from, u64 a, const Format& to, const Env& env, OperationTrace* tr) {
    if (tr == nullptr && isNormalEncoding(from, a)) [[likely]] {
        const Unpacked u = unpackNormal(from, a);
        return roundPack(to, u.sign, u.exponent, u.significand << (63 - from.mantissaBits), env);
    }
    return forPreset(from, [&](const auto& ff) FPLAB_LAMBDA_INLINE {
        return forPreset(to, [&](const auto& tf) FPLAB_LAMBDA_INLINE { return convertOpGeneral(ff, a, tf, env, tr); });
    });
}

} // namespace fplab::detail
