// Shared pieces of the operation templates: carrier choice, special results, trace recording.
#pragma once

#include "core/classify.h"
#include "core/detail/round_pack.h"
#include "core/detail/wide.h"
#include "core/platform/x86_nan.h"
#include "core/trace.h"

#include <type_traits>
#include <utility>

namespace fplab::detail {

// classify(f, bits) == FloatClass::Normal, tested with as few comparisons as the format allows:
// the operations check this first so that normal operands skip the special-case ladder.
FPLAB_INLINE constexpr bool isNormalEncoding(const Format& f, u64 bits) {
    const int e = exponentFieldOf(f, bits);
    switch (f.specials) {
    case SpecialValues::Ieee:
        if (f.hasZero) return unsigned(e - 1) < unsigned(f.maxExponentField() - 1);
        return e != f.maxExponentField();
    case SpecialValues::FiniteWithNan: return (e != 0 || !f.hasZero) && (bits & f.magnitudeMask()) != f.magnitudeMask();
    case SpecialValues::Fnuz: return (e != 0 || !f.hasZero) && (bits & f.bitMask()) != f.signMask();
    case SpecialValues::FiniteOnly: return e != 0 || !f.hasZero;
    }
    return false;
}

// isNormalEncoding() for a format with a sign and a zero, given the magnitude bits (the encoding
// without its sign): normal magnitudes form one interval, so one subtraction and one unsigned
// comparison test it.
FPLAB_INLINE constexpr bool isNormalMagnitude(const Format& f, u64 magnitude) {
    const u64 lowest = u64(1) << f.mantissaBits;
    const u64 end = f.specials == SpecialValues::Ieee            ? u64(f.maxExponentField()) << f.mantissaBits
                    : f.specials == SpecialValues::FiniteWithNan ? f.magnitudeMask()
                                                                 : f.magnitudeMask() + 1;
    return magnitude - lowest < end - lowest;
}

// The significand of a normal encoding (or of its magnitude bits): the mantissa field with the
// implicit bit, in [2^M, 2^(M+1)).
FPLAB_INLINE constexpr u64 normalSignificand(const Format& f, u64 bits) {
    return mantissaFieldOf(f, bits) | (u64(1) << f.mantissaBits);
}

// unpack() of an encoding known to be normal.
FPLAB_INLINE constexpr Unpacked unpackNormal(const Format& f, u64 bits) {
    return {signOf(f, bits), FloatClass::Normal, exponentFieldOf(f, bits) - f.bias, normalSignificand(f, bits)};
}

// All ones when the sign bit of `bits` (in f's layout) is set, else zero: a mask that negates by
// (x ^ mask) - mask, or selects, without a branch.
template <class W = u64>
FPLAB_INLINE constexpr W signBitMask(const Format& f, u64 bits) {
    return W(std::int64_t(bits << (64 - f.totalBits())) >> 63);
}

// A result decided by a special case (NaN, infinity, zero operand), recorded in the trace.
inline Result special(OperationTrace* tr, Result r, SpecialCase why) {
    if (tr) {
        tr->special = why;
        tr->result = r;
    }
    return r;
}

inline void recordOperands(OperationTrace* tr, Operation op, const Format& f, std::initializer_list<u64> bits) {
    if (!tr) return;
    tr->operation = op;
    tr->operands.clear();
    for (u64 b : bits) tr->operands.push_back({b, unpack(f, b)});
}

inline Result finish(OperationTrace* tr, Result r) {
    if (tr) tr->result = r;
    return r;
}

// The exact zero that x - x gives: +0, or -0 when rounding toward negative.
inline Result cancellationZero(const Format& f, const Env& env) {
    return zeroResult(f, env.rounding == RoundingMode::TowardNegative);
}

// The sign of an exact zero sum of two zeros (IEEE 754 6.3).
inline bool zeroSumSign(bool signA, bool signB, const Env& env) {
    if (signA == signB) return signA;
    return env.rounding == RoundingMode::TowardNegative;
}

// Rounds an exact finite nonzero value, unpacked from a format with `mantissaBits`
// (value = significand * 2^(exponent - mantissaBits), see Unpacked), into `to`.
inline Result packExact(const Format& to, const Unpacked& u, int mantissaBits, const Env& env,
                        RoundingTrace* tr = nullptr) {
    const int lz = std::countl_zero(u.significand);
    return roundPack(to, u.sign, u.exponent + (63 - lz) - mantissaBits, u.significand << lz, env, 0, tr);
}

// Adds or subtracts two magnitudes given with their leading bit at carrier bit w-2
// (value = sig * 2^(exp - (w-2))), the first at least as large as the second; the result
// takes the first one's sign. The smaller one is shifted right with its lost bits jammed into
// bit 0; the carrier must leave at least two spare bits below the result's rounding position
// (see docs/numerics.md).
template <class W>
FPLAB_INLINE Result addOrdered(const Format& f, bool sign, int expA, W sigA, bool subtract, int expB, W sigB,
                               const Env& env, OperationTrace* tr) {
    const int shift = expA - expB;
    const W small = shiftRightJamBelowTop(sigB, shift);
    if (tr) {
        tr->alignmentShift = shift;
        tr->alignmentLostBits = shift > 0 && (shift >= kWidth<W> || (sigB << (kWidth<W> - shift)) != 0);
        tr->effectiveSubtraction = subtract;
    }
    // sigA + small, or sigA - small (the two's complement of small is (small ^ ~0) + 1).
    // Masks rather than a branch: with random signs a branch would be mispredicted half the time.
    const W negate = W(0) - W(subtract);
    W sum = sigA + ((small ^ negate) - negate);
    if (sum == 0) {
        if (tr) tr->exactIsZero = true;
        return finish(tr, cancellationZero(f, env));
    }
    const int lz = countLeadingZeros(sum);
    sum <<= lz;
    return finish(tr, roundPack(f, sign, expA + 1 - lz, narrowJam(sum), env, 0, tr ? &tr->rounding : nullptr));
}

// addOrdered() for two magnitudes in either order.
template <class W>
FPLAB_INLINE Result addAligned(const Format& f, bool signA, int expA, W sigA, bool signB, int expB, W sigB,
                               const Env& env, OperationTrace* tr) {
    // The larger magnitude first, swapped with masks rather than a branch (see addOrdered).
    const bool swap = (expA < expB) | ((expA == expB) & (sigA < sigB));
    const bool subtract = signA != signB;
    const W sigSwap = (sigA ^ sigB) & (W(0) - W(swap));
    const int expSwap = (expA ^ expB) & -int(swap);
    return addOrdered<W>(f, signA != (swap & subtract), expA ^ expSwap, sigA ^ sigSwap, subtract, expB ^ expSwap,
                         sigB ^ sigSwap, env, tr);
}

template <class W>
FPLAB_INLINE W alignedSignificand(const Format& f, u64 significand) {
    return W(significand) << (kWidth<W> - 2 - f.mantissaBits);
}

} // namespace fplab::detail
