// Pieces of the block FMA shared by the step-recording path (block_fma.cpp) and the fast GEMM
// (emulated_gemm.cpp), so both cut, normalise and round in exactly one way.
#pragma once

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/detail/round_pack.h"
#include "core/tensor_core/gpu_specials.h"
#include "core/tensor_core/mma_config.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>

namespace fplab::tc::detail {

using fplab::detail::u64;

// An operand split as step 1 of the model: |x| = sig * 2^(exp - M) with exp = max(floor(log2|x|), emin),
// so a subnormal keeps exp = emin and a significand below 2^M (no renormalisation).
struct Decoded {
    FloatClass cls = FloatClass::Zero;
    bool sign = false;
    u64 sig = 0;
    int exp = 0;
};

inline Decoded decodeOperand(const Format& f, u64 bits) {
    Decoded d;
    d.cls = classify(f, bits);
    d.sign = signOf(f, bits);
    if (d.cls == FloatClass::Normal) {
        d.sig = mantissaFieldOf(f, bits) | (u64(1) << f.mantissaBits);
        d.exp = exponentFieldOf(f, bits) - f.bias;
    } else if (d.cls == FloatClass::Subnormal) {
        d.sig = mantissaFieldOf(f, bits);
        d.exp = f.minExponent();
    }
    return d;
}

// The operand in the unit's own encoding: TF32 operands arrive as FP32 bits and are converted first.
inline u64 unitOperand(const BlockModel& m, u64 given) {
    if (m.config.input != InputType::Tf32) return given;
    return tf32FromFp32Container(tf32Operand(std::uint32_t(given), m.config.tf32Input));
}

// floor(sig * 2^shift) for a magnitude; shift < 0 cuts bits off (step 3: toward zero in magnitude).
inline u64 cutMagnitude(u64 sig, int shift) {
    if (shift >= 0) return sig << shift;
    if (shift <= -64) return 0;
    return sig >> -shift;
}

// Step 5: normalise S * 2^(E-F) once and round it into the model's round format; the result is
// returned in the accumulator format. Overflow gives an infinity whatever the rounding mode.
inline u64 roundBlockSum(const BlockModel& m, std::int64_t s, int e, RoundingTrace* tr = nullptr,
                         bool* overflowed = nullptr) {
    if (overflowed) *overflowed = false;
    // An exact zero sum is +0 in both published models [S] (docs/tensor-core-model.md section 1.8).
    if (s == 0) return 0;
    const bool sign = s < 0;
    const u64 mag = sign ? u64(0) - u64(s) : u64(s);
    const int lz = std::countl_zero(mag);
    Env env;
    env.rounding = m.finalRounding;
    const Result r = fplab::detail::roundPack(m.roundFormat, sign, e - m.fractionBits + 63 - lz, mag << lz, env, 0, tr);
    u64 bits = r.bits;
    if (r.flags & kOverflow) {
        bits = overflowInfinity(m.roundFormat, sign);
        if (overflowed) *overflowed = true;
    }
    // A nonzero sum rounded to zero: -0 for a negative sum, or +0 under ZeroSign::Positive (an open corner).
    if (m.corners.zeroSign == ZeroSign::Positive && (bits & ~m.roundFormat.signMask()) == 0) bits = 0;
    // e8m13 sits in the top 22 bits of FP32: the same exponent field, 13 of the 23 mantissa bits.
    const int widen = m.accumFormat.mantissaBits - m.roundFormat.mantissaBits;
    return bits << widen;
}

// The exponent a product with a zero operand has under ZeroProducts::Counted: a zero operand counts as
// kZeroOperandExponent (MMA-Sim), any other operand with its own exponent.
inline int zeroProductExponent(const Decoded& a, const Decoded& b) {
    return (a.sig == 0 ? kZeroOperandExponent : a.exp) + (b.sig == 0 ? kZeroOperandExponent : b.exp);
}

// Step 3's E under each reading of the all-tiny edge case (docs/tensor-core-model.md section 2.2).
// maxProduct: the largest product exponent (INT_MIN when every product is zero).
inline int blockExponent(const BlockModel& m, TinyModel model, int maxProduct, bool cNonzero, int cExp) {
    if (model == TinyModel::MmaSim) return std::max(maxProduct, cNonzero ? cExp : -126);
    return std::max({maxProduct, cNonzero ? cExp : INT_MIN, m.khattakMinExponent});
}

} // namespace fplab::tc::detail
