// Addition and subtraction.
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

template <class W>
FPLAB_INLINE Result addOp(const Format& f, u64 a, u64 b, bool subtract, const Env& env, OperationTrace* tr) {
    recordOperands(tr, subtract ? "sub" : "add", f, {a, b});
    const Unpacked ua = unpack(f, a);
    Unpacked ub = unpack(f, b);
    if (isNan(ua.cls) || isNan(ub.cls)) [[unlikely]] {
        Flags fl = 0;
        const u64 nan = platform::propagateNan(f, a, b, fl);
        return special(tr, {nan, fl}, "a NaN operand gives a NaN");
    }
    if (subtract) ub.sign = !ub.sign;
    if (ua.cls == FloatClass::Infinity || ub.cls == FloatClass::Infinity) [[unlikely]] {
        if (ua.cls == FloatClass::Infinity && ub.cls == FloatClass::Infinity && ua.sign != ub.sign)
            return special(tr, {platform::defaultNan(f), kInvalid}, "inf - inf is invalid");
        const bool sign = ua.cls == FloatClass::Infinity ? ua.sign : ub.sign;
        return special(tr, {infinityBits(f, sign), 0}, "an infinite operand gives infinity");
    }
    if (ua.cls == FloatClass::Zero || ub.cls == FloatClass::Zero) [[unlikely]] {
        if (ua.cls == FloatClass::Zero && ub.cls == FloatClass::Zero)
            return special(tr, zeroResult(f, zeroSumSign(ua.sign, ub.sign, env)), "the sum of two zeros is zero");
        return special(tr, packExact(f, ua.cls == FloatClass::Zero ? ub : ua, f.mantissaBits, env), "adding zero changes nothing");
    }
    return addAligned<W>(f, ua.sign, ua.exponent, alignedSignificand<W>(f, ua.significand), ub.sign, ub.exponent,
                         alignedSignificand<W>(f, ub.significand), env, tr);
}

} // namespace fplab::detail
