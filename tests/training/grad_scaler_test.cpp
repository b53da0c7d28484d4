// GradScaler against PyTorch's rules, step by step: a scripted gradient sequence with overflows
// at chosen steps and a small growth interval, its expected trajectory written out by hand.
#include "core/training/grad_scaler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace fplab::training {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

struct Expected {
    int step;
    float scaleUsed; // the scale this step's backward multiplies by
    bool skipped;    // inf/NaN found: optimizer step skipped
    float scaleAfter;
    int trackerAfter;
};

// A scripted "backward": the scaled gradients of a step. Overflowing steps hold inf or NaN.
std::vector<float> scriptedGradients(int step, float scale, const std::vector<int>& infSteps,
                                     const std::vector<int>& nanSteps) {
    std::vector<float> g = {0x1p-20f * scale, -3 * 0x1p-18f * scale, 0.0f, 0.25f * scale};
    for (int s : infSteps)
        if (s == step) g[1] = -kInf;
    for (int s : nanSteps)
        if (s == step) g[3] = kNaN;
    return g;
}

// Init 2^16, growth 2, backoff 0.5, interval 3; inf at steps 2 and 6, NaN at step 7.
// By hand from the rules: a clean step counts (tracker + 1); at 3 clean steps in a row the scale
// doubles and the count restarts; an overflow halves the scale, resets the count and skips the step.
const std::vector<Expected> kTrajectory = {
    {1, 65536, false, 65536, 1},  //
    {2, 65536, true, 32768, 0},   // inf: halve, reset
    {3, 32768, false, 32768, 1},  //
    {4, 32768, false, 32768, 2},  //
    {5, 32768, false, 65536, 0},  // third clean step: double, reset
    {6, 65536, true, 32768, 0},   // inf
    {7, 32768, true, 16384, 0},   // NaN counts as overflow too
    {8, 16384, false, 16384, 1},  //
    {9, 16384, false, 16384, 2},  //
    {10, 16384, false, 32768, 0}, // grow
    {11, 32768, false, 32768, 1}, //
    {12, 32768, false, 32768, 2}, //
    {13, 32768, false, 65536, 0}, // grow
    {14, 65536, false, 65536, 1}, //
};

TEST(GradScaler, DefaultsAreTorchAmpDefaults) {
    const ScalerSettings s;
    EXPECT_EQ(s.initScale, 65536.0f);
    EXPECT_EQ(s.growthFactor, 2.0f);
    EXPECT_EQ(s.backoffFactor, 0.5f);
    EXPECT_EQ(s.growthInterval, 2000);
    EXPECT_EQ(GradScaler().scale(), 65536.0f);
    EXPECT_EQ(GradScaler().growthTracker(), 0);
}

TEST(GradScaler, ScriptedTrajectoryMatchesTheRulesStepForStep) {
    ScalerSettings settings;
    settings.growthInterval = 3;
    GradScaler scaler(settings);
    for (const Expected& e : kTrajectory) {
        SCOPED_TRACE("step " + std::to_string(e.step));
        const float used = scaler.scale();
        EXPECT_EQ(used, e.scaleUsed);
        std::vector<float> grads = scriptedGradients(e.step, used, {2, 6}, {7});
        const bool foundInf = unscaleGradients(grads, used);
        EXPECT_EQ(foundInf, e.skipped);
        if (!foundInf) { // unscaled back to the true gradients, exactly (powers of two)
            EXPECT_EQ(grads[0], 0x1p-20f);
            EXPECT_EQ(grads[1], -3 * 0x1p-18f);
            EXPECT_EQ(grads[3], 0.25f);
        }
        const ScalerUpdate u = scaler.update(foundInf);
        EXPECT_EQ(u.scaleBefore, e.scaleUsed);
        EXPECT_EQ(u.scaleAfter, e.scaleAfter);
        EXPECT_EQ(u.trackerAfter, e.trackerAfter);
        EXPECT_EQ(scaler.scale(), e.scaleAfter);
        EXPECT_EQ(scaler.growthTracker(), e.trackerAfter);
    }
}

TEST(GradScaler, OtherFactorsAndInterval) {
    // Growth 4, backoff 0.25, interval 2, init 1: clean, clean (grow to 4), inf (1), clean, inf (0.25).
    ScalerSettings s;
    s.initScale = 1;
    s.growthFactor = 4;
    s.backoffFactor = 0.25f;
    s.growthInterval = 2;
    GradScaler scaler(s);
    const bool script[] = {false, false, true, false, true};
    const float scales[] = {1, 4, 1, 1, 0.25f};
    const int trackers[] = {1, 0, 0, 1, 0};
    for (int i = 0; i < 5; ++i) {
        const ScalerUpdate u = scaler.update(script[i]);
        EXPECT_EQ(u.scaleAfter, scales[i]) << "step " << i + 1;
        EXPECT_EQ(u.trackerAfter, trackers[i]) << "step " << i + 1;
    }
}

TEST(GradScaler, GrowthThatWouldOverflowKeepsTheScaleAndResetsTheTracker) {
    ScalerSettings s;
    s.initScale = 0x1p127f;
    s.growthInterval = 1;
    GradScaler scaler(s);
    const ScalerUpdate u = scaler.update(false);
    EXPECT_FALSE(u.grew);
    EXPECT_EQ(u.scaleAfter, 0x1p127f);
    EXPECT_EQ(u.trackerAfter, 0);
    // 2^126 * 2 = 2^127 is finite and is taken.
    s.initScale = 0x1p126f;
    GradScaler second(s);
    EXPECT_EQ(second.update(false).scaleAfter, 0x1p127f);
}

TEST(GradScaler, UnscaleMultipliesByTheFloatReciprocalAndFlagsInfOrNan) {
    // PyTorch multiplies by (float)(1 / (double)scale), it does not divide: with scale 3 the result
    // is 1 * float(1/3), not 1/3 rounded from a division of the scaled value.
    std::vector<float> g = {1.0f, 3.0f};
    EXPECT_FALSE(unscaleGradients(g, 3.0f));
    EXPECT_EQ(g[0], float(1.0 / 3.0));
    EXPECT_EQ(g[1], 3.0f * float(1.0 / 3.0));
    std::vector<float> h = {1.0f, kInf, 2.0f};
    EXPECT_TRUE(unscaleGradients(h, 2.0f));
    EXPECT_EQ(h[0], 0.5f); // every element is still unscaled
    EXPECT_EQ(h[2], 1.0f);
    std::vector<float> n = {kNaN};
    EXPECT_TRUE(unscaleGradients(n, 1.0f));
}

TEST(GradScaler, SettingsAreChecked) {
    EXPECT_EQ(checkScalerSettings({}), "");
    EXPECT_NE(checkScalerSettings({0, 2, 0.5f, 10}), "");
    EXPECT_NE(checkScalerSettings({kInf, 2, 0.5f, 10}), "");
    EXPECT_NE(checkScalerSettings({1, 1, 0.5f, 10}), "");
    EXPECT_NE(checkScalerSettings({1, 2, 1.0f, 10}), "");
    EXPECT_NE(checkScalerSettings({1, 2, 0.0f, 10}), "");
    EXPECT_NE(checkScalerSettings({1, 2, 0.5f, 0}), "");
}

} // namespace
} // namespace fplab::training
