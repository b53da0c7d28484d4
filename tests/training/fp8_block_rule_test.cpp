// The FP8 block recipe's scale rule. The oracle for each rule's scale is the host FPU (frexp and
// double arithmetic, sharing no code with core/blockscale): OCP takes 2^(floor(log2 amax) - emax),
// round-up the smallest power of two s with amax <= s * max, nearest rounds the FP32 quotient
// amax / max to the nearer power of two (a tie 1.5 * 2^k going up).
#include "core/blockscale/block_scales.h"
#include "core/training/fp8_scaling.h"
#include "core/training/training_run.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace fplab::training {
namespace {

using blockscale::Fp8Element;
using blockscale::ScaleRule;

double oracleMax(Fp8Element e) { return e == Fp8Element::E4m3 ? 448.0 : 57344.0; }
int oracleEmax(Fp8Element e) { return e == Fp8Element::E4m3 ? 8 : 15; }

double oracleScale(float amax, Fp8Element e, ScaleRule rule) {
    int exp = 0;
    switch (rule) {
    case ScaleRule::Ocp:
        std::frexp(double(amax), &exp); // amax = m * 2^exp, m in [0.5, 1)
        return std::ldexp(1.0, exp - 1 - oracleEmax(e));
    case ScaleRule::RoundUp: {
        int k = -127;
        while (std::ldexp(oracleMax(e), k) < double(amax)) ++k;
        return std::ldexp(1.0, k);
    }
    case ScaleRule::Nearest: {
        const float s = amax / float(oracleMax(e));
        const double m = std::frexp(double(s), &exp);
        return std::ldexp(1.0, m >= 0.75 ? exp : exp - 1);
    }
    // FP32 amax / max: the quotient rounded to float. Rounding first to double is harmless here, as 53 >= 2 * 24 + 2.
    default: return double(float(double(amax) / oracleMax(e)));
    }
}

// Random amaxes over a wide range of binades, all normal and with normal scales.
std::vector<float> randomAmaxes() {
    std::mt19937 rng(25);
    std::uniform_int_distribution<int> binade(-90, 100);
    std::uniform_int_distribution<std::uint32_t> fraction(0, (1u << 23) - 1);
    std::vector<float> out{448.0f, 449.0f, 480.0f, 512.0f, 672.0f, 1.0f, 57344.0f, 0.75f * 57344.0f};
    for (int i = 0; i < 20000; ++i)
        out.push_back(std::ldexp(1.0f + float(fraction(rng)) / float(1u << 23), binade(rng)));
    return out;
}

TEST(Fp8BlockRule, ScalesMatchTheOracleAndArePowersOfTwoUnderE8m0Rules) {
    for (Fp8Element e : {Fp8Element::E4m3, Fp8Element::E5m2})
        for (ScaleRule rule : fp8BlockRules())
            for (float amax : randomAmaxes()) {
                const float got = blockscale::blockScale(amax, e, rule);
                ASSERT_EQ(double(got), oracleScale(amax, e, rule))
                    << blockscale::scaleRuleName(rule) << " " << blockscale::fp8ElementName(e) << " amax " << amax;
                if (rule != ScaleRule::Fp32) {
                    int exp = 0;
                    ASSERT_EQ(std::frexp(got, &exp), 0.5f) << got;
                }
            }
}

// A block whose amax 480 lies between E4M3's 448 and 512: OCP's scale 2^(8 - 8) = 1 leaves 480 above
// 448 (it saturates), nearest rounds 480 / 448 down to 1 as well, round-up takes 2 and saturates nothing.
TEST(Fp8BlockRule, RoundUpNeverSaturatesABlocksMaximumWhileOcpCan) {
    std::vector<float> x(256, 1.0f);
    x[5] = 480.0f;    // first 1x128 block
    x[200] = -100.0f; // second block: 100 stays below 448 under every rule
    const auto saturatedUnder = [&](ScaleRule rule, std::vector<float>* scales) {
        Fp8Settings s;
        s.blockRule = rule;
        Fp8TensorScaling scaling("x", Fp8Element::E4m3, Fp8Recipe::Block, s);
        Fp8TensorStats st;
        const blockscale::ScaledMatrix q = scaling.quantize(x, 1, 256, 1, 128, true, &st);
        *scales = q.scales;
        return st.saturated;
    };
    std::vector<float> scales;
    EXPECT_EQ(saturatedUnder(ScaleRule::Ocp, &scales), 1);
    EXPECT_EQ(scales, (std::vector<float>{1.0f, 0.25f}));
    EXPECT_EQ(saturatedUnder(ScaleRule::Nearest, &scales), 1);
    EXPECT_EQ(scales, (std::vector<float>{1.0f, 0.25f}));
    EXPECT_EQ(saturatedUnder(ScaleRule::RoundUp, &scales), 0);
    EXPECT_EQ(scales, (std::vector<float>{2.0f, 0.25f}));
    EXPECT_EQ(saturatedUnder(ScaleRule::Fp32, &scales), 0);
    EXPECT_EQ(scales, (std::vector<float>{480.0f / 448.0f, 100.0f / 448.0f}));
}

std::vector<StepRecord> blockRun(ScaleRule rule, int steps, int outlierStep) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp8Block;
    c.steps = steps;
    c.outlierStep = outlierStep;
    c.outlierValue = 480.0f;
    c.fp8.blockRule = rule;
    TrainingRun run(c);
    while (run.step()) {}
    EXPECT_EQ(run.state().status, RunStatus::Finished) << run.state().message;
    return run.history();
}

