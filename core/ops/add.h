// Addition and subtraction.
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

// Every case, with the trace. Fmt is a Format or a PresetFormat (see forPreset).
template <class W, class Fmt>
FPLAB_NOINLINE Result addOpGeneral(const Fmt& fmt, u64 a, u64 b, bool subtract, const Env& env, OperationTrace* tr) {
    const Format& f = fmt;
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

// Two normal operands inline; the rest out of line.
template <class W>
FPLAB_INLINE Result addOp(const Format& f, u64 a, u64 b, bool subtract, const Env& env, OperationTrace* tr) {
    if (tr == nullptr && f.hasSign && isNormalEncoding(f, a) && isNormalEncoding(f, b)) [[likely]] {
        // For normal numbers the magnitude bits order like the values: one comparison finds the larger.
        const u64 bSigned = subtract ? b ^ f.signMask() : b;
        const u64 swap = u64(0) - u64((a & f.magnitudeMask()) < (bSigned & f.magnitudeMask()));
        const u64 hi = a ^ ((a ^ bSigned) & swap), lo = bSigned ^ ((a ^ bSigned) & swap);
        const Unpacked uh = unpackNormal(f, hi), ul = unpackNormal(f, lo);
        return addOrdered<W>(f, uh.sign, uh.exponent, alignedSignificand<W>(f, uh.significand), uh.sign != ul.sign,
                             ul.exponent, alignedSignificand<W>(f, ul.significand), env, nullptr);
    }
    return forPreset(f, [&](const auto& ff) FPLAB_LAMBDA_INLINE { return addOpGeneral<W>(ff, a, b, subtract, env, tr); });
}

} // namespace fplab::detail
