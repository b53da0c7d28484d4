// compareRules(): one tensor under every rule of a scheme, worked by hand; NVFP4's 16x16 tiles worked by hand;
// the random Hadamard transform against an explicit matrix and the host-double oracle of oracle.h.
#include "core/blockscale/rule_comparison.h"

#include "oracle.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace fplab::blockscale {
namespace {

// MXFP8 E4M3, one block [600, 1]. ocp and round-up: X = 1, 600 / 2 = 300 -> 288, so 576 (relative error
// 0.04, in (2^-6, 2^-4]); 1 stays 1. nearest: 600 / 448 = 1.34 -> scale 1, 600 saturates to 448 (0.253, above
// 2^-2). fp32: s = FP32(600 / 448); 600 / s -> 448, back within 2^-23; 1 / s = 0.747 -> 0.75, back as 1.0045
// (0.0045, in (2^-8, 2^-6]).
TEST(RuleComparison, Mxfp8BlockUnderEveryRule) {
    const std::vector<float> x = {600.0f, 1.0f};
    const RuleComparison c = compareRules(Scheme::Mxfp8E4m3, Grouping::Row32, x, {1, 2});
    ASSERT_EQ(c.rules.size(), 4u);
    EXPECT_EQ(c.outlierIndex, 0u);
    EXPECT_EQ(c.outlierValue, 600.0);
    const RuleSummary& ocp = c.rules[0];
    EXPECT_EQ(ocp.recipe.rule, ScaleRule::Ocp);
    EXPECT_EQ(ocp.saturated, 0u);
    EXPECT_EQ(ocp.outlierBlockScale, 2.0);
    EXPECT_EQ(ocp.outlierDequantized, 576.0);
    EXPECT_DOUBLE_EQ(ocp.worstBlockMaxRelativeError, 0.04);
    EXPECT_EQ(ocp.histogram, (RelativeErrorHistogram{1, 0, 0, 1, 0, 0, 0}));
    EXPECT_EQ(c.rules[1].outlierDequantized, 576.0); // round-up: the same X = 1
    const RuleSummary& nearest = c.rules[2];
    EXPECT_EQ(nearest.saturated, 1u);
    EXPECT_EQ(nearest.outlierBlockScale, 1.0);
    EXPECT_EQ(nearest.outlierDequantized, 448.0);
    EXPECT_EQ(nearest.histogram, (RelativeErrorHistogram{1, 0, 0, 0, 0, 1, 0}));
    EXPECT_DOUBLE_EQ(nearest.relativeRmsError, std::sqrt(152.0 * 152.0 / 2) / std::sqrt((600.0 * 600 + 1) / 2));
    const RuleSummary& fp32 = c.rules[3];
    EXPECT_EQ(fp32.histogram, (RelativeErrorHistogram{0, 1, 1, 0, 0, 0, 0}));
    EXPECT_TRUE(fp32.refusal.empty());
}

// A NaN: the E8M0 rules make its block NaN and go on; fp32 refuses and says why.
TEST(RuleComparison, NanIsShownUnderE8m0RulesAndRefusedUnderFp32) {
    std::vector<float> x(64, 1.0f);
    x[40] = std::numeric_limits<float>::quiet_NaN();
    const RuleComparison c = compareRules(Scheme::Mxfp4, Grouping::Row32, x, {1, 64});
    EXPECT_EQ(c.outlierIndex, 40u);
    EXPECT_EQ(c.rules[0].nan, 32u);
    EXPECT_TRUE(std::isnan(c.rules[0].outlierBlockScale));
    EXPECT_EQ(c.rules[0].histogram[0], 32u); // the other block: 1 = 1 * 2^-2 * 4 exactly
    EXPECT_EQ(c.rules[3].refusal,
              "element 40 is NaN (mxfp4 under the scale rule fp32 has no rule for NaN or infinity)");
}

// NVFP4 on a 16 x 32 tensor of ones but for 2688 at (0, 0), 1D blocks of 16 against 16 x 16 tiles.
// max6: tensor scale 2688 / (448 * 6) = 1. The outlier's block: 2688 / 6 = 448, an E4M3 value; 2688 / 448 = 6
// exactly, and each 1 / 448 rounds to 0. A block of ones: 1 / 6 = 1.333 * 2^-3 -> E4M3 1.375 * 2^-3 = 0.171875;
// 1 / 0.171875 = 5.82 -> 6, back as 1.03125 (relative error 2^-5). In 1D the outlier's block holds 15 ones, in a
// tile 255: the tile rounds 255 ones to zero.
// max4: tensor scale 2688 / (448 * 4) = 1.5; the outlier's block scale 2688 / 4 / 1.5 = 448, d = 672, 2688 / 672 = 4;
// ones: 1 / 4 / 1.5 = 0.1667 -> 0.171875, d = 0.2578125, 1 / d = 3.88 -> 4, back as 1.03125 again.
// 4over6: tensor scale 2688 / (256 * 6) = 1.75. The outlier's block: to 6, 2688 / 6 / 1.75 = 256, d = 448; to 4,
// 384, d = 672: each zeroes the ones and holds 2688 exactly, a tie, so 6. Ones: to 6, 1 / 6 / 1.75 = 1.524 * 2^-4 ->
// 1.5 * 2^-4, d = 0.1640625, 1 / d = 6.1 -> 6, back 0.984375; to 4, 1 / 4 / 1.75 = 1.143 * 2^-3 -> 1.125 * 2^-3,
// d = 0.24609375, 1 / d = 4.06 -> 4, back 0.984375: the same error, a tie, so 6 (relative error 2^-6).
TEST(RuleComparison, Nvfp4TilesAgainstRowBlocksWorkedByHand) {
    std::vector<float> x(16 * 32, 1.0f);
    x[0] = 2688.0f;
    const RuleComparison rows = compareRules(Scheme::Nvfp4, Grouping::Row16, x, {16, 32});
    const RuleComparison tiles = compareRules(Scheme::Nvfp4, Grouping::Tile16x16, x, {16, 32});
    ASSERT_EQ(rows.rules.size(), 3u);
    ASSERT_EQ(tiles.rules.size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) {
        SCOPED_TRACE(k);
        const RuleSummary& r = rows.rules[k];
        const RuleSummary& t = tiles.rules[k];
        EXPECT_EQ(t.recipe.grouping, Grouping::Tile16x16);
        EXPECT_EQ(r.roundedToZero, 15u);
        EXPECT_EQ(t.roundedToZero, 255u);
        EXPECT_EQ(r.saturated + t.saturated, 0u);
        EXPECT_EQ(r.outlierBlock, 0u);
        EXPECT_EQ(t.outlierBlock, 0u);
        EXPECT_EQ(r.outlierDequantized, 2688.0);
        EXPECT_EQ(t.outlierDequantized, 2688.0);
        EXPECT_EQ(r.outlierBlockScale, k == 1 ? 672.0 : 448.0);
        EXPECT_EQ(t.outlierBlockScale, r.outlierBlockScale);
        const std::size_t bin = k == 2 ? 2 : 3; // 2^-6 or 2^-5
        EXPECT_EQ(r.worstBlockMaxRelativeError, k == 2 ? 0x1p-6 : 0x1p-5);
        RelativeErrorHistogram rowBins{1, 0, 0, 0, 0, 0, 15}, tileBins{1, 0, 0, 0, 0, 0, 255};
        rowBins[bin] = 512 - 16;
        tileBins[bin] = 256;
        EXPECT_EQ(r.histogram, rowBins);
        EXPECT_EQ(t.histogram, tileBins);
        const double e = k == 2 ? 0x1p-6 : 0x1p-5; // each other one's error
        const double rmsInput = std::sqrt((2688.0 * 2688 + 511) / 512);
        EXPECT_DOUBLE_EQ(r.relativeRmsError, std::sqrt((15 + 496 * e * e) / 512) / rmsInput);
        EXPECT_DOUBLE_EQ(t.relativeRmsError, std::sqrt((255 + 256 * e * e) / 512) / rmsInput);
    }
}

// The random Hadamard transform written out here, apart from core: H16 built by Sylvester's doubling
// [[H, H], [H, -H]], the signs bit j of the first std::mt19937_64 output (1: -1), y = H D x / 4 per 16-element
// segment rounded to FP32, and the inverse D H y / 4 in double.
struct ExplicitHadamard {
    std::array<std::array<double, 16>, 16> h{};
    std::array<double, 16> d{};

