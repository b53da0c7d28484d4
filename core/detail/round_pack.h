// The one rounding path: every operation and conversion ends here, so rounding
// modes, overflow, underflow, tininess and the flags are decided in one place.
#pragma once

#include "core/classify.h"
#include "core/detail/preset_dispatch.h"
#include "core/detail/wide.h"
#include "core/format.h"
#include "core/platform/x86_nan.h"
#include "core/result.h"
#include "core/rounding.h"
#include "core/trace.h"

namespace fplab::detail {

#if defined(__GNUC__)
#define FPLAB_INLINE [[gnu::always_inline]] inline
// For the rare cases kept out of line, so that the common case stays small where it is inlined.
#define FPLAB_NOINLINE [[gnu::noinline]]
// After a lambda's parameter list: the lambda is inlined where it is called.
#define FPLAB_LAMBDA_INLINE __attribute__((always_inline))
#else
#define FPLAB_INLINE inline
#define FPLAB_NOINLINE
#define FPLAB_LAMBDA_INLINE
#endif

// Whether to add one ulp to `kept`, given the discarded bits `rem` out of
// `discard` bits (half = 2^(discard-1)).
FPLAB_INLINE bool roundsUp(const Env& env, bool sign, u64 kept, u64 rem, int discard) {
    if (rem == 0) return false;
    const u64 half = u64(1) << (discard - 1);
    switch (env.rounding) {
    case RoundingMode::NearestEven: return rem > half || (rem == half && (kept & 1));
    case RoundingMode::NearestAway: return rem >= half;
    case RoundingMode::TowardZero: return false;
    case RoundingMode::TowardPositive: return !sign;
    case RoundingMode::TowardNegative: return sign;
    case RoundingMode::ToOdd: return false;
    case RoundingMode::Stochastic: {
        // Up with probability rem / 2^discard.
        const u64 r = discard >= 64 ? env.randomBits : env.randomBits & ((u64(1) << discard) - 1);
        return r < rem;
    }
    }
    return false;
}

// Splits a 64-bit carrier at `discard` bits (1..64) and rounds.
struct Rounded {
    u64 kept;
    bool inexact;
    bool up;
};
FPLAB_INLINE Rounded roundAt(const Env& env, bool sign, u64 sig, int discard) {
    const u64 kept = discard >= 64 ? 0 : sig >> discard;
    const u64 rem = discard >= 64 ? sig : sig & ((u64(1) << discard) - 1);
    if (env.rounding == RoundingMode::NearestEven) [[likely]] {
        // roundsUp() for nearest-even without branches: an odd `kept` turns the tie into "above half".
        const bool up = rem + (kept & 1) > (u64(1) << (discard - 1));
        return {kept + u64(up), rem != 0, up};
    }
    const bool up = roundsUp(env, sign, kept, rem, discard);
    u64 k = kept + (up ? 1 : 0);
    if (env.rounding == RoundingMode::ToOdd && rem != 0) k |= 1;
    return {k, rem != 0, up};
}

inline bool overflowGoesToInfinity(RoundingMode mode, bool sign) {
    switch (mode) {
    case RoundingMode::NearestEven:
    case RoundingMode::NearestAway:
    case RoundingMode::Stochastic: return true;
    case RoundingMode::TowardPositive: return !sign;
    case RoundingMode::TowardNegative: return sign;
    case RoundingMode::TowardZero:
    case RoundingMode::ToOdd: return false;
    }
    return true;
}

inline Result overflowResult(const Format& f, bool sign, const Env& env, Flags flags) {
    flags |= kOverflow | kInexact;
    const bool toLargest = !overflowGoesToInfinity(env.rounding, sign) || env.saturate ||
                           f.specials == SpecialValues::FiniteOnly;
    if (toLargest) return {maxFiniteBits(f, sign), flags};
    if (f.hasInfinity()) return {infinityBits(f, sign), flags};
    return {f.specials == SpecialValues::Fnuz ? f.signMask() : (f.magnitudeMask() | (sign ? f.signMask() : 0)), flags};
}

// A result that has no encoding because the format is unsigned (E8M0) and the value negative.
inline Result invalidForUnsigned(const Format& f, Flags flags) {
    return {platform::defaultNan(f), Flags(flags | kInvalid)};
}

void describeRounding(RoundingTrace& tr, const Env& env, int discard, u64 sig);
// For stochastic rounding: the discarded bits and the draw compared with them.
void noteStochastic(RoundingTrace& tr, const Env& env, int discard, u64 sig);

// roundPack() in full: every case, with the trace. Fmt is a Format or a PresetFormat (see forPreset).
template <class Fmt>
FPLAB_NOINLINE Result roundPackGeneral(const Fmt& fmt, bool sign, int exp, u64 sig, const Env& env, Flags flags,
                                       RoundingTrace* tr) {
    const Format& f = fmt;
    if (!f.hasSign && sign) return invalidForUnsigned(f, flags);
    const int p = f.precision();
    const int emin = f.minExponent();
    const bool tinyBefore = exp < emin;
    if (tr) {
        tr->sign = sign;
        tr->exponent = exp;
        tr->significand = sig;
        tr->tinyBeforeRounding = tinyBefore;
        if (env.rounding == RoundingMode::Stochastic) {
            // The two results stochastic rounding chooses between: the same value rounded toward and away from zero.
            Env towardZero = env, awayFromZero = env;
            towardZero.rounding = RoundingMode::TowardZero;
            awayFromZero.rounding = sign ? RoundingMode::TowardNegative : RoundingMode::TowardPositive;
            StochasticTrace& st = tr->stochastic.emplace();
            st.towardZero = roundPackGeneral(fmt, sign, exp, sig, towardZero, flags, nullptr).bits;
            st.awayFromZero = roundPackGeneral(fmt, sign, exp, sig, awayFromZero, flags, nullptr).bits;
        }
    }

    if (!tinyBefore) [[likely]] {
        const int discard = 64 - p;
        const Rounded r = roundAt(env, sign, sig, discard);
        if (tr) {
            tr->keptBits = p;
            describeRounding(*tr, env, discard, sig);
        }
        // kept includes the implicit bit, so adding it to (biased exponent - 1) << M
        // also carries a rounded-up 2^p into the exponent field.
        const std::int64_t biasedMinus1 = std::int64_t(exp) + f.bias - 1;
        if (biasedMinus1 + 1 > f.maxExponentField()) {
            if (tr) tr->decision = RoundingDecision::Overflowed;
            return overflowResult(f, sign, env, flags);
        }
        const u64 magnitude = (u64(biasedMinus1) << f.mantissaBits) + r.kept;
        if (magnitude > f.maxFiniteMagnitude()) {
            if (tr) tr->decision = RoundingDecision::Overflowed;
            return overflowResult(f, sign, env, flags);
        }
        if (r.inexact) flags |= kInexact;
        return {magnitude | (sign ? f.signMask() : 0), flags};
    }

    // Tiny before rounding. Tininess after rounding: would rounding to p bits
    // with an unbounded exponent still give a value below 2^emin?
    bool tinyAfter = true;
    if (exp == emin - 1) {
        const Rounded full = roundAt(env, sign, sig, 64 - p);
        tinyAfter = full.kept < (u64(1) << p);
    }
    const bool tiny = env.tininess == Tininess::BeforeRounding ? true : tinyAfter;
    if (tr) tr->tinyAfterRounding = tinyAfter;

    if (!f.hasZero) {
        // E8M0: no zero, no subnormals; everything below the smallest value becomes it.
        const Rounded full = roundAt(env, sign, sig, 64 - p);
        const bool reachesMin = exp == emin - 1 && full.kept >= (u64(1) << p);
        if (tr) {
            tr->keptBits = p;
            describeRounding(*tr, env, 64 - p, sig);
        }
        flags |= kInexact;
        if (!reachesMin || env.tininess == Tininess::BeforeRounding) flags |= kUnderflow;
        return {minNormalBits(f), flags};
    }

    if (!f.subnormals) {
        // Flush to zero unless the value rounds up to the smallest normal.
        if (tinyAfter) {
            if (tr) {
                tr->keptBits = p;
                tr->decision = RoundingDecision::FlushedToZero;
                noteStochastic(*tr, env, 64 - p, sig);
            }
            const bool keepSign = sign && f.hasNegativeZero();
            return {keepSign ? f.signMask() : 0, Flags(flags | kUnderflow | kInexact)};
        }
        if (tr) {
            tr->keptBits = p;
            describeRounding(*tr, env, 64 - p, sig);
        }
        flags |= kInexact;
        if (tiny) flags |= kUnderflow;
        return {minNormalBits(f) | (sign ? f.signMask() : 0), flags};
    }

    // Subnormal: keep only the bits at or above 2^(emin - M).
    const int keep = p - (emin - exp);
    Rounded r;
    int discard;
    if (keep >= 0) {
        discard = 64 - keep;
        r = roundAt(env, sign, sig, discard);
    } else {
        // Below half of the smallest subnormal: every bit is discarded. Shift the value into the
        // discarded field (sticky-jammed) so stochastic rounding still sees its true fraction.
        discard = 64;
        sig = shiftRightJam(sig, -keep);
        r = roundAt(env, sign, sig, 64);
    }
    if (tr) {
        tr->keptBits = keep < 0 ? 0 : keep;
        describeRounding(*tr, env, discard, sig);
    }
    // Exponent field 0 plus the kept bits; a carry to 2^M lands on the smallest normal.
    u64 magnitude = r.kept;
    if (r.inexact) flags |= kInexact;
    if (tiny && r.inexact) flags |= kUnderflow;
    if (magnitude == 0 && !f.hasNegativeZero()) sign = false;
    return {magnitude | (sign ? f.signMask() : 0), flags};
}

// roundPack() for callers that hold the exponent biased (exp + f.bias) and the sign as the
// format's sign bit (0 or f.signMask()): the common case then costs the fewest instructions.
FPLAB_INLINE Result roundPackBiased(const Format& f, u64 signBit, std::int64_t biased, u64 sig, const Env& env,
                                    Flags flags = 0, RoundingTrace* tr = nullptr) {
    // Not tiny and no exponent overflow, in one unsigned comparison.
    const int lowest = f.minNormalExponentField();
    if (tr == nullptr && u64(biased - lowest) <= u64(f.maxExponentField() - lowest)) [[likely]] {
        const Rounded r = roundAt(env, signBit != 0, sig, 64 - f.precision());
        // kept includes the implicit bit, so a rounded-up 2^p carries into the exponent field.
        const u64 magnitude = (u64(biased - 1) << f.mantissaBits) + r.kept;
        if (magnitude <= f.maxFiniteMagnitude()) [[likely]]
            return {magnitude | signBit, Flags(flags | (r.inexact ? kInexact : 0))};
    }
    const bool sign = signBit != 0;
    const int exp = int(biased - f.bias);
    return forPreset(f, [&](const auto& ff)
                            FPLAB_LAMBDA_INLINE { return roundPackGeneral(ff, sign, exp, sig, env, flags, tr); });
}

// Rounds (-1)^sign * sig * 2^(exp - 63) to the format. `sig` must have bit 63
// set; bits lost before this call must be OR-ed into bit 0 (sticky).
// `flags` carries flags the operation already raised.
// The common case (no trace, not tiny, no overflow) is inlined here; it is the first branch of
// roundPackGeneral(), which handles everything else.
FPLAB_INLINE Result roundPack(const Format& f, bool sign, int exp, u64 sig, const Env& env, Flags flags = 0,
                              RoundingTrace* tr = nullptr) {
    // An unsigned format (E8M0) has no sign bit to carry a negative result to the general path.
    if (!f.hasSign && sign) [[unlikely]]
        return invalidForUnsigned(f, flags);
    return roundPackBiased(f, sign ? f.signMask() : 0, std::int64_t(exp) + f.bias, sig, env, flags, tr);
}

// An exact zero result: its sign is decided by the caller.
FPLAB_INLINE Result zeroResult(const Format& f, bool negative, Flags flags = 0) {
    // E8M0 has no zero: its smallest value stands in, flagged as an underflow.
    if (!f.hasZero) [[unlikely]]
        return {minNormalBits(f), Flags(flags | kUnderflow | kInexact)};
    return {negative && f.hasNegativeZero() ? f.signMask() : 0, flags};
}

} // namespace fplab::detail
