// The step-by-step run comparison on the CPU: equal runs agree exactly; runs that differ only by
// rounding noise (the learning rate one float32 ulp larger) agree within every mode's tolerance;
// planted differences in the loss, the scale, a skipped step, the weights or the end are caught.
#include "core/training/run_comparison.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

namespace fplab::training {
namespace {

struct Recorded {
    std::vector<StepSnapshot> steps;
    RunStatus status = RunStatus::Ready;
};

Recorded record(const TrainingConfig& c) {
    TrainingRun run(c);
    Recorded r;
    while (const StepRecord* s = run.step()) r.steps.push_back({*s, flattenWeights(run.model().parameters())});
    r.status = run.state().status;
    return r;
}

RunComparison compare(const Recorded& a, const Recorded& b, const ComparisonTolerance& t) {
    return compareRuns(a.steps, a.status, b.steps, b.status, t);
}

TrainingConfig config(TrainingMode mode, int steps = 32) {
    TrainingConfig c;
    c.mode = mode;
    c.steps = steps;
    c.collectStats = false;
    return c;
}

TEST(RunComparison, RelativeDifferences) {
    const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
    EXPECT_EQ(relativeDifference(2.0, 2.0), 0.0);
    EXPECT_DOUBLE_EQ(relativeDifference(1.0, 1.5), 0.5 / 1.5);
    EXPECT_DOUBLE_EQ(relativeDifference(-1.0, 1.0), 2.0);
    EXPECT_EQ(relativeDifference(nan, nan), 0.0);
    EXPECT_EQ(relativeDifference(inf, inf), 0.0);
    EXPECT_EQ(relativeDifference(nan, 1.0), inf);
    EXPECT_EQ(relativeDifference(1.0, -inf), inf);
    const std::vector<float> a{3, 4}, b{3, 4.5f}, c{3};
    EXPECT_DOUBLE_EQ(relativeDifference(a, b), 0.5 / 5.0);
    EXPECT_EQ(relativeDifference(a, c), inf);
    EXPECT_EQ(relativeDifference(std::vector<float>{0, 0}, std::vector<float>{0, 0}), 0.0);
    EXPECT_EQ(relativeDifference(std::vector<float>{1, NAN}, std::vector<float>{1, 2}), inf);
}

TEST(RunComparison, EqualRunsAgreeExactly) {
    const Recorded a = record(config(TrainingMode::Fp16Dynamic, 40));
    const RunComparison r = compare(a, a, toleranceFor(TrainingMode::Fp16Dynamic));
    EXPECT_TRUE(r.agrees());
    EXPECT_EQ(r.maxLossDifference, 0.0);
    EXPECT_EQ(r.maxWeightDifference, 0.0);
    EXPECT_EQ(r.steps.size(), 40u);
    EXPECT_TRUE(r.steps[31].judged);
    EXPECT_FALSE(r.steps[32].judged);
    EXPECT_EQ(r.verdict().rfind("agree: 40 steps, both finished", 0), 0u) << r.verdict();
    EXPECT_NE(r.verdict().find("after step 32, not judged"), std::string::npos) << r.verdict();
}

// The tolerance must let rounding noise through in every mode, with Adam and with SGD, or a correct
// GPU run would be called different. The drift it prints is the calibration in docs/training.md.
TEST(RunComparison, RoundingNoiseIsWithinEveryModesTolerance) {
    for (OptimizerKind kind : {OptimizerKind::Adam, OptimizerKind::Sgd}) {
        for (TrainingMode m : kAllModes) {
            TrainingConfig c = config(m);
            c.collectStats = policyFor(m).fp8Gemms(); // the FP8 casts are compared too
            c.optimizer.kind = kind;
            if (kind == OptimizerKind::Sgd) c.optimizer.learningRate = 0.1f;
            TrainingConfig d = c;
            d.optimizer.learningRate = std::nextafter(c.optimizer.learningRate, 1.0f);
            const RunComparison r = compare(record(c), record(d), toleranceFor(m));
            EXPECT_TRUE(r.agrees()) << modeName(m) << " " << optimizerName(kind) << ": " << r.verdict();
            std::printf("drift over %d steps, %-12s %-4s: loss %.2e, weights %.2e, FP8 casts %.2e\n", c.steps,
                        std::string(modeName(m)).c_str(), std::string(optimizerName(kind)).c_str(), r.maxLossDifference,
                        r.maxWeightDifference, r.maxFp8Difference);
            EXPECT_GT(r.maxWeightDifference, 0.0) << modeName(m) << ": the perturbation changed nothing";
        }
    }
}

TEST(RunComparison, APlantedLossDifferenceIsCaught) {
    const Recorded a = record(config(TrainingMode::Fp32));
    for (TrainingMode m : kAllModes) {
        Recorded b = a;
        b.steps[9].record.loss *= float(1 + 2 * toleranceFor(m).loss); // twice the tolerance, at step 10
        const RunComparison r = compare(a, b, toleranceFor(m));
        EXPECT_FALSE(r.agrees()) << modeName(m);
        EXPECT_EQ(r.firstDisagreement, 10);
        EXPECT_FALSE(r.steps[9].lossAgrees);
        EXPECT_EQ(r.verdict().rfind("differ: step 10: loss ", 0), 0u) << r.verdict();
    }
}

// The FP8 modes also compare each cast's amax and scale: a scale off by twice the tolerance, or a
// record naming other tensors, is caught and named; a side without casts is not compared.
TEST(RunComparison, APlantedFp8ScaleDifferenceIsCaught) {
    TrainingConfig c = config(TrainingMode::Fp8Current, 12);
    c.collectStats = true;
    const Recorded a = record(c);
    const ComparisonTolerance t = toleranceFor(TrainingMode::Fp8Current);
    ASSERT_GT(t.fp8, 0.0);
    ASSERT_EQ(a.steps[6].record.fp8.size(), 6u);
    EXPECT_TRUE(compare(a, a, t).agrees());

    Recorded b = a;
    b.steps[6].record.fp8[4].scale *= float(1 + 2 * t.fp8); // fc2.weight at step 7
    RunComparison r = compare(a, b, t);
    EXPECT_EQ(r.firstDisagreement, 7) << r.verdict();
    EXPECT_FALSE(r.steps[6].fp8Agrees);
    EXPECT_EQ(r.steps[6].fp8Tensor, "fc2.weight");
    EXPECT_NE(r.verdict().find("step 7: the FP8 cast of fc2.weight differs"), std::string::npos) << r.verdict();

    b = a;
    b.steps[2].record.fp8[0].name = "other";
    EXPECT_EQ(compare(a, b, t).firstDisagreement, 3);
    b = a;
    b.steps[2].record.fp8.pop_back();
    EXPECT_EQ(compare(a, b, t).firstDisagreement, 3);

    b = a;
    for (StepSnapshot& s : b.steps) s.record.fp8.clear();
    r = compare(a, b, t);
    EXPECT_TRUE(r.agrees()) << r.verdict();
    EXPECT_EQ(r.maxFp8Difference, 0.0);
}

TEST(RunComparison, APlantedWeightDifferenceIsCaught) {
    const Recorded a = record(config(TrainingMode::Bf16));
    Recorded b = a;
    std::vector<float>& w = b.steps[4].weights;
    for (float& x : w) x *= float(1 + 2 * toleranceFor(TrainingMode::Bf16).weights);
    const RunComparison r = compare(a, b, toleranceFor(TrainingMode::Bf16));
    EXPECT_EQ(r.firstDisagreement, 5) << r.verdict();
    EXPECT_NE(r.verdict().find("the weights differ by"), std::string::npos) << r.verdict();
    // One weight in a few hundred, off by a lot, is caught too.
    Recorded c = a;
    c.steps[0].weights[7] += 1.0f;
    EXPECT_EQ(compare(a, c, toleranceFor(TrainingMode::Bf16)).firstDisagreement, 1);
}

TEST(RunComparison, APlantedScaleOrSkipDifferenceIsCaught) {
    TrainingConfig c = config(TrainingMode::Fp16Dynamic);
    c.scaler.initScale = 0x1p30f; // the first steps overflow and are skipped
    const Recorded a = record(c);
    ASSERT_TRUE(a.steps[0].record.skipped) << "the planted runs need a skipped first step";
    Recorded skip = a;
    skip.steps[0].record.skipped = false;
    RunComparison r = compare(a, skip, toleranceFor(c.mode));
    EXPECT_EQ(r.firstDisagreement, 1);
    EXPECT_NE(r.verdict().find("skipped on cpu only"), std::string::npos) << r.verdict();

    Recorded scale = a;
    scale.steps[3].record.scaleAfter *= 2;
    r = compare(a, scale, toleranceFor(c.mode));
    EXPECT_EQ(r.firstDisagreement, 4);
    EXPECT_NE(r.verdict().find("loss scale"), std::string::npos) << r.verdict();
}

TEST(RunComparison, ADifferentEndIsCaught) {
    const Recorded a = record(config(TrainingMode::Fp32, 10));
    Recorded b = a;
    b.steps.resize(6);
    b.status = RunStatus::Diverged;
    const RunComparison r = compare(a, b, toleranceFor(TrainingMode::Fp32));
    EXPECT_FALSE(r.agrees());
    EXPECT_EQ(r.firstDisagreement, 0);
    EXPECT_EQ(r.verdict().rfind("differ: cpu finished after 10 steps, gpu diverged after 6", 0), 0u) << r.verdict();
}

TEST(RunComparison, DriftAfterTheJudgedStepsIsShownNotJudged) {
    const Recorded a = record(config(TrainingMode::Fp32, 40));
    Recorded b = a;
    b.steps[35].record.loss *= 1.5f;
    const RunComparison r = compare(a, b, toleranceFor(TrainingMode::Fp32));
    EXPECT_TRUE(r.agrees()) << r.verdict();
    EXPECT_FALSE(r.steps[35].judged);
    EXPECT_FALSE(r.steps[35].agrees());
    EXPECT_NEAR(r.maxLossDifferenceAfter, 1.0 / 3.0, 1e-6);
    EXPECT_EQ(r.maxLossDifference, 0.0);
}

TEST(RunComparison, BothRunsDivergingAtTheSameStepAgree) {
    TrainingConfig c = config(TrainingMode::Fp16Static, 10);
    c.staticScale = 0x1p30f;
    const Recorded a = record(c);
    ASSERT_EQ(a.status, RunStatus::Diverged);
    EXPECT_TRUE(compare(a, a, toleranceFor(c.mode)).agrees());
}

} // namespace
} // namespace fplab::training
