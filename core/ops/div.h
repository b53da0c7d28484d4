// Division: an integer quotient with at least p+2 bits, the remainder as the sticky bit.
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

template <class W>
FPLAB_INLINE Result divOp(const Format& f, u64 a, u64 b, const Env& env, OperationTrace* tr) {
    recordOperands(tr, Operation::Div, f, {a, b});
    const Unpacked ua = unpack(f, a);
    const Unpacked ub = unpack(f, b);
    const bool sign = ua.sign != ub.sign;
    if (isNan(ua.cls) || isNan(ub.cls)) [[unlikely]] {
        Flags fl = 0;
        const u64 nan = platform::propagateNan(f, a, b, fl);
        return special(tr, {nan, fl}, SpecialCase::NanOperand);
    }
    if (ua.cls == FloatClass::Infinity) [[unlikely]] {
        if (ub.cls == FloatClass::Infinity)
            return special(tr, {platform::defaultNan(f), kInvalid}, SpecialCase::InfDivInf);
        return special(tr, {infinityBits(f, sign), 0}, SpecialCase::InfDivFinite);
    }
    if (ub.cls == FloatClass::Infinity) [[unlikely]]
        return special(tr, zeroResult(f, sign), SpecialCase::FiniteDivInf);
    if (ub.cls == FloatClass::Zero) [[unlikely]] {
        if (ua.cls == FloatClass::Zero)
            return special(tr, {platform::defaultNan(f), kInvalid}, SpecialCase::ZeroDivZero);
        if (!f.hasInfinity())
            return special(tr, {platform::defaultNan(f), Flags(kDivideByZero | (f.hasNan() ? 0 : kInvalid))},
                           SpecialCase::DivByZeroNoInfinity);
        return special(tr, {infinityBits(f, sign), kDivideByZero}, SpecialCase::DivByZero);
    }
    if (ua.cls == FloatClass::Zero) [[unlikely]]
        return special(tr, zeroResult(f, sign), SpecialCase::ZeroDivided);
    const int s = f.precision() + 2;
    const W numerator = W(ua.significand) << s;
    const W quotient = numerator / W(ub.significand);
    const bool sticky = numerator != quotient * W(ub.significand);
    const int lz = countLeadingZeros(quotient);
    const int exp = ua.exponent - ub.exponent - s + (kWidth<W> - 1 - lz);
    const u64 sig = narrowJam(W(quotient << lz)) | u64(sticky);
    return finish(tr, roundPack(f, sign, exp, sig, env, 0, tr ? &tr->rounding : nullptr));
}

} // namespace fplab::detail
