// The scale rules offered beside each scheme's own, against values worked by hand from their sources:
// round-up from the MXFP8 recipe (Mishra et al., arXiv 2506.08027: X = ceil(log2(amax / max_elem))),
// nearest from ml_dtypes' cast (FP32 amax / max_elem, then E8M0 round to nearest even), FP32 scales from
// DeepSeek-V3, NVFP4's amax -> 4 and Four Over Six from Cook et al. (arXiv 2512.02010), 2D 16x16 blocks.
#include "core/blockscale/quantizer.h"
#include "core/blockscale/scale_rules.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

namespace fplab::blockscale {
namespace {

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

constexpr float kE4m3Max = 448.0f, kE5m2Max = 57344.0f, kE2m1Max = 6.0f, kInt8Max = 127.0f / 64.0f;

struct RuleCase {
    float amax;
    float elementMax;
    int expectedCode; // E8M0: X + 127
};

// ceil(log2(amax / max_elem)), by hand.
constexpr RuleCase kRoundUp[] = {
    {957.0f, kE4m3Max, 129},     // 957 / 448 = 2.14: log2 1.10 -> 2 (the OCP rule gives 1, and 957 saturates)
    {448.0f, kE4m3Max, 127},     // exactly 1: X = 0
    {448.00003f, kE4m3Max, 128}, // the next FP32 above 448: just over 1 -> 1
    {150.0f, kE4m3Max, 126},     // 0.335: log2 -1.58 -> -1 (pytorch/ao #2035's example)
    {1.9f, kE4m3Max, 120},       // 0.00424: log2 -7.88 -> -7 (OCP: -8)
    {1.0f, kE4m3Max, 119},       // 1/448: log2 -8.81 -> -8
    {7.9f, kE2m1Max, 128},       // 1.32: -> 1 (OCP: 0)
    {6.0f, kE2m1Max, 127},       {3.5f, kE2m1Max, 127},    // 0.583: log2 -0.78 -> 0 (OCP: -1)
    {3.0f, kE2m1Max, 126},                                 // 0.5: exactly -1
    {60000.0f, kE5m2Max, 128},                             // 1.046 -> 1 (OCP: 0)
    {1.99f, kInt8Max, 128},                                // 1.99 / 1.984375 = 1.0028 -> 1 (OCP: 0)
    {2.0f, kInt8Max, 128},       {FLT_MAX, kE2m1Max, 253}, // 1.33 * 2^125 -> 126
    {FLT_MAX, kE4m3Max, 247},                              // 1.14 * 2^119 -> 120
    {FLT_MAX, kInt8Max, 254},                              // 1.008 * 2^127 -> 128, clamped to 127
    {1e-40f, kE4m3Max, 0},                                 // log2 -141.7 -> -141, clamped to -127
    {0.0f, kE4m3Max, 0},                                   // an all-zero block: X = -127
};

TEST(RoundUpRule, CeilingOfLog2OfAmaxOverElementMax) {
    for (const RuleCase& c : kRoundUp)
        EXPECT_EQ(e8m0FromExponent(roundUpSharedExponent(bitsOf(c.amax), bitsOf(c.elementMax))), c.expectedCode)
            << "amax " << c.amax << " max " << c.elementMax;
}

// s = FP32(amax / max_elem), then E8M0 to nearest; a tie 1.5 * 2^k goes up, to 2^(k+1).
constexpr RuleCase kNearest[] = {
    {600.0f, kE4m3Max, 127},  // 1.34 < 1.5 -> 1: X = 0, so 600 saturates to 448 (OCP and round-up: X = 1)
    {700.0f, kE4m3Max, 128},  // 1.5625 > 1.5 -> 2
    {672.0f, kE4m3Max, 128},  // 1.5: the tie between 1 (code 127) and 2 (128) -> up, 128
    {1344.0f, kE4m3Max, 129}, // 3 = 1.5 * 2: between 2 (128) and 4 (129) -> up, 129 (the even code would be 128)
    {9.0f, kE2m1Max, 128},    // 1.5 -> 2
    {18.0f, kE2m1Max, 129},   // 3: a tie -> 4
    {6.0f, kE2m1Max, 127},
    {1.0f, kE4m3Max, 118},    // 1/448 = 0.00223 < 1.5 * 2^-9: 2^-9, so 1 / 2^-9 = 512 saturates to 448
    {4.4f, kE2m1Max, 126},    // 0.733 < 0.75 -> 0.5
    {FLT_MAX, kE2m1Max, 252}, // 1.33 * 2^125 -> 2^125
    {1e-36f, kE4m3Max, 0},    // 2.2e-39, below E8M0's smallest 2^-127 (5.9e-39): that, as E8M0 has no zero
    {1e-44f, kE4m3Max, 0},    // the quotient underflows to 0 in FP32
    {0.0f, kE4m3Max, 0},
};

TEST(NearestRule, Fp32QuotientCastToE8m0ToNearestEven) {
    for (const RuleCase& c : kNearest)
        EXPECT_EQ(e8m0FromExponent(nearestSharedExponent(bitsOf(c.amax), bitsOf(c.elementMax))), c.expectedCode)
            << "amax " << c.amax << " max " << c.elementMax;
}

// The rules as a choice of quantize(): the same MXFP8 block under each.
TEST(ScaleRuleChoice, Microxcaling4BlockUnderEachRule) {
    const std::vector<float> block = {957.0f, 1.0f, -2.0f, 0.0f};
    const auto run = [&](ScaleRule rule) {
        const QuantizeOutcome q = quantize(Recipe{Scheme::Mxfp8E4m3, rule, Grouping::Row32}, block, {1, 4});
        EXPECT_TRUE(q.value) << q.error;
        return std::pair{*q.value, analyse(*q.value, block)};
    };
    const auto [ocp, ocpReport] = run(ScaleRule::Ocp);
    EXPECT_EQ(ocp.scaleBits[0], 128u);
    EXPECT_EQ(ocpReport.dequantized[0], 896.0); // 478.5 saturates to 448
    EXPECT_EQ(ocpReport.saturated, 1u);
    const auto [up, upReport] = run(ScaleRule::RoundUp);
    EXPECT_EQ(up.scaleBits[0], 129u);
    EXPECT_EQ(upReport.dequantized[0], 960.0); // 957 / 4 = 239.25 -> 240 (E4M3 steps of 16 in [128, 256))
    EXPECT_EQ(upReport.dequantized[1], 1.0);
    EXPECT_EQ(upReport.saturated, 0u);
    // FP32 scale 957 / 448 = 2.13616...; 957 / s rounds to 448 in FP32, so 957 comes back as s * 448.
    const auto [fp32, fp32Report] = run(ScaleRule::Fp32);
    EXPECT_EQ(fp32.scaleBits[0], bitsOf(957.0f / 448.0f));
    EXPECT_EQ(fp32.codes[0], 0x7E);
    EXPECT_EQ(fp32Report.dequantized[0], double(957.0f / 448.0f) * 448.0);
}

// MXFP4 with FP32 scales: [12, 5, -1.25] -> s = 12 / 6 = 2; 5 / 2 = 2.5 is a tie between 2 and 3 -> 2 (even
// code 0b0100); -1.25 / 2 = -0.625 -> -0.5.
TEST(ScaleRuleChoice, Mxfp4WithFp32Scale) {
    const std::vector<float> x = {12.0f, 5.0f, -1.25f};
    const QuantizeOutcome q = quantize(Recipe{Scheme::Mxfp4, ScaleRule::Fp32, Grouping::Row32}, x, {1, 3});
    ASSERT_TRUE(q.value) << q.error;
    EXPECT_EQ(q.value->scaleBits[0], bitsOf(2.0f));
    EXPECT_EQ(q.value->codes, (std::vector<std::uint8_t>{0x7, 0x4, 0x9}));
    EXPECT_EQ(analyse(*q.value, x).dequantized, (std::vector<double>{12, 4, -1}));
}

// MXFP8 under nearest: 600 in a block gives s = 600 / 448 = 1.34, which rounds to 1, so 600 saturates to 448;
// the OCP rule gives X = 1 and 600 / 2 = 300 -> 288 (E4M3 steps of 32 in [256, 512)), so 576.
TEST(ScaleRuleChoice, NearestCanSaturateTheBlockMaximum) {
    const std::vector<float> x = {600.0f, 1.0f};
    const QuantizeOutcome nearest = quantize(Recipe{Scheme::Mxfp8E4m3, ScaleRule::Nearest, Grouping::Row32}, x, {1, 2});
    const QuantizeOutcome ocp = quantize(Recipe{Scheme::Mxfp8E4m3, ScaleRule::Ocp, Grouping::Row32}, x, {1, 2});
    ASSERT_TRUE(nearest.value && ocp.value);
    EXPECT_EQ(analyse(*nearest.value, x).dequantized[0], 448.0);
    EXPECT_EQ(analyse(*nearest.value, x).saturated, 1u);
    EXPECT_EQ(analyse(*ocp.value, x).dequantized[0], 576.0);
}

// Four Over Six (Cook et al.): tensor scale amax / (256 * 6); here amax = 1536, so it is 1. Block A
// [1536, 1152]: to 6, scale 256 and 1152 / 256 = 4.5 -> 4 (tie to even), squared error 128^2; to 4, scale
// 384 and 1536 / 384 = 4, 1152 / 384 = 3, no error: 4 wins. Block B [1536, 256]: to 6, 256 / 256 = 1 exact;
// to 4, 256 / 384 = 0.667 -> 0.5, error 64: 6 wins.
TEST(FourOverSix, PicksTheScaleWithTheSmallerSquaredError) {
    std::vector<float> x(32, 0.0f);
    x[0] = 1536.0f;
    x[1] = 1152.0f;
    x[16] = 1536.0f;
    x[17] = 256.0f;
    for (const Path path : {Path::Fast, Path::Reference}) {
        const QuantizeOutcome q = quantize(Recipe{Scheme::Nvfp4, ScaleRule::FourOverSix, Grouping::Row16}, x, {1, 32},
                                           path);
        ASSERT_TRUE(q.value) << q.error;
        EXPECT_EQ(q.value->tensorScaleBits, bitsOf(1.0f));
        EXPECT_EQ(q.value->scaleBits, (std::vector<std::uint32_t>{0x7C, 0x78})); // E4M3 384 and 256
        const Report r = analyse(*q.value, x);
        EXPECT_EQ(r.dequantized[1], 1152.0);
        EXPECT_EQ(r.dequantized[17], 256.0);
        EXPECT_EQ(r.maxAbsError, 0.0);
    }
    // Always to 6 (NVIDIA's rule, tensor scale 1536 / 2688) on the same tensor: block A loses about 128 on 1152.
    const QuantizeOutcome six = quantize(Scheme::Nvfp4, x, {1, 32});
    ASSERT_TRUE(six.value);
    EXPECT_GT(analyse(*six.value, x).maxAbsError, 100.0);
}

// Four Over Six on a 16x16 tile decides once for the whole tile: the rows of blocks A and B above in one
// tile give squared errors 128^2 (to 6) against 64^2 (to 4), so the tile goes to 4 (scale 384) and 256 comes
// back as 192 in it.
TEST(FourOverSix, DecidesOncePerTile) {
    std::vector<float> x(16 * 16, 0.0f);
    x[0] = 1536.0f;
    x[1] = 1152.0f;
    x[16] = 1536.0f;
    x[17] = 256.0f;
    for (const Path path : {Path::Fast, Path::Reference}) {
        const QuantizeOutcome q = quantize(Recipe{Scheme::Nvfp4, ScaleRule::FourOverSix, Grouping::Tile16x16}, x,
                                           {16, 16}, path);
        ASSERT_TRUE(q.value) << q.error;
        EXPECT_EQ(q.value->scaleBits, (std::vector<std::uint32_t>{0x7C}));
        const Report r = analyse(*q.value, x);
        EXPECT_EQ(r.dequantized[1], 1152.0);
        EXPECT_EQ(r.dequantized[17], 192.0);
        EXPECT_EQ(r.maxAbsError, 64.0);
    }
}

// NVFP4 with amax -> 4: tensor scale amax / (448 * 4) = 1 for amax 1792; the block scale 1792 / 4 = 448;
// 1000 / 448 = 2.23 -> 2, so 1000 comes back as 896.
TEST(Max4Rule, MapsTheBlockMaximumToFour) {
    const std::vector<float> x = {1792.0f, 1000.0f, -448.0f};
    const QuantizeOutcome q = quantize(Recipe{Scheme::Nvfp4, ScaleRule::Max4, Grouping::Row16}, x, {1, 3});
    ASSERT_TRUE(q.value) << q.error;
    EXPECT_EQ(q.value->tensorScaleBits, bitsOf(1.0f));
    EXPECT_EQ(q.value->scaleBits[0], 0x7Eu);
    EXPECT_EQ(q.value->codes, (std::vector<std::uint8_t>{0x6, 0x4, 0xA}));
    EXPECT_EQ(analyse(*q.value, x).dequantized, (std::vector<double>{1792, 896, -448}));
}

// NVFP4's 2D weight blocks: a 32 x 32 matrix has four 16 x 16 tiles; an outlier at (17, 3) sets tile 2's
// scale only.
TEST(Tile16x16, OneScalePerTile) {
    std::vector<float> x(32 * 32, 1.0f);
    x[17 * 32 + 3] = 600.0f;
    const QuantizeOutcome q = quantize(Recipe{Scheme::Nvfp4, ScaleRule::Max6, Grouping::Tile16x16}, x, {32, 32});
    ASSERT_TRUE(q.value) << q.error;
    ASSERT_EQ(q.value->scaleBits.size(), 4u);
    EXPECT_EQ(q.value->scaleBits[0], q.value->scaleBits[1]);
    EXPECT_EQ(q.value->scaleBits[0], q.value->scaleBits[3]);
    EXPECT_NE(q.value->scaleBits[2], q.value->scaleBits[0]);
    const BlockLayout layout(Grouping::Tile16x16, {32, 32});
    EXPECT_EQ(layout.blockOf(17, 3), 2u);
    EXPECT_EQ(layout.blockOf(15, 31), 1u);
    EXPECT_EQ(layout.blockOf(31, 31), 3u);
}

TEST(Recipe, RefusesRulesAndBlocksASchemeDoesNotOffer) {
    EXPECT_EQ(recipeError({Scheme::Mxfp4, ScaleRule::Max4, Grouping::Row32}),
              "the scale rule max4 is not one of mxfp4's (ocp|round-up|nearest|fp32)");
    EXPECT_EQ(recipeError({Scheme::Mxint8, ScaleRule::Fp32, Grouping::Row32}),
              "the scale rule fp32 is not one of mxint8's (ocp|round-up|nearest)");
    EXPECT_EQ(recipeError({Scheme::Mxfp4, ScaleRule::Ocp, Grouping::Tile16x16}),
              "16x16 blocks are offered to nvfp4 only, not to mxfp4");
    EXPECT_FALSE(recipeError({Scheme::Nvfp4, ScaleRule::FourOverSix, Grouping::Tile16x16}));
    EXPECT_FALSE(
        quantize(Recipe{Scheme::Mxfp4, ScaleRule::Max6, Grouping::Row32}, std::vector<float>{1.0f}, {1, 1}).value);
    for (const SchemeInfo& info : allSchemes()) EXPECT_FALSE(recipeError(defaultRecipe(info.scheme))) << info.name;
    for (const ScaleRule r : {ScaleRule::Ocp, ScaleRule::RoundUp, ScaleRule::Nearest, ScaleRule::Fp32, ScaleRule::Max6,
                              ScaleRule::Max4, ScaleRule::FourOverSix})
        EXPECT_EQ(parseScaleRule(scaleRuleName(r)), r);
    EXPECT_FALSE(parseScaleRule("ceil"));
}

// OCP MX v1.0 section 6.3 under any E8M0 rule: a block with a NaN or an infinity gets the NaN scale 0xFF and
// its elements decode to NaN; the other blocks are quantized by the rule (1 / 448 rounds to the scale 2^-9
// under nearest, so 1 saturates to 448 * 2^-9 = 0.875 there). The FP32-scale rule has no rule for NaN.
TEST(Specials, NanOrInfinityMakesTheBlockNanUnderE8m0Rules) {
    std::vector<float> x(64, 1.0f);
    x[3] = std::numeric_limits<float>::infinity();
    for (const ScaleRule rule : {ScaleRule::Ocp, ScaleRule::RoundUp, ScaleRule::Nearest}) {
        const QuantizeOutcome q = quantize(Recipe{Scheme::Mxfp8E4m3, rule, Grouping::Row32}, x, {1, 64});
        ASSERT_TRUE(q.value) << q.error;
        EXPECT_EQ(q.value->scaleBits[0], 0xFFu);
        const Report r = analyse(*q.value, x);
        EXPECT_EQ(r.nan, 32u);
        EXPECT_TRUE(std::isnan(r.dequantized[0]));
        const double expected = rule == ScaleRule::Nearest ? 0.875 : 1.0;
        EXPECT_EQ(r.dequantized[40], expected);
        EXPECT_EQ(r.maxAbsError, 1.0 - expected);
        EXPECT_EQ(r.rmsError, 1.0 - expected); // over the 32 elements that are not NaN
    }
    const QuantizeOutcome fp32 = quantize(Recipe{Scheme::Mxfp8E4m3, ScaleRule::Fp32, Grouping::Row32}, x, {1, 64});
    EXPECT_EQ(fp32.error,
              "element 3 is infinite (mxfp8-e4m3 under the scale rule fp32 has no rule for NaN or infinity)");
}

} // namespace
} // namespace fplab::blockscale
