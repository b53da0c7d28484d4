// Square root: an integer square root with at least p+2 bits, the remainder as the sticky bit.
#pragma once

#include "core/ops/common.h"

#include <cmath>
#include <type_traits>

namespace fplab::detail {

// floor(sqrt(r)) for r < 2^62: a double estimate, corrected to the exact integer root.
inline u64 integerSqrtSmall(u64 r) {
    u64 q = u64(std::sqrt(double(r)));
    while (q * q > r) --q;
    while ((q + 1) * (q + 1) <= r) ++q;
    return q;
}

template <class W>
FPLAB_INLINE Result sqrtOp(const Format& f, u64 a, const Env& env, OperationTrace* tr) {
    recordOperands(tr, Operation::Sqrt, f, {a});
    const Unpacked ua = unpack(f, a);
    if (isNan(ua.cls)) [[unlikely]] {
        Flags fl = ua.cls == FloatClass::SignalingNaN ? kInvalid : 0;
        return special(tr, {platform::quietNan(f, a), fl}, SpecialCase::SqrtNan);
    }
    if (ua.cls == FloatClass::Zero) [[unlikely]]
        return special(tr, zeroResult(f, ua.sign), SpecialCase::SqrtZero);
    if (ua.sign) [[unlikely]]
        return special(tr, {platform::defaultNan(f), kInvalid}, SpecialCase::SqrtNegative);
    if (ua.cls == FloatClass::Infinity) [[unlikely]]
        return special(tr, {infinityBits(f, false), 0}, SpecialCase::SqrtInf);
    // value = sig * 2^t; scale sig by 2^j (t - j even) so the root has p+2 bits or more.
    const int t = ua.exponent - f.mantissaBits;
    int j = f.mantissaBits + 4;
    if ((t - j) & 1) ++j;
    const W radicand = W(ua.significand) << j;
    u64 root;
    if constexpr (std::is_same_v<W, u64>) root = integerSqrtSmall(radicand);
    else root = integerSqrt(radicand);
    const bool sticky = W(root) * W(root) != radicand;
    const int lz = std::countl_zero(root);
    const int exp = (t - j) / 2 + (63 - lz);
    return finish(tr, roundPack(f, false, exp, (root << lz) | u64(sticky), env, 0, tr ? &tr->rounding : nullptr));
}

} // namespace fplab::detail