// The same outlier in a training run: fc1's input rows are 1x2 tiles, so the row holding 480 is its own block.
TEST(Fp8BlockRule, ARunUnderRoundUpNeverSaturatesAndOcpSaturatesTheOutlier) {
    const std::vector<StepRecord> ocp = blockRun(ScaleRule::Ocp, 12, 10);
    EXPECT_GT(ocp[9].fp8[0].saturated, 0);
    const std::vector<StepRecord> up = blockRun(ScaleRule::RoundUp, 12, 10);
    for (const StepRecord& r : up)
        for (const Fp8TensorStats& t : r.fp8) {
            EXPECT_EQ(t.saturated, 0) << r.step << " " << t.name;
            int exp = 0;
            EXPECT_EQ(std::frexp(t.scale, &exp), 0.5f) << r.step << " " << t.name << " " << t.scale;
        }
    const std::vector<StepRecord> fp32 = blockRun(ScaleRule::Fp32, 12, 10);
    EXPECT_NE(fp32.back().loss, up.back().loss); // the rule reaches the run
}

TEST(Fp8BlockRule, TheDefaultIsDeepSeeksFp32ScaleAndNvfp4RulesAreRefused) {
    EXPECT_EQ(Fp8Settings{}.blockRule, ScaleRule::Fp32);
    Fp8Settings s;
    for (ScaleRule rule : fp8BlockRules()) {
        s.blockRule = rule;
        EXPECT_EQ(checkFp8Settings(s), "");
    }
    s.blockRule = ScaleRule::Max6;
    EXPECT_EQ(checkFp8Settings(s), "the scale rule max6 does not apply to FP8 blocks (fp32|ocp|round-up|nearest)");
    TrainingConfig c;
    c.mode = TrainingMode::Fp8Block;
    c.fp8.blockRule = ScaleRule::FourOverSix;
    EXPECT_EQ(checkConfig(c), "fp8: the scale rule 4over6 does not apply to FP8 blocks (fp32|ocp|round-up|nearest)");
    EXPECT_THROW(blockscale::blockScale(1.0f, Fp8Element::E4m3, ScaleRule::Max4), std::invalid_argument);
}

} // namespace
} // namespace fplab::training