    explicit ExplicitHadamard(std::uint64_t seed) {
        h[0][0] = 1;
        for (std::size_t n = 1; n < 16; n *= 2)
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = 0; j < n; ++j) {
                    h[i][j + n] = h[i][j];
                    h[i + n][j] = h[i][j];
                    h[i + n][j + n] = -h[i][j];
                }
        std::mt19937_64 rng(seed);
        const std::uint64_t bits = rng();
        for (std::size_t j = 0; j < 16; ++j) d[j] = (bits >> j & 1) != 0 ? -1.0 : 1.0;
    }
    std::vector<float> forward(const std::vector<float>& x) const {
        std::vector<float> y(x.size());
        for (std::size_t s = 0; s < x.size(); s += 16)
            for (std::size_t i = 0; i < 16; ++i) {
                double sum = 0;
                for (std::size_t j = 0; j < 16; ++j) sum += h[i][j] * d[j] * x[s + j];
                y[s + i] = float(sum / 4);
            }
        return y;
    }
    std::vector<double> inverse(const std::vector<double>& y) const {
        std::vector<double> x(y.size());
        for (std::size_t s = 0; s < y.size(); s += 16)
            for (std::size_t i = 0; i < 16; ++i) {
                double sum = 0;
                for (std::size_t j = 0; j < 16; ++j) sum += h[i][j] * y[s + j];
                x[s + i] = d[i] * sum / 4;
            }
        return x;
    }
};

