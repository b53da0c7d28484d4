// The test vectors of docs/tensor-core-model.md section 5 as exact bit expectations, and
// hand-derived cases for fp16 accumulators, overflow, NaN/infinity rules, int8 and the edge cases.
#include "tests/tensor_core/tc_test_support.h"

#include "core/tensor_core/reference_gemm.h"

#include <gtest/gtest.h>

namespace fplab::tc::test {
namespace {

// fp16 encodings used below (1-5-10, bias 15).
constexpr std::uint64_t kH1 = 0x3C00, kHm1 = 0xBC00, kH2 = 0x4000, kHHalf = 0x3800, kHMinusHalf = 0xB800;
constexpr std::uint64_t kH2m24 = 0x0001;   // 2^-24, the smallest subnormal
constexpr std::uint64_t kH3x2m24 = 0x0003; // 3 * 2^-24
constexpr std::uint64_t kH2m23 = 0x0002;   // 2^-23
constexpr std::uint64_t kH2m11 = 0x1000;   // 2^-11
constexpr std::uint64_t kH2m13 = 0x0800;   // 2^-13
constexpr std::uint64_t kHInf = 0x7C00, kHNegInf = 0xFC00, kHZero = 0x0000;
constexpr std::uint64_t kF1 = 0x3F800000, kF1p2m23 = 0x3F800001;

const BlockModel& a100() {
    static const BlockModel m = makeModel(Arch::Sm80, InputType::Fp16, AccumType::Fp32);
    return m;
}
const BlockModel& h100() {
    static const BlockModel m = makeModel(Arch::Sm90, InputType::Fp16, AccumType::Fp32);
    return m;
}

TEST(SpecVectors, Parameters) {
    EXPECT_EQ(a100().fractionBits, 24);
    EXPECT_EQ(a100().blockSize, 8);
    EXPECT_EQ(h100().fractionBits, 25);
    EXPECT_EQ(h100().blockSize, 16);
    const BlockModel tf80 = makeModel(Arch::Sm80, InputType::Tf32, AccumType::Fp32);
    const BlockModel tf90 = makeModel(Arch::Sm90, InputType::Tf32, AccumType::Fp32);
    EXPECT_EQ(tf80.blockSize, 4);
    EXPECT_EQ(tf90.blockSize, 8);
    const BlockModel fp8 = makeModel(Arch::Sm90, InputType::E4m3, AccumType::Fp32);
    EXPECT_EQ(fp8.fractionBits, 13);
    EXPECT_EQ(fp8.blockSize, 32);
}

// 1. The final rounding is RZ: 2 + 3*2^-24 gives 2.0 where IEEE RN gives 2 + 2^-22.
TEST(SpecVectors, V1FinalRoundingIsTowardZero) {
    for (const BlockModel* m : {&a100(), &h100()}) {
        EXPECT_EQ(dot(*m, {kH1, kH1}, {kH2, kH3x2m24}, 0).bits, 0x40000000u) << archName(m->config.arch);
        // All values negated: -2.0, where IEEE RN gives -(2 + 2^-22).
        EXPECT_EQ(dot(*m, {kHm1, kHm1}, {kH2, kH3x2m24}, 0x80000000).bits, 0xC0000000u) << archName(m->config.arch);
    }
    const std::vector<std::uint32_t> a{std::uint32_t(kH1), std::uint32_t(kH1)},
        b{std::uint32_t(kH2), std::uint32_t(kH3x2m24)};
    const std::vector<std::uint32_t> c{0};
    std::vector<std::uint32_t> d(1);
    referenceGemmExact(a100(), {1, 1, 2}, a, b, c, d);
    EXPECT_EQ(d[0], 0x40000001u);
}

// 2. Extra alignment bits: A100 keeps one (F = 24), H100 two (F = 25).
TEST(SpecVectors, V2ExtraAlignmentBits) {
    const std::vector<std::uint64_t> a{kH2m24, kH2m24, kH2m24}, b{kH1, kHHalf, kHHalf};
    EXPECT_EQ(dot(a100(), a, b, kF1).bits, 0x3F800000u);
    EXPECT_EQ(dot(h100(), a, b, kF1).bits, 0x3F800001u);
}

// 3. Block size: the small term at k = 8 is in a second block on A100 (n = 8), the same block on H100 (n = 16).
TEST(SpecVectors, V3BlockSize) {
    std::vector<std::uint64_t> a(16, 0), b(16, 0);
    a[0] = b[0] = kH1;
    a[8] = kH2m23;
    b[8] = kH1;
    EXPECT_EQ(chainedDot(a100(), a, b, kF1p2m23).bits, 0x40000000u);
    EXPECT_EQ(chainedDot(h100(), a, b, kF1p2m23).bits, 0x40000001u);
    // Moved to k = 1: one block on both.
    std::swap(a[1], a[8]);
    std::swap(b[1], b[8]);
    EXPECT_EQ(chainedDot(a100(), a, b, kF1p2m23).bits, 0x40000001u);
    EXPECT_EQ(chainedDot(h100(), a, b, kF1p2m23).bits, 0x40000001u);
    // IEEE sequential gives 2.0 either way.
    std::vector<std::uint32_t> a32(a.begin(), a.end()), b32(b.begin(), b.end()), c{std::uint32_t(kF1p2m23)}, d(1);
    referenceGemmSequential(a100(), {1, 1, 16}, a32, b32, c, d, SequentialKind::Fma);
    EXPECT_EQ(d[0], 0x40000000u);
}

// 4. Cutting is per term, not RZ of the exact sum: on A100 the result lies above the exact value.
TEST(SpecVectors, V4CutPerTerm) {
    EXPECT_EQ(dot(a100(), {kH3x2m24}, {kHMinusHalf}, kF1).bits, 0x3F7FFFFFu);
    EXPECT_EQ(dot(h100(), {kH3x2m24}, {kHMinusHalf}, kF1).bits, 0x3F7FFFFEu);
}

// 5. TF32: raw FP32 operands lose their low 13 bits; __float_to_tf32 (rna) and cuBLAS (rne) round.
TEST(SpecVectors, V5Tf32Truncation) {
    for (Arch arch : {Arch::Sm80, Arch::Sm90}) {
        const BlockModel trunc = makeModel(arch, InputType::Tf32, AccumType::Fp32, Tf32Input::Truncate);
        const BlockModel rna = makeModel(arch, InputType::Tf32, AccumType::Fp32, Tf32Input::NearestAway);
        const BlockModel rne = makeModel(arch, InputType::Tf32, AccumType::Fp32, Tf32Input::NearestEven);
        EXPECT_EQ(dot(trunc, {0x3F7FFFFF}, {0x3F7FFFFF}, 0).bits, 0x3F7FC004u) << archName(arch);
        EXPECT_EQ(dot(rna, {0x3F7FFFFF}, {0x3F7FFFFF}, 0).bits, 0x3F800000u) << archName(arch);
        EXPECT_EQ(dot(rne, {0x3F7FFFFF}, {0x3F7FFFFF}, 0).bits, 0x3F800000u) << archName(arch);
    }
    // The two roundings differ on a tie: 1 + 2^-11 (0x3F801000) is halfway between TF32 neighbours.
    EXPECT_EQ(tf32Operand(0x3F801000, Tf32Input::NearestAway), 0x3F802000u);
    EXPECT_EQ(tf32Operand(0x3F801000, Tf32Input::NearestEven), 0x3F800000u);
    EXPECT_EQ(tf32Operand(0x3F801000, Tf32Input::Truncate), 0x3F800000u);
    EXPECT_EQ(tf32Operand(0x3F803000, Tf32Input::NearestEven), 0x3F804000u);
}

// 6. Hopper FP8 to FP32 keeps a 14-bit significand: 1 + 2^-14 gives 1.0.
TEST(SpecVectors, V6HopperFp8) {
    const BlockModel m = makeModel(Arch::Sm90, InputType::E4m3, AccumType::Fp32);
    // e4m3: 1.0 = 0x38, 2^-6 = 0x08 (smallest normal), 2^-8 = 0x02 (subnormal 2 * 2^-9).
    EXPECT_EQ(dot(m, {0x38, 0x08}, {0x38, 0x02}, 0).bits, 0x3F800000u);
    // The low 10 mantissa bits of any result are zero: 1 + 2^-13 is kept, 1 + 2^-13 + 2^-14 is cut.
    EXPECT_EQ(dot(m, {0x38, 0x08}, {0x38, 0x04}, 0).bits, 0x3F800400u);
    EXPECT_EQ(dot(m, {0x38, 0x08, 0x08}, {0x38, 0x04, 0x02}, 0).bits, 0x3F800400u);
}

TEST(SpecVectors, UnsupportedAndUnmodelledConfigurations) {
    MmaConfig cfg;
    cfg.arch = Arch::Sm90;
    cfg.input = InputType::E4m3;
    cfg.accum = AccumType::Fp16;
    ModelOrError r = resolveModel(cfg);
    EXPECT_FALSE(r.model);
    EXPECT_EQ(r.error, ModelError::Unmodelled);
    EXPECT_EQ(r.message.rfind("unmodelled: ", 0), 0u) << r.message;
    cfg.arch = Arch::Sm80;
    cfg.accum = AccumType::Fp32;
    r = resolveModel(cfg);
    EXPECT_EQ(r.error, ModelError::Unsupported);
    cfg.input = InputType::Bf16;
    cfg.accum = AccumType::Fp16;
    EXPECT_EQ(resolveModel(cfg).error, ModelError::Unsupported);
    cfg.input = InputType::Int8;
    cfg.accum = AccumType::Fp32;
    EXPECT_EQ(resolveModel(cfg).error, ModelError::Unsupported);
}

// fp16 accumulator: the cut happens before the RNE. 1 + 2^-11 + 2^-26 rounds up under IEEE, but the
// 2^-26 product falls below 2^(E-F) and is cut, leaving a tie that goes to even.
TEST(HandDerived, Fp16AccumulatorCutsBeforeRoundingToNearest) {
    for (Arch arch : {Arch::Sm80, Arch::Sm90}) {
        const BlockModel m = makeModel(arch, InputType::Fp16, AccumType::Fp16);
        EXPECT_EQ(m.finalRounding, RoundingMode::NearestEven);
        EXPECT_EQ(dot(m, {kH1, kH2m11, kH2m13}, {kH1, kH1, kH2m13}, kHZero).bits, 0x3C00u) << archName(arch);
        // Without the tiny term the tie also goes to even; with 2^-11 + 2^-12 it rounds up.
        EXPECT_EQ(dot(m, {kH1, kH2m11}, {kH1, kH1}, kHZero).bits, 0x3C00u);
        EXPECT_EQ(dot(m, {kH1, kH2m11, kH2m11}, {kH1, kH1, kHHalf}, kHZero).bits, 0x3C01u);
        // 65504 + 16 is a tie between 65504 and 65536 (even): overflow to +inf.
        EXPECT_EQ(dot(m, {0x7BFF, 0x4C00}, {kH1, kH1}, kHZero).bits, 0x7C00u);
        EXPECT_EQ(dot(m, {0x7BFF, 0x4BFF}, {kH1, kH1}, kHZero).bits, 0x7BFFu); // 65504 + 15.99: below the tie
        // The running fp16 C counts with fp16's emin: C = 2^-24 plus nothing is kept exactly.
        EXPECT_EQ(dot(m, {kHZero}, {kHZero}, kH2m24).bits, kH2m24);
    }
    const std::vector<std::uint32_t> a{std::uint32_t(kH1), std::uint32_t(kH2m11), std::uint32_t(kH2m13)};
    const std::vector<std::uint32_t> b{std::uint32_t(kH1), std::uint32_t(kH1), std::uint32_t(kH2m13)};
    const std::vector<std::uint32_t> c{0};
    std::vector<std::uint32_t> d(1);
    referenceGemmExact(makeModel(Arch::Sm80, InputType::Fp16, AccumType::Fp16), {1, 1, 3}, a, b, c, d);
    EXPECT_EQ(d[0], 0x3C01u);
}

// FP32 results that overflow become infinities, not FLT_MAX, although the rounding is RZ.
TEST(HandDerived, Fp32OverflowGivesInfinity) {
    const BlockModel m = makeModel(Arch::Sm80, InputType::Bf16, AccumType::Fp32);
    // bf16 2^127 = 0x7F00: 2^127 * 2^127 = 2^254.
    EXPECT_EQ(dot(m, {0x7F00}, {0x7F00}, 0).bits, 0x7F800000u);
    EXPECT_EQ(dot(m, {0xFF00}, {0x7F00}, 0).bits, 0xFF800000u);
    // FLT_MAX + 2^103 = 2^128 - 2^103 rounds toward zero to FLT_MAX; FLT_MAX + 2^104 = 2^128 overflows.
    EXPECT_EQ(dot(m, {0x7300}, {0x3F80}, 0x7F7FFFFF).bits, 0x7F7FFFFFu);
    EXPECT_EQ(dot(m, {0x7380}, {0x3F80}, 0x7F7FFFFF).bits, 0x7F800000u);
}

// Products never overflow inside the unit: bf16 2^100*2^100 - 2^100*2^100 is 0, where an IEEE FP32
// mul+add chain gives inf - inf = NaN.
TEST(HandDerived, Bf16LargeProductsCancel) {
    const BlockModel m = makeModel(Arch::Sm80, InputType::Bf16, AccumType::Fp32);
    constexpr std::uint64_t k2p100 = 0x71800000 >> 16; // bf16 2^100 = 0x7180
    constexpr std::uint64_t km2p100 = k2p100 | 0x8000;
    EXPECT_EQ(dot(m, {k2p100, k2p100}, {k2p100, km2p100}, 0).bits, 0x00000000u);
    const BlockModel h = makeModel(Arch::Sm90, InputType::Bf16, AccumType::Fp32);
    EXPECT_EQ(dot(h, {k2p100, k2p100}, {k2p100, km2p100}, 0).bits, 0x00000000u);
    const std::vector<std::uint32_t> a{std::uint32_t(k2p100), std::uint32_t(k2p100)};
    const std::vector<std::uint32_t> b{std::uint32_t(k2p100), std::uint32_t(km2p100)};
    const std::vector<std::uint32_t> c{0};
    std::vector<std::uint32_t> d(1);
    referenceGemmSequential(m, {1, 1, 2}, a, b, c, d, SequentialKind::MulAdd);
    EXPECT_EQ(d[0] & 0x7FC00000u, 0x7FC00000u) << std::hex << d[0]; // a NaN
    referenceGemmExact(m, {1, 1, 2}, a, b, c, d);
    EXPECT_EQ(d[0], 0u);
}

TEST(HandDerived, SpecialValues) {
    const BlockModel& m = a100();
    EXPECT_EQ(dot(m, {kHInf}, {kHZero}, 0).bits, 0x7FFFFFFFu);           // 0 * inf
    EXPECT_EQ(dot(m, {kHInf, kHInf}, {kH1, kHm1}, 0).bits, 0x7FFFFFFFu); // inf - inf
    EXPECT_EQ(dot(m, {kHInf}, {kH1}, 0xFF800000).bits, 0x7FFFFFFFu);     // inf + C = -inf
    EXPECT_EQ(dot(m, {0x7E01}, {kH1}, 0).bits, 0x7FFFFFFFu);             // payloads are not kept
    EXPECT_EQ(dot(m, {kH1}, {kH1}, 0xFFC00001).bits, 0x7FFFFFFFu);       // a NaN C too
    EXPECT_EQ(dot(m, {kHInf, kH2}, {kH2, kH2}, kF1).bits, 0x7F800000u);  // inf * 2 + finite
    EXPECT_EQ(dot(m, {kHNegInf}, {kH2}, 0).bits, 0xFF800000u);
    EXPECT_EQ(dot(m, {kH1}, {kH1}, 0xFF800000).bits, 0xFF800000u); // C = -inf
    // The chain carries a NaN on: the next block sees a NaN C.
    std::vector<std::uint64_t> a(16, kH1), b(16, kH1);
    a[0] = kHInf;
    b[0] = kHZero;
    EXPECT_EQ(chainedDot(m, a, b, 0).bits, 0x7FFFFFFFu);
    const BlockModel h16 = makeModel(Arch::Sm80, InputType::Fp16, AccumType::Fp16);
    EXPECT_EQ(dot(h16, {kHInf}, {kHZero}, 0).bits, 0x7FFFu);
    EXPECT_EQ(dot(h16, {kHInf}, {kH1}, 0).bits, 0x7C00u);
    const BlockModel e4 = makeModel(Arch::Sm90, InputType::E4m3, AccumType::Fp32);
    EXPECT_EQ(dot(e4, {0x7F}, {0x38}, 0).bits, 0x7FFFFFFFu); // e4m3 NaN
    // Exact zero sums are +0, also from negative zeros.
    EXPECT_EQ(dot(m, {0x8000}, {kH1}, 0x80000000).bits, 0u);
    EXPECT_EQ(dot(m, {kH1, kHm1}, {kH1, kH1}, 0).bits, 0u);
}

TEST(HandDerived, Int8WrapAndSatFinite) {
    const BlockModel wrap = makeModel(Arch::Sm80, InputType::Int8, AccumType::Int32);
    const BlockModel sat = makeModel(Arch::Sm80, InputType::Int8, AccumType::Int32, Tf32Input::Truncate,
                                     TinyModel::MmaSim, IntOverflow::SatFinite);
    const BlockModel u8 = makeModel(Arch::Sm90, InputType::Uint8, AccumType::Int32);
    // -128 * -128 * 16 = 262144.
    EXPECT_EQ(dot(wrap, std::vector<std::uint64_t>(16, 0x80), std::vector<std::uint64_t>(16, 0x80), 0).bits, 0x40000u);
    // uint8: 255 * 255 = 65025 = 0xFE01.
    EXPECT_EQ(dot(u8, {0xFF}, {0xFF}, 0).bits, 0xFE01u);
    // INT32_MAX + 1 wraps to INT32_MIN; .satfinite clamps (all terms positive: no caveat).
    EXPECT_EQ(dot(wrap, {1}, {1}, 0x7FFFFFFF).bits, 0x80000000u);
    const MmaResult s = dot(sat, {1}, {1}, 0x7FFFFFFF);
    EXPECT_EQ(s.bits, 0x7FFFFFFFu);
    EXPECT_EQ(s.caveat, Caveat::None);
    EXPECT_EQ(dot(sat, {0x80}, {0x7F}, 0x80000000).bits, 0x80000000u); // INT32_MIN - 16256
    // Mixed signs near the limit: the exact sum fits, a partial sum might not: flagged.
    const MmaResult mixed = dot(sat, {0x7F, 0x80}, {0x7F, 0x7F}, 0x7FFFFFF0);
    EXPECT_EQ(mixed.bits, 0x7FFFFF71u); // 0x7FFFFFF0 + 16129 - 16256
    EXPECT_EQ(mixed.caveat, Caveat::SatFinitePlacement);
    EXPECT_EQ(dot(wrap, {0x7F, 0x80}, {0x7F, 0x7F}, 0x7FFFFFF0).bits, 0x7FFFFF71u);
}

// Section 2's open edge case: four bf16 products 2^-75 * 2^-76 and C = 0 on A100.
TEST(HandDerived, AllTinyEdgeCase) {
    constexpr std::uint64_t k2m75 = 0x1A00, k2m76 = 0x1980; // bf16: biased exponents 52 and 51
    const std::vector<std::uint64_t> a(4, k2m75), b(4, k2m76);
    const BlockModel sim = makeModel(Arch::Sm80, InputType::Bf16, AccumType::Fp32);
    const BlockModel kh = makeModel(Arch::Sm80, InputType::Bf16, AccumType::Fp32, Tf32Input::Truncate,
                                    TinyModel::Khattak);
    const MmaResult rs = dot(sim, a, b, 0);
    const MmaResult rk = dot(kh, a, b, 0);
    EXPECT_EQ(rs.bits, 0u);          // MMA-Sim: E = -126, every product is cut to 0
    EXPECT_EQ(rk.bits, 0x00000001u); // Khattak: E = -132, the four 2^-151 add to 2^-149
    EXPECT_EQ(rs.caveat, Caveat::TinyEdgeCase);
    EXPECT_EQ(rk.caveat, Caveat::TinyEdgeCase);
    BlockSteps st;
    blockFma(sim, a, b, 0, &st);
    EXPECT_EQ(st.alternativeBits, 0x00000001u);
    EXPECT_EQ(st.maxExponent, -126);
    // A normal-sized C removes the disagreement.
    EXPECT_EQ(dot(sim, a, b, kF1).caveat, Caveat::None);
}

TEST(Steps, RecordsEveryStepOfVector4) {
    BlockSteps st;
    const std::vector<std::uint64_t> a{kH3x2m24}, b{kHMinusHalf};
    blockFma(a100(), a, b, kF1, &st);
    ASSERT_EQ(st.terms.size(), 2u);
    const TermStep& p = st.terms[0];
    EXPECT_EQ(p.kind, TermStep::Kind::Product);
    EXPECT_EQ(p.exponent, -15); // -14 (subnormal: emin) + -1
    EXPECT_EQ(p.significand, 3u * 1024u);
    EXPECT_EQ(p.significandFractionBits, 20);
    EXPECT_EQ(p.cut, -1); // -1.5 units of 2^-24, cut toward zero
    EXPECT_EQ(p.lostBitCount, 11);
    EXPECT_EQ(p.lostBits, 1024u); // the half unit cut off
    const TermStep& c = st.terms[1];
    EXPECT_EQ(c.kind, TermStep::Kind::Accumulator);
    EXPECT_EQ(c.cut, std::int64_t(1) << 24);
    EXPECT_EQ(st.maxExponent, 0);
    EXPECT_EQ(st.fractionBits, 24);
    EXPECT_EQ(st.sum, (std::int64_t(1) << 24) - 1);
    EXPECT_EQ(st.normalizedExponent, -1);
    EXPECT_EQ(st.resultBits, 0x3F7FFFFFu);
    EXPECT_EQ(st.rounding.decision, RoundingDecision::Exact);
}

} // namespace
} // namespace fplab::tc::test
