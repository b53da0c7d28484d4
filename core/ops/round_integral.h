// Rounding to an integral value in the same format (IEEE roundToIntegral / roundToIntegralExact).
#pragma once

#include "core/ops/common.h"

namespace fplab::detail {

// Rounds |value| = sig * 2^(exp - 63) (bit 63 set) to an integer; `huge` when exp >= 64.
struct IntegerPart {
    u64 magnitude = 0;
    bool inexact = false;
    bool huge = false;
};
inline IntegerPart roundToInteger(bool sign, int exp, u64 sig, const Env& env) {
    if (exp >= 64) return {0, false, true};
    if (exp == 63) return {sig, false, false};
    const int discard = exp >= -1 ? 63 - exp : 64;
    const Rounded r = roundAt(env, sign, exp >= -1 ? sig : 1, discard);
    return {r.kept, r.inexact, false};
}

inline Result roundToIntegralOp(const Format& f, u64 a, const Env& env, bool signalInexact) {
    const Unpacked u = unpack(f, a);
    if (isNan(u.cls)) return {platform::quietNan(f, a), Flags(u.cls == FloatClass::SignalingNaN ? kInvalid : 0)};
    if (u.cls == FloatClass::Infinity || u.cls == FloatClass::Zero) return {a, 0};
    if (u.exponent >= f.mantissaBits) return {a, 0}; // already an integer
    const int lz = std::countl_zero(u.significand);
    const IntegerPart ip = roundToInteger(u.sign, u.exponent, u.significand << lz, env);
    const Flags fl = ip.inexact && signalInexact ? kInexact : 0;
    if (ip.magnitude == 0) return zeroResult(f, u.sign, fl);
    const int ilz = std::countl_zero(ip.magnitude);
    const Result r = roundPack(f, u.sign, 63 - ilz, ip.magnitude << ilz, env);
    return {r.bits, Flags(fl | (r.flags & ~kInexact))};
}

} // namespace fplab::detail
