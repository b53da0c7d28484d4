// compareRules(): one tensor under every rule of a scheme, worked by hand.
#include "core/blockscale/rule_comparison.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
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

} // namespace
} // namespace fplab::blockscale
