// The acceptance runs (CPU emulator, fixed seeds): on the tiny-gradient set FP32, BF16 and FP16
// with the dynamic scaler end within a stated tolerance of each other while FP16 without scaling
// loses its gradients to underflow; every mode learns the spirals; without master weights small
// updates vanish.
#include "core/training/training_run.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace fplab::training {
namespace {

struct Outcome {
    Evaluation eval;
    double meanUnderflow = 0; // mean over the steps of the fraction of nonzero gradients lost to underflow
    RunState state;
};

Outcome train(TrainingConfig c) {
    TrainingRun run(c);
    Outcome o;
    int steps = 0;
    while (const StepRecord* r = run.step()) {
        o.meanUnderflow += r->window.underflowFraction();
        ++steps;
    }
    o.meanUnderflow /= steps;
    o.state = run.state();
    o.eval = run.evaluate();
    return o;
}

// Stated tolerance: the final full-data cross-entropy of BF16 and FP16 + dynamic scaler is within
// 0.01 of FP32's (the losses are about 0.05); FP16 without scaling is at least 0.5 higher.
constexpr double kLossTolerance = 0.01;
constexpr double kUnscaledGap = 0.5;

TEST(Convergence, TinyGradientsNeedLossScalingInFp16) {
    std::map<TrainingMode, Outcome> out;
    for (TrainingMode m : {TrainingMode::Fp32, TrainingMode::Bf16, TrainingMode::Fp16Dynamic, TrainingMode::Fp16}) {
        TrainingConfig c;
        c.mode = m;
        c.dataset = DatasetKind::TinyGrad;
        c.steps = 300;
        c.seed = 1;
        out[m] = train(c);
        EXPECT_EQ(out[m].state.status, RunStatus::Finished) << modeName(m) << ": " << out[m].state.message;
    }
    const double fp32 = out[TrainingMode::Fp32].eval.loss;
    EXPECT_LT(fp32, 0.1); // it did learn
    EXPECT_GT(out[TrainingMode::Fp32].eval.accuracy, 0.95);
    EXPECT_NEAR(out[TrainingMode::Bf16].eval.loss, fp32, kLossTolerance);
    EXPECT_NEAR(out[TrainingMode::Fp16Dynamic].eval.loss, fp32, kLossTolerance);
    EXPECT_GT(out[TrainingMode::Fp16].eval.loss, fp32 + kUnscaledGap);
    EXPECT_LT(out[TrainingMode::Fp16].eval.accuracy, 0.7);
    // FP16 without scaling: nearly every nonzero gradient underflows; the scaler keeps most of them.
    EXPECT_GT(out[TrainingMode::Fp16].meanUnderflow, 0.95);
    EXPECT_LT(out[TrainingMode::Fp16Dynamic].meanUnderflow, 0.1);
    // FP32 counts what FP16 would have lost without actually losing it.
    EXPECT_GT(out[TrainingMode::Fp32].meanUnderflow, 0.9);
}

TEST(Convergence, FirstStepGradientsSitBelowTheFp16Window) {
    // With the loss weighted by 2^-20, every gradient of the first step is below 2^-20 and nearly all
    // are at or below 2^-25, where FP16 rounds to zero.
    TrainingConfig c;
    c.mode = TrainingMode::Fp32;
    c.dataset = DatasetKind::TinyGrad;
    c.steps = 1;
    TrainingRun run(c);
    const StepRecord* r = run.step();
    ASSERT_NE(r, nullptr);
    std::int64_t below = 0, total = 0, highest = ExponentHistogram::kMinExponent;
    for (int e = ExponentHistogram::kMinExponent; e <= ExponentHistogram::kMaxExponent; ++e) {
        total += r->histogram.at(e);
        if (e < -25) below += r->histogram.at(e);
        if (r->histogram.at(e) > 0) highest = e;
    }
    EXPECT_LT(highest, -20);
    EXPECT_GT(double(below) / double(total), 0.9);
}

TEST(Convergence, EveryModeLearnsTheSpirals) {
    for (TrainingMode m : kAllModes) {
        TrainingConfig c;
        c.mode = m;
        c.steps = 500;
        const Outcome o = train(c);
        EXPECT_EQ(o.state.status, RunStatus::Finished) << modeName(m) << ": " << o.state.message;
        EXPECT_GT(o.eval.accuracy, 0.95) << modeName(m);
        EXPECT_LT(o.eval.loss, 0.15) << modeName(m);
    }
}

TEST(Convergence, WithoutMasterWeightsSmallUpdatesVanish) {
    const auto vanished = [](bool master) {
        TrainingConfig c;
        c.mode = TrainingMode::Fp16Dynamic;
        c.masterWeights = master;
        c.optimizer.learningRate = 1e-4f; // Adam's update is about lr: below half an FP16 spacing for |w| > 0.4
        c.steps = 20;
        TrainingRun run(c);
        std::int64_t attempted = 0, lost = 0;
        while (const StepRecord* r = run.step()) {
            attempted += r->updatesAttempted;
            lost += r->updatesVanished;
        }
        return double(lost) / double(attempted);
    };
    const double withMaster = vanished(true), withoutMaster = vanished(false);
    EXPECT_LT(withMaster, 0.01);
    EXPECT_GT(withoutMaster, 0.2);
}

} // namespace
} // namespace fplab::training
