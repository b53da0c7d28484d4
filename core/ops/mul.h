// Multiplication: the significand product is exact in the carrier, then rounded once.
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

// The product of two finite nonzero values.
template <class W>
FPLAB_INLINE Result mulFinite(const Format& f, bool sign, const Unpacked& ua, const Unpacked& ub, const Env& env,
                              OperationTrace* tr) {
    W product = W(ua.significand) * W(ub.significand);
    const int lz = countLeadingZeros(product);
    product <<= lz;
    const int exp = ua.exponent + ub.exponent - 2 * f.mantissaBits + (kWidth<W> - 1 - lz);
    return finish(tr, roundPack(f, sign, exp, narrowJam(product), env, 0, tr ? &tr->rounding : nullptr));
}

// Every case, with the trace. Fmt is a Format or a PresetFormat (see forPreset).
template <class W, class Fmt>
FPLAB_NOINLINE Result mulOpGeneral(const Fmt& fmt, u64 a, u64 b, const Env& env, OperationTrace* tr) {
    const Format& f = fmt;
    recordOperands(tr, Operation::Mul, f, {a, b});
    const Unpacked ua = unpack(f, a);
    const Unpacked ub = unpack(f, b);
    const bool sign = ua.sign != ub.sign;
    if (isNan(ua.cls) || isNan(ub.cls)) [[unlikely]] {
        Flags fl = 0;
        const u64 nan = platform::propagateNan(f, a, b, fl);
        return special(tr, {nan, fl}, SpecialCase::NanOperand);
    }
    if (ua.cls == FloatClass::Infinity || ub.cls == FloatClass::Infinity) [[unlikely]] {
        if (ua.cls == FloatClass::Zero || ub.cls == FloatClass::Zero)
            return special(tr, {platform::defaultNan(f), kInvalid}, SpecialCase::ZeroTimesInf);
        return special(tr, {infinityBits(f, sign), 0}, SpecialCase::InfiniteOperand);
    }
    if (ua.cls == FloatClass::Zero || ub.cls == FloatClass::Zero) [[unlikely]]
        return special(tr, zeroResult(f, sign), SpecialCase::ZeroOperand);
    return mulFinite<W>(f, sign, ua, ub, env, tr);
}

// Two normal operands inline; the rest out of line.
template <class W>
FPLAB_INLINE Result mulOp(const Format& f, u64 a, u64 b, const Env& env, OperationTrace* tr) {
    if (tr == nullptr && isNormalEncoding(f, a) && isNormalEncoding(f, b)) [[likely]]
        return mulFinite<W>(f, signOf(f, a) != signOf(f, b), unpackNormal(f, a), unpackNormal(f, b), env, nullptr);
    return forPreset(f, [&](const auto& ff) FPLAB_LAMBDA_INLINE { return mulOpGeneral<W>(ff, a, b, env, tr); });
}

} // namespace fplab::detail
