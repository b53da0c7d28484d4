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

// 53 >= 2p + 2: Figueroa's condition for +, -, x, /, sqrt.
constexpr bool doubleRoundingInnocuous(int precision) { return 53 >= 2 * precision + 2; }

template <const Format& F>
struct DoubleRounding {
    static_assert(doubleRoundingInnocuous(F.precision()) && F.hasInfinity() && F.subnormals);
    static constexpr int kDropped = 53 - F.precision(); // binary64 fraction bits below F's last bit
    static constexpr std::uint64_t kLow = (std::uint64_t{1} << kDropped) - 1;
    static constexpr std::uint64_t kHalf = std::uint64_t{1} << (kDropped - 1);
    static constexpr std::uint64_t kNeitherNumberNorMidpoint = kLow ^ kHalf; // some bit set: w is neither
    static constexpr double kMinNormal = std::bit_cast<double>(std::uint64_t(F.minExponent() + 1023) << 52);
    static constexpr double kMaxFinite = std::bit_cast<double>(
        (std::uint64_t(F.maxExponent() + 1023) << 52) | (((std::uint64_t{1} << (F.precision() - 1)) - 1) << kDropped));

    static constexpr int kQuantumExponent = F.minExponent() - F.precision() + 1;
    static constexpr double kQuantum = std::bit_cast<double>(std::uint64_t(kQuantumExponent + 1023) << 52);
    // 1.5 x 2^52 quanta: |w| + kTinyMagic lies in a binade whose ulp is the quantum, so the binary64 addition
    // rounds |w| to the nearest (even) multiple of the quantum, exactly as F rounds a tiny value.
    static constexpr double kTinyMagic = std::bit_cast<double>((std::uint64_t(kQuantumExponent + 52 + 1023) << 52) |
                                                               (std::uint64_t{1} << 51));

    // RN_F(w) with flags exactly "inexact", when w is not an F number nor a midpoint, |w| >= F's smallest
    // normal and RN_F(w) is finite; false otherwise (NaN and infinity included).
    static bool roundInexact(double w, double& out) {
        const std::uint64_t u = std::bit_cast<std::uint64_t>(w);
        if ((u & kNeitherNumberNorMidpoint) == 0) return false;
        const double r = std::bit_cast<double>((u + kHalf) & ~kLow); // no tie, so half-up in magnitude is RN
        if (!(std::fabs(w) >= kMinNormal && std::fabs(r) <= kMaxFinite)) return false;
        out = r;
        return true;
    }
    // RN_F(w) with flags exactly "underflow, inexact", when 0 < |w| < F's smallest normal, w is not a multiple
    // of the quantum nor a midpoint between two, and it rounds below the smallest normal; false otherwise.
    static bool roundTiny(double w, double& out) {
        const double magnitude = std::fabs(w);
        if (!(magnitude < kMinNormal) || magnitude == 0.0) return false;
        const double r = (magnitude + kTinyMagic) - kTinyMagic;
        const double d = magnitude - r; // exact
        if (d == 0.0 || std::fabs(d) == 0.5 * kQuantum || !(r < kMinNormal)) return false;
        out = std::copysign(r, w);
        return true;
    }
    // RN_F(w) and its flags where one of the three cases above decides them (a finite F number: itself, no
    // flag); false otherwise (a midpoint, overflow, an infinity or a NaN).
    static bool round(double w, double& out, Flags& flags) {
        if (exactResult(w)) out = w;
        else if (roundInexact(w, out)) flags |= kInexact;
        else if (roundTiny(w, out)) flags |= Flags(kUnderflow | kInexact);
        else return false;
        return true;
    }
    // Whether w is a finite F number (zero, subnormal or normal): an exact w that is one is the result, with
    // no flag (an exact tiny result does not underflow).
    static bool exactResult(double w) {
        const std::uint64_t u = std::bit_cast<std::uint64_t>(w);
        const double magnitude = std::fabs(w);
        if (magnitude < kMinNormal) return (magnitude + kTinyMagic) - kTinyMagic == magnitude;
        return (u & kLow) == 0 && magnitude <= kMaxFinite;
    }
};

} // namespace fplab::training
