// The transformer run's status (ModelRun's, core/training/model_run.h): a non-finite loss without a loss
// scaler makes the run Diverged, a scaler skips such steps instead, and cancel ends the run.
#include "core/training/transformer/transformer_run.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace fplab::training {
namespace {

// FP16 without max subtraction and a learning rate far too high, as `fplab-cli gpt --preset fp16
// --unshifted-softmax --lr 0.5` (transformer_training_test.cpp): the attention's exp overflows.
TransformerRunSettings overflowingFp16() {
    TransformerRunSettings s;
    s.shape.dim = 16;
    s.shape.layers = 1;
    s.batch = 4;
    s.learningRate = 0.5f;
    s.precision = transformerPreset(TransformerPreset::PureFp16, s.shape.layers);
    s.precision.layer.softmaxSubtractsMax = false;
    for (auto& [index, layer] : s.precision.layers) layer.softmaxSubtractsMax = false;
    return s;
}

TEST(TransformerRunStatus, ANonFiniteLossWithoutAScalerMakesTheRunDiverged) {
    TransformerRunSettings s = overflowingFp16();
    ASSERT_EQ(s.precision.lossScaling, LossScaling::None);
    TransformerRun run(s);
    EXPECT_EQ(run.status(), RunStatus::Ready);
    TransformerStep last;
    for (int i = 0; i < 40 && !run.over(); ++i) {
        last = run.step();
        if (std::isfinite(last.loss)) {
            EXPECT_EQ(run.status(), RunStatus::Running) << "step " << last.step;
        }
    }
    ASSERT_EQ(run.status(), RunStatus::Diverged) << "loss " << last.loss << " at step " << last.step;
    EXPECT_FALSE(std::isfinite(last.loss));
    EXPECT_EQ(last.step, run.stepsDone());
    ASSERT_TRUE(last.overflow.has_value());
    const std::string message = "step 2: the loss is NaN or infinite: the step overflowed in softmax.exp and no "
                                "loss scaler checks the gradients.";
    EXPECT_EQ(run.statusMessage(), message);
    // A caller may step on (the fast-path tests compare what follows); the run stays Diverged at that step.
    const TransformerStep next = run.step();
    EXPECT_EQ(next.step, last.step + 1);
    EXPECT_EQ(run.status(), RunStatus::Diverged);
    EXPECT_EQ(run.statusMessage(), message);
}

TEST(TransformerRunStatus, AScalerSkipsTheOverflowingStepsInstead) {
    TransformerRunSettings s = overflowingFp16();
    s.precision.lossScaling = LossScaling::Dynamic;
    TransformerRun run(s);
    int skipped = 0;
    for (int i = 0; i < 6; ++i) skipped += run.step().skipped ? 1 : 0;
    EXPECT_EQ(run.status(), RunStatus::Running);
    EXPECT_GT(skipped, 0);
}

TEST(TransformerRunStatus, CancelEndsTheRunAsCancelled) {
    TransformerRunSettings s;
    s.shape.dim = 16;
    s.shape.layers = 1;
    s.batch = 2;
    TransformerRun run(s);
    ASSERT_TRUE(run.tryStep(nullptr).has_value());
    run.requestCancel();
    EXPECT_FALSE(run.tryStep(nullptr).has_value());
    EXPECT_FALSE(run.interrupted());
    EXPECT_EQ(run.status(), RunStatus::Cancelled);
    EXPECT_EQ(run.statusMessage(), "cancelled after 1 steps");
    EXPECT_THROW(run.step(), std::logic_error);
}

} // namespace
} // namespace fplab::training
