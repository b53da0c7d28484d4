// TransformerRun on TransformerStepKernels: a step interrupted at any point and redone is the step that ran to
// its end; other kernels get the run's batches, loss scale and decisions; the loss-scaling decision shared
// with the MLP's run.
#include "core/training/loss_scale_decision.h"
#include "core/training/transformer/transformer_run.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <vector>

namespace fplab::training {
namespace {

TransformerRunSettings smallRun(TransformerPreset preset) {
    TransformerRunSettings s;
    s.shape.dim = 16;
    s.shape.heads = 2;
    s.shape.layers = 2;
    s.shape.context = 8;
    s.digits = 2;
    s.batch = 4;
    s.precision = transformerPreset(preset, s.shape.layers);
    return s;
}

struct Trained {
    std::vector<float> losses, scales, weights;
    std::vector<bool> skipped;
    std::vector<int> overflowSteps;
};

// `steps` steps; with stopEvery > 0 each step is interrupted at its stopEvery-th, 2*stopEvery-th ... question
// (every question of the first try at least once) before it is let through.
Trained train(TransformerPreset preset, int steps, int stopEvery, float initScale = 65536.0f) {
    TransformerRunSettings s = smallRun(preset);
    s.precision.scaler.initScale = initScale;
    TransformerRun run(s);
    Trained t;
    int interruptions = 0;
    for (int i = 0; i < steps; ++i) {
        std::optional<TransformerStep> step;
        if (stopEvery == 0) {
            step = run.step();
        } else {
            for (int at = stopEvery; !step; at += stopEvery) {
                int asked = 0;
                const StopRequest stop = [&] { return ++asked == at; };
                step = run.tryStep(&stop);
                if (!step) {
                    ++interruptions;
                    EXPECT_EQ(run.stepsDone(), i);
                }
            }
        }
        t.losses.push_back(step->loss);
        t.scales.push_back(step->scale);
        t.skipped.push_back(step->skipped);
        if (step->overflow) t.overflowSteps.push_back(step->step);
    }
    if (stopEvery > 0) {
        EXPECT_GT(interruptions, steps);
    }
    t.weights = run.weights();
    return t;
}

void expectSame(const Trained& a, const Trained& b) {
    EXPECT_EQ(a.losses, b.losses);
    EXPECT_EQ(a.scales, b.scales);
    EXPECT_EQ(a.skipped, b.skipped);
    EXPECT_EQ(a.overflowSteps, b.overflowSteps);
    EXPECT_EQ(a.weights, b.weights);
}

TEST(TransformerInterruptedStep, RedoneStepsEqualUninterruptedOnesInEveryPreset) {
    for (const TransformerPreset preset : kAllTransformerPresets) {
        SCOPED_TRACE(int(preset));
        expectSame(train(preset, 3, 0), train(preset, 3, 37));
    }
}

TEST(TransformerInterruptedStep, TheScalerIsPutBackToo) {
    // An initial scale of 2^60 overflows the FP16 gradients: the scaler skips and backs off.
    const Trained plain = train(TransformerPreset::AutocastFp16, 4, 0, 0x1p60f);
    ASSERT_TRUE(plain.skipped[0]);
    expectSame(plain, train(TransformerPreset::AutocastFp16, 4, 53, 0x1p60f));
}

TEST(TransformerInterruptedStep, AnInterruptedHeldOutEvaluationThrowsAndChangesNothing) {
    TransformerRun run(smallRun(TransformerPreset::Fp8Delayed));
    run.step();
    const std::vector<float> weights = run.weights();
    int asked = 0;
    const StopRequest stop = [&] { return ++asked == 5; };
    EXPECT_THROW(run.heldOutAccuracy(&stop), StepInterrupted);
    EXPECT_EQ(run.weights(), weights);
    TransformerRun same(smallRun(TransformerPreset::Fp8Delayed));
    same.step();
    EXPECT_EQ(run.heldOutAccuracy(), same.heldOutAccuracy());
    EXPECT_EQ(run.step().loss, same.step().loss); // the FP8 histories were left as they were
}

// Kernels that record what the run asks of them, with a loss and gradients it sets.
struct Script {
    std::vector<float> scalesSeen;
    std::vector<int> batchSizes;
    int optimizerSteps = 0;
    bool infGradients = false;
    std::vector<float> weights = {1, 2, 3};
};

class ScriptedKernels final : public TransformerStepKernels {
public:
    explicit ScriptedKernels(Script& script) : m_script(script) {}
    bool emulated() const override { return false; }
    void zeroGrad() override {}
    TransformerPass forwardBackward(const TokenBatch& batch, float lossScale) override {
        m_script.scalesSeen.push_back(lossScale);
        m_script.batchSizes.push_back(batch.batch);
        TransformerPass p;
        p.loss = 2.5f;
        return p;
    }
    bool unscaleAndCheck(float, bool) override { return m_script.infGradients; }
    TransformerUpdate optimizerStep() override {
        ++m_script.optimizerSteps;
        return {};
    }
    std::vector<float> weights() override { return m_script.weights; }
    std::vector<float> logits(const TokenBatch& batch) override {
        return std::vector<float>(std::size_t(batch.batch) * std::size_t(batch.length) * 13, 0.0f);
    }
    std::string describeFailure(const std::exception& e) const override { return std::string("scripted: ") + e.what(); }

private:
    Script& m_script;
};

TEST(TransformerRunKernels, OtherKernelsGetTheBatchTheScaleAndTheScalersDecisions) {
    Script script;
    TransformerRunSettings s = smallRun(TransformerPreset::AutocastFp16);
    s.precision.scaler.initScale = 1024.0f;
    const TransformerKernelsFactory factory = [&](const TransformerModel& initial, const TransformerPrecision& p,
                                                  const OptimizerSettings& o, int maxRows, std::uint64_t seed) {
        EXPECT_EQ(initial.shape().dim, 16);
        EXPECT_EQ(p.lossScaling, LossScaling::Dynamic);
        EXPECT_EQ(o.kind, OptimizerKind::Adam);
        EXPECT_GE(maxRows, s.batch);
        EXPECT_EQ(seed, s.seed);
        return std::make_unique<ScriptedKernels>(script);
    };
    TransformerRun run(s, std::make_shared<AdditionTask>(2, 1), factory);
    EXPECT_FALSE(run.emulated());
    EXPECT_TRUE(run.lastStep().tensorFlags().empty());
    EXPECT_EQ(run.weights(), script.weights);

    EXPECT_FALSE(run.step().skipped);
    script.infGradients = true;
    const TransformerStep skipped = run.step();
    EXPECT_TRUE(skipped.skipped);
    EXPECT_EQ(skipped.scale, 1024.0f);
    EXPECT_EQ(run.lossScale(), 512.0f); // backed off by GradScaler's factor 0.5
    script.infGradients = false;
    run.step();
    EXPECT_EQ(script.scalesSeen, (std::vector<float>{1024.0f, 1024.0f, 512.0f}));
    EXPECT_EQ(script.batchSizes, (std::vector<int>{4, 4, 4}));
    EXPECT_EQ(script.optimizerSteps, 2);
    EXPECT_EQ(run.describeFailure(std::runtime_error("device lost")), "scripted: device lost");
}

TEST(TransformerRunKernels, AFactoryThatFailsFailsTheRunsConstruction) {
    const TransformerKernelsFactory noGpu = [](const TransformerModel&, const TransformerPrecision&,
                                               const OptimizerSettings&, int,
                                               std::uint64_t) -> std::unique_ptr<TransformerStepKernels> {
        throw std::runtime_error("no GPU: none found");
    };
    const TransformerRunSettings s = smallRun(TransformerPreset::Fp32);
    EXPECT_THROW(TransformerRun(s, std::make_shared<AdditionTask>(2, 1), noGpu), std::runtime_error);
}

TEST(LossScaleDecision, DynamicSkipsAndBacksOffStaticAndNoneNeverSkip) {
    ScalerSettings settings;
    settings.initScale = 256.0f;
    settings.growthInterval = 2;
    GradScaler scaler(settings);
    EXPECT_EQ(lossScaleFor(LossScaling::Dynamic, scaler, 8.0f), 256.0f);
    EXPECT_EQ(lossScaleFor(LossScaling::Static, scaler, 8.0f), 8.0f);
    EXPECT_EQ(lossScaleFor(LossScaling::None, scaler, 8.0f), 1.0f);

    LossScaleDecision d = decideLossScale(LossScaling::Dynamic, scaler, 256.0f, true);
    EXPECT_TRUE(d.skipped);
    EXPECT_EQ(d.scaleAfter, 128.0f);
    d = decideLossScale(LossScaling::Dynamic, scaler, 128.0f, false);
    EXPECT_FALSE(d.skipped);
    EXPECT_EQ(d.growthTracker, 1);
    d = decideLossScale(LossScaling::Dynamic, scaler, 128.0f, false);
    EXPECT_EQ(d.scaleAfter, 256.0f); // grew after growthInterval clean steps

    d = decideLossScale(LossScaling::Static, scaler, 8.0f, true);
    EXPECT_FALSE(d.skipped);
    EXPECT_EQ(d.scaleAfter, 8.0f);
    EXPECT_EQ(scaler.scale(), 256.0f); // the dynamic scaler is not touched
    d = decideLossScale(LossScaling::None, scaler, 1.0f, true);
    EXPECT_FALSE(d.skipped);
    EXPECT_EQ(d.scaleAfter, 1.0f);
}

} // namespace
} // namespace fplab::training