std::size_t binOf(double relative) {
    if (relative == 0) return 0;
    const double limits[] = {0x1p-8, 0x1p-6, 0x1p-4, 0x1p-2};
    for (std::size_t k = 0; k < 4; ++k)
        if (relative <= limits[k]) return k + 1;
    return relative < 1 ? 5 : 6;
}

// MXFP8 E4M3 (OCP rule) and NVFP4 (max6) of a 64-element vector with an outlier, through the transform with seed
// 7: the oracle quantizes the explicit transform, the explicit inverse brings it back, and the errors against the
// input are compared with compareRules()'s first row (every sum here is exact in double: 16 FP32 terms within
// 2^33 of each other, and the dequantized values have a few significant bits).
TEST(RuleComparison, HadamardAgainstAnExplicitMatrixAndTheOracle) {
    std::vector<float> x(64);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(int(i * 37 % 23) - 11) * 0.1875f;
    x[21] = 40.0f;
    constexpr std::uint64_t kSeed = 7;
    const ExplicitHadamard transform(kSeed);
    const std::vector<float> y = transform.forward(x);
    for (const auto& [scheme, name] : {std::pair{Scheme::Mxfp8E4m3, "mxfp8-e4m3"}, std::pair{Scheme::Nvfp4, "nvfp4"}}) {
        SCOPED_TRACE(name);
        const std::vector<oracle::Element> q = oracle::quantizeVector(name, y);
        std::vector<double> qy;
        for (const oracle::Element& e : q) qy.push_back(e.dequantized);
        const std::vector<double> back = transform.inverse(qy);
        double maxError = 0, squaredError = 0, squaredInput = 0;
        RelativeErrorHistogram bins{};
        for (std::size_t i = 0; i < x.size(); ++i) {
            const double e = double(x[i]) - back[i];
            maxError = std::max(maxError, std::fabs(e));
            squaredError += e * e;
            squaredInput += double(x[i]) * x[i];
            if (x[i] != 0) ++bins[binOf(std::fabs(e) / std::fabs(x[i]))];
        }
        const RuleComparison c = compareRules(scheme, schemeInfo(scheme).grouping, x, {1, 64}, kSeed);
        ASSERT_FALSE(c.rules.empty());
        const RuleSummary& s = c.rules[0];
        ASSERT_TRUE(s.refusal.empty()) << s.refusal;
        EXPECT_EQ(c.outlierIndex, 21u);
        EXPECT_DOUBLE_EQ(s.maxAbsError, maxError);
        EXPECT_DOUBLE_EQ(s.relativeRmsError, std::sqrt(squaredError / 64) / std::sqrt(squaredInput / 64));
        EXPECT_EQ(s.histogram, bins);
        EXPECT_DOUBLE_EQ(s.outlierDequantized, back[21]);
        EXPECT_EQ(s.outlierBlockScale, q[21].scale);
        // Without the transform the outlier sets its block's scale alone: another block scale, other errors.
        const RuleSummary plain = compareRules(scheme, schemeInfo(scheme).grouping, x, {1, 64}).rules[0];
        EXPECT_NE(plain.outlierBlockScale, s.outlierBlockScale);
        EXPECT_NE(plain.relativeRmsError, s.relativeRmsError);
    }
}

// A row the transform cannot take (not a multiple of 16): every rule refuses with the reason.
TEST(RuleComparison, HadamardRefusesARowNotAMultipleOf16) {
    const std::vector<float> x(24, 1.0f);
    const RuleComparison c = compareRules(Scheme::Mxfp4, Grouping::Row32, x, {1, 24}, 3);
    ASSERT_EQ(c.rules.size(), 4u);
    for (const RuleSummary& s : c.rules)
        EXPECT_EQ(s.refusal, "the random Hadamard transform works on 16-element segments: a row of 24 elements is "
                             "not a multiple of 16");
}

} // namespace
} // namespace fplab::blockscale
