// An operation of fp32, fp16 or bf16 computed in binary64 and rounded once to the format, where that is
// provably the format's own result (round to nearest even, tininess after rounding); everywhere else the
// caller computes on the soft-float core.
//
// Why it is exact. Let x be the exact result, w = RN64(x) and F the format (precision p <= 24). F's numbers
// and the midpoints between neighbours are binary64 numbers and rounding is monotonic, so x and w lie on the
// same side of every midpoint, or w is one: RN_F(w) = RN_F(x) unless w is a midpoint of F. The fast path
// takes w only when it is neither a midpoint nor an F number (then x is no F number either: the result is
// inexact), with |w| in F's normal range and RN_F(w) finite: inexact is then the only flag, as the core
// raises it. Figueroa ("When is double rounding innocuous?", ACM SIGNUM Newsletter 30(3), 1995) proves that
// for +, -, x, / and sqrt an inexact w is never a midpoint when binary64's 53 bits are at least 2p + 2, which
// holds for p = 24, 11 and 8; the fused multiply-add is not covered, so the midpoint test is kept for all.
// Products of two such numbers are exact in binary64 (2p <= 53, and 2^-298 is far above its underflow).
// Below F's smallest normal the same holds with F's subnormals (multiples of its quantum q) and their
// midpoints; there the result is also tiny after rounding (the core's rule) when it rounds below the
// smallest normal, so its flags are underflow and inexact.
#pragma once

#include "core/detail/round_pack.h"
#include "core/detail/two_sum.h"
#include "core/flags.h"
#include "core/format.h"

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>

namespace fplab::training {

// Binary64 arithmetic that is IEEE 754's with no wider intermediates (not x87): the condition of every
// fast path, checked once here.
inline constexpr bool kDoubleRoundingPathAvailable = std::numeric_limits<double>::is_iec559 && FLT_EVAL_METHOD == 0;

// 53 >= 2p + 2: Figueroa's condition for +, -, x, /, sqrt (wide: the wider format's precision).
constexpr bool doubleRoundingInnocuous(int precision, int wide = 53) { return wide >= 2 * precision + 2; }

// The wider format the fast paths compute in: binary64.
template <class Wide>
struct WideFormat;
template <>
struct WideFormat<double> {
    using Bits = std::uint64_t;
    static constexpr int kPrecision = 53, kBias = 1023;
};

template <const Format& F, class Wide = double>
struct DoubleRounding {
    using W = WideFormat<Wide>;
    using Bits = typename W::Bits;
    static constexpr int kFraction = W::kPrecision - 1;
    static_assert(doubleRoundingInnocuous(F.precision(), W::kPrecision) && F.hasInfinity() && F.subnormals);
    static constexpr int kDropped = W::kPrecision - F.precision(); // the wide fraction's bits below F's last bit
    static constexpr Bits kLow = (Bits{1} << kDropped) - 1;
    static constexpr Bits kHalf = Bits{1} << (kDropped - 1);
    static constexpr Bits kNeitherNumberNorMidpoint = kLow ^ kHalf; // some bit set: w is neither
    static constexpr Wide kMinNormal = std::bit_cast<Wide>(Bits(F.minExponent() + W::kBias) << kFraction);
    static constexpr Wide kMaxFinite = std::bit_cast<Wide>(Bits(Bits(F.maxExponent() + W::kBias) << kFraction) |
                                                           Bits(((Bits{1} << (F.precision() - 1)) - 1) << kDropped));

    static constexpr int kQuantumExponent = F.minExponent() - F.precision() + 1;
    // Products of two F numbers are exact normal numbers of the wide format.
    static_assert(2 * kQuantumExponent >= 1 - W::kBias && 2 * (F.maxExponent() + 1) <= W::kBias);
    static constexpr Wide kQuantum = std::bit_cast<Wide>(Bits(kQuantumExponent + W::kBias) << kFraction);
    // 1.5 x 2^(wide fraction bits) quanta: |w| + kTinyMagic lies in a binade whose ulp is the quantum, so the
    // addition rounds |w| to the nearest (even) multiple of the quantum, exactly as F rounds a tiny value.
    static constexpr Wide kTinyMagic = std::bit_cast<Wide>(
        Bits(Bits(kQuantumExponent + kFraction + W::kBias) << kFraction) | Bits(Bits{1} << (kFraction - 1)));

    // RN_F(w) with flags exactly "inexact", when w is not an F number nor a midpoint, |w| >= F's smallest
    // normal and RN_F(w) is finite; false otherwise (NaN and infinity included).
    FPLAB_INLINE static bool roundInexact(Wide w, Wide& out) {
        const Bits u = std::bit_cast<Bits>(w);
        if ((u & kNeitherNumberNorMidpoint) == 0) return false;
        const Wide r = std::bit_cast<Wide>(Bits((u + kHalf) & ~kLow)); // no tie, so half-up in magnitude is RN
        if (!(std::fabs(w) >= kMinNormal && std::fabs(r) <= kMaxFinite)) return false;
        out = r;
        return true;
    }
    // RN_F(w) with flags exactly "underflow, inexact", when 0 < |w| < F's smallest normal, w is not a multiple
    // of the quantum nor a midpoint between two, and it rounds below the smallest normal; false otherwise.
    FPLAB_INLINE static bool roundTiny(Wide w, Wide& out) {
        const Wide magnitude = std::fabs(w);
        if (!(magnitude < kMinNormal) || magnitude == 0) return false;
        const Wide r = (magnitude + kTinyMagic) - kTinyMagic;
        const Wide d = magnitude - r; // exact
        if (d == 0 || std::fabs(d) == Wide(0.5) * kQuantum || !(r < kMinNormal)) return false;
        out = std::copysign(r, w);
        return true;
    }
    // RN_F(w) and its flags where one of the three cases above decides them (a finite F number: itself, no
    // flag); false otherwise (a midpoint, overflow, an infinity or a NaN).
    FPLAB_INLINE static bool round(Wide w, Wide& out, Flags& flags) {
        if (exactResult(w)) out = w;
        else if (roundInexact(w, out)) flags |= kInexact;
        else if (roundTiny(w, out)) flags |= Flags(kUnderflow | kInexact);
        else return false;
        return true;
    }
    // Whether w is a finite F number (zero, subnormal or normal): an exact w that is one is the result, with
    // no flag (an exact tiny result does not underflow).
    FPLAB_INLINE static bool exactResult(Wide w) {
        const Bits u = std::bit_cast<Bits>(w);
        const Wide magnitude = std::fabs(w);
        if (magnitude < kMinNormal) return (magnitude + kTinyMagic) - kTinyMagic == magnitude;
        return (u & kLow) == 0 && magnitude <= kMaxFinite;
    }
};

} // namespace fplab::training
