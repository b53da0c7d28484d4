// The two corners where FP Lab's model and MMA-Sim disagree (issue 27, docs/tensor-core-model.md "Where the
// models disagree"): the examples found by comparing the two models, bit for bit under each reading, each
// corner alone, and the same through the emulated GEMM's fast path. The expected bits are worked out by hand
// from the model's definition in the comments (and re-derived in MPFR by block_oracle_test.cpp).
#include "tests/tensor_core/tc_test_support.h"

#include "core/tensor_core/emulated_gemm.h"

#include <gtest/gtest.h>

#include <vector>

namespace fplab::tc::test {
namespace {

constexpr CornerReadings kZeroCountedOnly{ZeroProducts::Counted, ZeroSign::OfSum};
constexpr CornerReadings kPositiveZeroOnly{ZeroProducts::Dropped, ZeroSign::Positive};

struct Example {
    const char* name;
    Arch arch;
    Api api;
    InputType input;
    AccumType accum;
    std::vector<std::uint64_t> a, b;
    std::uint64_t c;
    std::uint64_t fpLab;    // ZeroProducts::Dropped, ZeroSign::OfSum
    std::uint64_t mmaSim;   // ZeroProducts::Counted, ZeroSign::Positive
    bool zeroProductCorner; // which corner the example is about
};

std::vector<Example> examples() {
    return {
        // A100 BF16 m16n8k8 (F = 24, n = 8, RZ to FP32). b4 = 0x7edf = 1.1011111b * 2^126; a4 = -0.
        // c = 0x3de9bcf4 = 0xe9bcf4 * 2^-27 (exponent -4). Dropped: E = -4, grid 2^-28, c exact -> 0x3de9bcf4.
        // Counted: 0 * b4 has exponent -126 + 126 = 0, so E = 0 and the grid is 2^-24: c is cut to a multiple of
        // 8 * 2^-27, 0xe9bcf4 -> 0xe9bcf0 -> 0x3de9bcf0.
        {"A100 bf16 m16n8k8",
         Arch::Sm80,
         Api::MmaSync,
         InputType::Bf16,
         AccumType::Fp32,
         {0, 0, 0, 0, 0x8000, 0, 0, 0},
         {0, 0, 0, 0, 0x7edf, 0, 0, 0},
         0x3de9bcf4,
         0x3de9bcf4,
         0x3de9bcf0,
         true},
        // H100 TF32 wgmma (F = 25, n = 8). a5 = 0x00000377 truncates to +0 (only the low 13 bits are set);
        // b5 = 0xc127161a -> 0xc1270000 = -1.0100111b * 2^3. c = 0x0000cb7d = 0xcb7d * 2^-149 (exponent -126).
        // Dropped: E = -126, grid 2^-151, c exact. Counted: E = -126 + 3 = -123, grid 2^-148: the odd 0xcb7d loses
        // its last bit -> 0x0000cb7c.
        {"H100 tf32 wgmma",
         Arch::Sm90,
         Api::Wgmma,
         InputType::Tf32,
         AccumType::Fp32,
         {0, 0, 0, 0, 0, 0x00000377, 0, 0},
         {0, 0, 0, 0, 0, 0xc127161a, 0, 0},
         0x0000cb7d,
         0x0000cb7d,
         0x0000cb7c,
         true},
        // H100 FP16 -> FP16 wgmma (F = 25, n = 16, RNE to FP16). 2^-24 * (-2^-24) = -2^-48, exponent -14 + -14 = -28;
        // C = 0 counts as -126, so E = -28, grid 2^-53 and S = -2^5 exactly. |-2^-48| is below 2^-25, half the
        // smallest FP16 subnormal, so RNE gives zero: -0 (0x8000) with the sum's sign, +0 under the positive reading.
        {"H100 fp16->fp16 wgmma",
         Arch::Sm90,
         Api::Wgmma,
         InputType::Fp16,
         AccumType::Fp16,
         {0x0001},
         {0x8001},
         0x0000,
         0x8000,
         0x0000,
         false},
        // H100 BF16 wgmma (F = 25, n = 16, RZ to FP32). 0x1a00 = 2^-75, 0x9a00 = -2^-75: the product is -2^-150,
        // on the 2^-151 grid of E = -126 (C = 0); RZ to FP32, whose smallest subnormal is 2^-149, gives zero:
        // -0 (0x80000000) with the sum's sign, +0 under the positive reading.
        {"H100 bf16 wgmma",
         Arch::Sm90,
         Api::Wgmma,
         InputType::Bf16,
         AccumType::Fp32,
         {0x1a00},
         {0x9a00},
         0,
         0x80000000,
         0x00000000,
         false},
    };
}

// The example's expected bits under a reading: only the corner it is about moves it.
std::uint64_t expected(const Example& e, CornerReadings r) {
    const bool moved = e.zeroProductCorner ? r.zeroProducts == ZeroProducts::Counted : r.zeroSign == ZeroSign::Positive;
    return moved ? e.mmaSim : e.fpLab;
}

MmaResult run(const Example& e, CornerReadings corners) {
    const BlockModel m = makeModelWith(e.arch, e.input, e.accum, e.api, corners);
    return dot(m, e.a, e.b, e.c, std::size_t(m.blockSize));
}

TEST(CornerReadings, FpLabReadingsKeepTodaysResults) {
    for (const Example& e : examples()) EXPECT_EQ(run(e, kFpLabReadings).bits, e.fpLab) << e.name;
}

TEST(CornerReadings, MmaSimReadingsReproduceTheOtherModel) {
    for (const Example& e : examples()) EXPECT_EQ(run(e, kMmaSimReadings).bits, e.mmaSim) << e.name;
}

TEST(CornerReadings, EachCornerMovesOnlyItsOwnExamples) {
    for (const Example& e : examples())
        for (CornerReadings r : {kZeroCountedOnly, kPositiveZeroOnly})
            EXPECT_EQ(run(e, r).bits, expected(e, r)) << e.name;
}

TEST(CornerReadings, DefaultsAreFpLabsAndOpen) {
    for (Arch arch : {Arch::Sm80, Arch::Sm90})
        for (Api api : {Api::MmaSync, Api::Wmma, Api::Wgmma}) {
            const CornerDefaults d = defaultCornerReadings(arch, api);
            EXPECT_EQ(d.readings, kFpLabReadings);
            EXPECT_EQ(d.zeroProducts, ReadingStatus::Open);
            EXPECT_EQ(d.zeroSign, ReadingStatus::Open);
        }
    const BlockModel m = makeModel(Arch::Sm90, InputType::Bf16, AccumType::Fp32);
    EXPECT_EQ(m.corners, kFpLabReadings);
    EXPECT_EQ(m.config.zeroProducts, ZeroProducts::Dropped);
    EXPECT_EQ(m.config.zeroSign, ZeroSign::OfSum);
    for (const Example& e : examples()) {
        const BlockModel def = makeModel(e.arch, e.input, e.accum);
        EXPECT_EQ(dot(def, e.a, e.b, e.c, std::size_t(def.blockSize)).bits, e.fpLab) << e.name;
    }
}

TEST(CornerReadings, NamesRoundTrip) {
    for (ZeroProducts z : {ZeroProducts::Dropped, ZeroProducts::Counted})
        EXPECT_EQ(parseZeroProducts(zeroProductsName(z)), z);
    for (ZeroSign z : {ZeroSign::OfSum, ZeroSign::Positive}) EXPECT_EQ(parseZeroSign(zeroSignName(z)), z);
    EXPECT_FALSE(parseZeroProducts("mmasim"));
    EXPECT_FALSE(parseZeroSign("+0"));
}

// The steps say which reading chose E and the sign.
TEST(CornerReadings, StepsNameTheReading) {
    const std::vector<Example> ex = examples();
    BlockSteps st;
    const BlockModel counted = makeModelWith(Arch::Sm80, InputType::Bf16, AccumType::Fp32, Api::MmaSync,
                                             kMmaSimReadings);
    blockFma(counted, ex[0].a, ex[0].b, ex[0].c, &st);
    EXPECT_EQ(st.maxExponent, 0);
    EXPECT_TRUE(st.terms[4].countedInE);
    EXPECT_EQ(st.terms[4].exponent, 0);
    EXPECT_NE(st.eRule.find("counted reading"), std::string::npos) << st.eRule;
    const BlockModel positive = makeModelWith(Arch::Sm90, InputType::Bf16, AccumType::Fp32, Api::Wgmma,
                                              kMmaSimReadings);
    blockFma(positive, ex[3].a, ex[3].b, ex[3].c, &st);
    EXPECT_EQ(st.resultBits, 0u);
    EXPECT_NE(st.roundingRule.find("positive reading"), std::string::npos) << st.roundingRule;
}

// The emulated GEMM's fast path (zero operands pre-decoded) gives the same bits as the block FMA under both
// readings: each example sits in one cell of a small GEMM whose other cells are random.
TEST(CornerReadings, EmulatedGemmFollowsTheReadings) {
    for (const Example& e : examples())
        for (CornerReadings r : {kFpLabReadings, kMmaSimReadings, kZeroCountedOnly, kPositiveZeroOnly}) {
            const BlockModel m = makeModelWith(e.arch, e.input, e.accum, e.api, r);
            const int k = m.blockSize;
            const GemmShape s{2, 2, k};
            std::vector<std::uint32_t> a(std::size_t(2 * k), 0), b(std::size_t(2 * k), 0), c(4, std::uint32_t(e.c));
            for (std::size_t i = 0; i < e.a.size(); ++i) {
                a[i] = std::uint32_t(e.a[i]);                  // row 0
                b[i * 2] = std::uint32_t(e.b[i]);              // column 0
                a[std::size_t(k) + i] = std::uint32_t(e.b[i]); // row 1 takes b's values: another cell
                b[i * 2 + 1] = std::uint32_t(e.a[i]);
            }
            std::vector<std::uint32_t> d(4);
            emulateGemm(m, s, a, b, c, d);
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) {
                    std::vector<std::uint64_t> row(static_cast<std::size_t>(k)), col(static_cast<std::size_t>(k));
                    for (int t = 0; t < k; ++t) {
                        row[std::size_t(t)] = a[std::size_t(i * k + t)];
                        col[std::size_t(t)] = b[std::size_t(t * 2 + j)];
                    }
                    EXPECT_EQ(d[std::size_t(i * 2 + j)], chainedDot(m, row, col, e.c).bits)
                        << e.name << " cell " << i << "," << j;
                }
            EXPECT_EQ(d[0], expected(e, r)) << e.name;
        }
}

} // namespace
} // namespace fplab::tc::test
