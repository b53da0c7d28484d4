// The run as a step-able object: how it ends (NaN loss, collapsed scale, cancel, bad
// configuration) with an explanation and never a crash; determinism; accumulation and clipping.
#include "core/training/training_run.h"

#include "core/training/cpu_step_kernels.h"
#include "tests/training/stopping_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>

namespace fplab::training {
namespace {

TrainingConfig small(TrainingMode mode) {
    TrainingConfig c;
    c.mode = mode;
    c.model.width = 16;
    c.steps = 20;
    return c;
}

TEST(TrainingRun, AnOverflowThatReachesTheWeightsEndsTheRunWithAnExplanation) {
    TrainingConfig c = small(TrainingMode::Fp16Static);
    c.staticScale = 0x1p30f; // the scaled gradients exceed 65504: inf in FP16, and nothing checks
    TrainingRun run(c);
    const StepRecord* first = run.step();
    ASSERT_NE(first, nullptr);
    EXPECT_TRUE(first->nonFiniteGradients);
    EXPECT_FALSE(first->skipped);
    EXPECT_GT(first->window.overflow, 0);
    const StepRecord* second = run.step();
    ASSERT_NE(second, nullptr);
    EXPECT_TRUE(std::isnan(second->loss));
    const RunState s = run.state();
    EXPECT_EQ(s.status, RunStatus::Diverged);
    EXPECT_NE(s.message.find("step 2: the loss is NaN"), std::string::npos) << s.message;
    EXPECT_NE(s.message.find("since the update of step 1"), std::string::npos) << s.message;
    EXPECT_NE(s.message.find("only the dynamic scaler"), std::string::npos) << s.message;
    EXPECT_EQ(run.step(), nullptr);
    EXPECT_EQ(run.history().size(), 2u);
}

TEST(TrainingRun, TheDynamicScalerSkipsTheSameOverflowAndBacksOff) {
    TrainingConfig c = small(TrainingMode::Fp16Dynamic);
    c.scaler.initScale = 0x1p30f;
    c.scaler.growthInterval = 4;
    TrainingRun run(c);
    float expected = 0x1p30f;
    int skipped = 0;
    while (const StepRecord* r = run.step()) {
        EXPECT_EQ(r->scale, expected) << "step " << r->step;
        EXPECT_EQ(r->skipped, r->nonFiniteGradients);
        if (r->skipped) {
            ++skipped;
            EXPECT_EQ(r->scaleAfter, r->scale * 0.5f);
            EXPECT_EQ(r->growthTracker, 0);
            for (double ratio : r->updateRatio) EXPECT_EQ(ratio, 0.0); // the weights did not move
        }
        expected = r->scaleAfter;
    }
    EXPECT_EQ(run.state().status, RunStatus::Finished) << run.state().message;
    EXPECT_GE(skipped, 10); // from 2^30 down to where the gradients fit
    EXPECT_TRUE(std::isfinite(run.evaluate().loss));
}

TEST(TrainingRun, AScaleBelowTheFloorEndsTheRun) {
    TrainingConfig c = small(TrainingMode::Fp16Dynamic);
    c.lossWeight = 0x1p20f; // every step overflows until the scale is about 2^3
    c.minScale = 0x1p10f;
    TrainingRun run(c);
    while (run.step()) {}
    const RunState s = run.state();
    EXPECT_EQ(s.status, RunStatus::ScaleCollapsed);
    EXPECT_EQ(s.stepsDone, 7); // 2^16 halved seven times is 2^9 < 2^10
    EXPECT_NE(s.message.find("below the floor 2^10 = 1024"), std::string::npos) << s.message;
    EXPECT_NE(s.message.find("every step since step 1"), std::string::npos) << s.message;
}

TEST(TrainingRun, ForwardOverflowInFp16IsReported) {
    ToyModel model({2, 3, 8, 1, true}, 1);
    for (Parameter& p : model.parameters())
        if (p.name == "fc2.weight")
            for (float& w : p.value) w *= 1e5f; // logits beyond 65504
    const float x[] = {0.5f, -0.5f};
    const int y[] = {0};
    const ForwardResult r = model.forward({x, y, 1}, policyFor(TrainingMode::Fp16));
    EXPECT_FALSE(r.logitsFinite);
    EXPECT_TRUE(std::isnan(r.loss));
    EXPECT_TRUE(model.forward({x, y, 1}, policyFor(TrainingMode::Fp32)).logitsFinite);
}

TEST(TrainingRun, ABackendFailureEndsTheRunAsFailedWithTheReason) {
    // Kernels that throw from their third unscale, as a backend does when a device call fails.
    const StepKernelsFactory failing = test::stoppingKernelsFactory(3, "device call failed: memcpy(flag) returned 700");
    TrainingRun run(small(TrainingMode::Fp16Dynamic), failing);
    ASSERT_NE(run.step(), nullptr);
    ASSERT_NE(run.step(), nullptr);
    EXPECT_EQ(run.step(), nullptr);
    EXPECT_TRUE(run.over());
    EXPECT_EQ(run.state().status, RunStatus::Failed);
    EXPECT_EQ(statusName(RunStatus::Failed), "failed");
    EXPECT_EQ(run.state().message, "step 3: the backend failed: device call failed: memcpy(flag) returned 700");
    EXPECT_EQ(run.history().size(), 2u); // the failed step is not recorded
    EXPECT_EQ(run.step(), nullptr);

    TrainingRun later(small(TrainingMode::Fp32));
    ASSERT_NE(later.step(), nullptr);
    later.fail(std::runtime_error("reading the weights failed"));
    EXPECT_EQ(later.state().status, RunStatus::Failed);
    EXPECT_EQ(later.state().message, "after step 1: the backend failed: reading the weights failed");
    EXPECT_EQ(later.step(), nullptr);
}

TEST(TrainingRun, CancelAndBadConfigurations) {
    TrainingRun run(small(TrainingMode::Fp32));
    ASSERT_NE(run.step(), nullptr);
    run.requestCancel();
    EXPECT_EQ(run.step(), nullptr);
    EXPECT_EQ(run.state().status, RunStatus::Cancelled);
    EXPECT_EQ(run.state().message, "cancelled after 1 steps");

    TrainingConfig bad = small(TrainingMode::Fp32);
    bad.masterWeights = false;
    TrainingRun refused(bad);
    EXPECT_EQ(refused.state().status, RunStatus::Invalid);
    EXPECT_NE(refused.state().message.find("needs a low-precision mode"), std::string::npos);
    EXPECT_EQ(refused.step(), nullptr);
    bad = small(TrainingMode::Fp16);
    bad.steps = 0;
    EXPECT_EQ(TrainingRun(bad).state().status, RunStatus::Invalid);
    bad = small(TrainingMode::Fp16);
    bad.model.width = 0;
    EXPECT_NE(checkConfig(bad).find("width"), std::string::npos);
    bad = small(TrainingMode::Fp16);
    bad.batchSize = 65536;
    bad.model.width = 4096;
    EXPECT_NE(checkConfig(bad).find("at most 16777216"), std::string::npos);
    bad = small(TrainingMode::Fp16);
    bad.scaler.backoffFactor = 2;
    EXPECT_NE(checkConfig(bad).find("backoff"), std::string::npos);
}

TEST(TrainingRun, TheSameSeedGivesTheSameRun) {
    for (TrainingMode m : {TrainingMode::Fp32, TrainingMode::Fp16Dynamic}) {
        TrainingRun a(small(m)), b(small(m));
        while (const StepRecord* r = a.step()) {
            const StepRecord* s = b.step();
            ASSERT_NE(s, nullptr);
            EXPECT_EQ(r->loss, s->loss);
            EXPECT_EQ(r->gradNorm, s->gradNorm);
        }
        TrainingConfig other = small(m);
        other.seed = 2;
        TrainingRun c(other);
        EXPECT_NE(c.step()->loss, a.history()[0].loss);
    }
}

TEST(TrainingRun, AccumulatingTwoHalfBatchesIsOneFullBatch) {
    TrainingConfig whole = small(TrainingMode::Fp32);
    whole.batchSize = 64;
    whole.steps = 1;
    whole.optimizer.kind = OptimizerKind::Sgd;
    TrainingConfig halves = whole;
    halves.batchSize = 32;
    halves.accumulationSteps = 2;
    TrainingRun a(whole), b(halves);
    const StepRecord* ra = a.step();
    const StepRecord* rb = b.step();
    EXPECT_NEAR(ra->loss, rb->loss, 1e-6);
    EXPECT_NEAR(ra->gradNorm, rb->gradNorm, 1e-6 * ra->gradNorm);
    for (std::size_t t = 0; t < a.model().parameters().size(); ++t)
        for (std::size_t i = 0; i < a.model().parameters()[t].size(); ++i)
            EXPECT_NEAR(a.model().parameters()[t].value[i], b.model().parameters()[t].value[i], 1e-6);
}

TEST(TrainingRun, ClippingBoundsTheGlobalNorm) {
    TrainingConfig c = small(TrainingMode::Fp16Dynamic);
    c.steps = 1;
    c.optimizer.kind = OptimizerKind::Sgd;
    c.optimizer.momentum = 0;
    c.optimizer.learningRate = 1;
    c.clipNorm = 1e-3f;
    TrainingRun run(c);
    std::vector<std::vector<float>> before;
    for (const Parameter& p : run.model().parameters()) before.push_back(p.value);
    const StepRecord* r = run.step();
    EXPECT_TRUE(r->clipped);
    EXPECT_GT(r->gradNorm, 1e-3f);
    // With lr 1 and no momentum the step is the clipped gradient: its norm is the clipping norm.
    double squares = 0;
    for (std::size_t t = 0; t < before.size(); ++t)
        for (std::size_t i = 0; i < before[t].size(); ++i) {
            const double d = double(run.model().parameters()[t].value[i]) - before[t][i];
            squares += d * d;
        }
    EXPECT_NEAR(std::sqrt(squares), 1e-3, 1e-5);
}

TEST(TrainingRun, PredictionGridCoversTheSquare) {
    TrainingConfig c = small(TrainingMode::Bf16);
    c.steps = 200;
    TrainingRun run(c);
    while (run.step()) {}
    const PredictionGrid g = run.predictionGrid(40, 30);
    ASSERT_EQ(g.classes.size(), 1200u);
    int seen[3] = {0, 0, 0};
    for (int k : g.classes) {
        ASSERT_GE(k, 0);
        ASSERT_LT(k, 3);
        ++seen[k];
    }
    for (int k = 0; k < 3; ++k) EXPECT_GT(seen[k], 100) << "class " << k; // all three arms appear
    EXPECT_FLOAT_EQ(g.xAt(0), -1.0f + 1.0f / 40);
}

} // namespace
} // namespace fplab::training
