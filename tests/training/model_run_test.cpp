// ModelRun's step protocol (core/training/model_run.h) on a scripted fake model: what each hook was called with
// and in which order, so that the protocol is seen apart from either real model.
#include "core/training/model_run.h"

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace fplab::training {
namespace {

class FakeDeviceError final : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Kernels that count the protocol's calls; the failure description is their own, as a GPU's is.
class FakeKernels final : public ModelKernels {
public:
    void setStopRequest(const StopRequest* stop) override { m_stop = stop; }
    void saveStepStart() override { ++saves; }
    void restoreStepStart() override { ++restores; }
    void zeroGrad() override { ++zeroGrads; }
    bool unscaleAndCheck(float /*scale*/, bool /*unscale*/) override {
        ++unscales;
        return gradientsOverflow;
    }
    std::vector<float> weights() override { return {}; }
    std::string describeFailure(const std::exception& e) const override {
        return std::string("fake device: ") + e.what();
    }
    const StopRequest* stop() const { return m_stop; }

    bool gradientsOverflow = false;
    int saves = 0, restores = 0, zeroGrads = 0, unscales = 0;

private:
    const StopRequest* m_stop = nullptr;
};

// A model whose batches are numbered: batch() is the number the next forward pass draws.
class ScriptedRun final : public ModelRun {
public:
    ScriptedRun(LossScaling scaling, int totalSteps, OnNonFiniteLoss onNonFinite = OnNonFiniteLoss::EndRun)
        : ModelRun(scaling, ScalerSettings{}, 1024.0f, totalSteps), m_onNonFinite(onNonFinite) {
        auto kernels = std::make_unique<FakeKernels>();
        m_kernels = kernels.get();
        adoptKernels(std::move(kernels));
    }
    StepOutcome step(const StopRequest* stop = nullptr) { return runStep(stop); }
    using ModelRun::OnNonFiniteLoss;
    using ModelRun::stepFailure;
    using ModelRun::StepOutcome;
    FakeKernels& kernels() { return *m_kernels; }

    int batch = 1;
    bool lossFinite = true;
    std::function<void()> duringForward; // e.g. a kernel that throws
    std::vector<int> batchesTrained;     // the batch of each optimizer step taken
    std::vector<float> scales;           // the loss scale of each forward pass
    int optimizerSteps = 0;
    int skips = 0;
    int prepared = 0;

private:
    void saveBatchOrder() override { m_batchAtStepStart = batch; }
    void restoreBatchOrder() override { batch = m_batchAtStepStart; }
    bool forwardBackward(int /*stepNumber*/, float scale) override {
        m_batchInStep = batch++;
        scales.push_back(scale);
        if (duringForward) duringForward();
        stopIfRequested(m_kernels->stop()); // as a real kernel asks between blocks of rows
        return lossFinite;
    }
    OnNonFiniteLoss onNonFiniteLoss() const override { return m_onNonFinite; }
    bool prepareUpdate(float scale) override {
        ++prepared;
        return m_kernels->unscaleAndCheck(scale, scaling() != LossScaling::None);
    }
    std::string recordDivergence() override { return "scripted"; }
    void update(const LossScaleDecision& decision, bool /*foundInf*/) override {
        if (decision.skipped) {
            ++skips;
            return;
        }
        ++optimizerSteps;
        batchesTrained.push_back(m_batchInStep);
    }

    FakeKernels* m_kernels = nullptr;
    OnNonFiniteLoss m_onNonFinite;
    int m_batchAtStepStart = 0;
    int m_batchInStep = 0;
};

using Outcome = ScriptedRun::StepOutcome;

TEST(ModelRun, FinishesAfterItsSteps) {
    ScriptedRun run(LossScaling::None, 3);
    EXPECT_EQ(run.status(), RunStatus::Ready);
    EXPECT_EQ(run.step(), Outcome::Taken);
    EXPECT_EQ(run.status(), RunStatus::Running);
    EXPECT_EQ(run.step(), Outcome::Taken);
    EXPECT_EQ(run.step(), Outcome::Taken);
    EXPECT_EQ(run.status(), RunStatus::Finished);
    EXPECT_EQ(run.statusMessage(), "finished 3 steps");
    EXPECT_EQ(run.step(), Outcome::Ended);
    EXPECT_EQ(run.stepsDone(), 3);
    EXPECT_EQ(run.batchesTrained, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(run.kernels().zeroGrads, 3);
    EXPECT_EQ(run.kernels().saves, 0); // no stop request: nothing to put back
}

TEST(ModelRun, AnInterruptedStepIsPutBackAndRedone) {
    ScriptedRun run(LossScaling::None, 0);
    ASSERT_EQ(run.step(), Outcome::Taken);
    const StopRequest stopNow = [] { return true; };
    EXPECT_EQ(run.step(&stopNow), Outcome::Interrupted);
    EXPECT_TRUE(run.interrupted());
    EXPECT_EQ(run.status(), RunStatus::Running);
    EXPECT_EQ(run.stepsDone(), 1);
    EXPECT_EQ(run.kernels().saves, 1);
    EXPECT_EQ(run.kernels().restores, 1);
    EXPECT_EQ(run.kernels().stop(), nullptr); // the scope took the request back off the kernels
    EXPECT_EQ(run.batch, 2);                  // the batch order put back
    EXPECT_EQ(run.optimizerSteps, 1);

    const StopRequest never = [] { return false; };
    EXPECT_EQ(run.step(&never), Outcome::Taken);
    EXPECT_FALSE(run.interrupted());
    EXPECT_EQ(run.batchesTrained, (std::vector<int>{1, 2})); // the redone step trained on the same batch
    EXPECT_EQ(run.stepsDone(), 2);
}

TEST(ModelRun, TheStopRequestIsAskedOnceMoreBeforeTheOptimizerStep) {
    ScriptedRun run(LossScaling::Dynamic, 0);
    int asked = 0;
    const StopRequest stopAtSecondQuestion = [&] { return ++asked == 2; }; // the forward asks first
    EXPECT_EQ(run.step(&stopAtSecondQuestion), Outcome::Interrupted);
    EXPECT_EQ(asked, 2);
    EXPECT_EQ(run.prepared, 1); // unscaled and checked, then stopped before the optimizer step
    EXPECT_EQ(run.optimizerSteps, 0);
    EXPECT_EQ(run.status(), RunStatus::Ready);
    EXPECT_EQ(run.lossScale(), 65536.0f); // the scaler untouched
}

TEST(ModelRun, CancelEndsTheRunBeforeTheNextStep) {
    ScriptedRun run(LossScaling::None, 10);
    ASSERT_EQ(run.step(), Outcome::Taken);
    run.requestCancel();
    EXPECT_EQ(run.step(), Outcome::Ended);
    EXPECT_EQ(run.status(), RunStatus::Cancelled);
    EXPECT_EQ(run.statusMessage(), "cancelled after 1 steps");
    EXPECT_FALSE(run.stepFailure());
    EXPECT_EQ(run.optimizerSteps, 1);
}

TEST(ModelRun, AKernelExceptionEndsTheRunAsFailedWithTheKernelsDescription) {
    ScriptedRun run(LossScaling::None, 10);
    ASSERT_EQ(run.step(), Outcome::Taken);
    run.duringForward = [] { throw FakeDeviceError("an illegal memory access"); };
    EXPECT_EQ(run.step(), Outcome::Ended);
    EXPECT_EQ(run.status(), RunStatus::Failed);
    EXPECT_EQ(run.statusMessage(), "step 2: the backend failed: fake device: an illegal memory access");
    ASSERT_TRUE(run.stepFailure());
    EXPECT_THROW(std::rethrow_exception(run.stepFailure()), FakeDeviceError);
    EXPECT_EQ(run.stepsDone(), 1);
    EXPECT_EQ(run.step(), Outcome::Ended);
    EXPECT_FALSE(run.stepFailure()); // only the step that failed carries the exception
}

TEST(ModelRun, AStepTheScalerSkipsTakesNoOptimizerStep) {
    ScriptedRun run(LossScaling::Dynamic, 0);
    run.kernels().gradientsOverflow = true;
    EXPECT_EQ(run.step(), Outcome::Taken);
    EXPECT_EQ(run.skips, 1);
    EXPECT_EQ(run.optimizerSteps, 0);
    EXPECT_EQ(run.lossScale(), 32768.0f); // backed off from GradScaler's 2^16
    run.kernels().gradientsOverflow = false;
    EXPECT_EQ(run.step(), Outcome::Taken);
    EXPECT_EQ(run.optimizerSteps, 1);
    EXPECT_EQ(run.scales, (std::vector<float>{65536.0f, 32768.0f}));
}

TEST(ModelRun, ANonFiniteLossEndsTheRunAsDivergedWithoutAnOptimizerStep) {
    ScriptedRun run(LossScaling::None, 10);
    run.lossFinite = false;
    EXPECT_EQ(run.step(), Outcome::Taken);
    EXPECT_EQ(run.status(), RunStatus::Diverged);
    EXPECT_EQ(run.statusMessage(), "step 1: the loss is NaN or infinite: scripted.");
    EXPECT_EQ(run.prepared, 0);
    EXPECT_EQ(run.optimizerSteps, 0);
    EXPECT_EQ(run.stepsDone(), 1);
    EXPECT_FALSE(run.steppable());
    EXPECT_EQ(run.step(), Outcome::Ended);
}

TEST(ModelRun, ARunThatTakesTheDivergedStepMayBeSteppedOn) {
    ScriptedRun run(LossScaling::None, 3, ScriptedRun::OnNonFiniteLoss::TakeStepAndDiverge);
    ASSERT_EQ(run.step(), Outcome::Taken);
    run.lossFinite = false;
    EXPECT_EQ(run.step(), Outcome::Taken);
    EXPECT_EQ(run.status(), RunStatus::Diverged);
    EXPECT_EQ(run.statusMessage(), "step 2: the loss is NaN or infinite: scripted.");
    EXPECT_EQ(run.optimizerSteps, 2); // the diverged step was taken as computed
    EXPECT_TRUE(run.over());
    EXPECT_TRUE(run.steppable());
    EXPECT_EQ(run.step(), Outcome::Taken); // the last of the 3 steps: still Diverged at step 2, not Finished
    EXPECT_EQ(run.status(), RunStatus::Diverged);
    EXPECT_EQ(run.statusMessage(), "step 2: the loss is NaN or infinite: scripted.");
    run.requestCancel();
    EXPECT_EQ(run.step(), Outcome::Ended);
    EXPECT_EQ(run.status(), RunStatus::Cancelled);
    EXPECT_FALSE(run.steppable());
}

TEST(ModelRun, StatusNames) {
    EXPECT_EQ(statusName(RunStatus::Diverged), "diverged");
    EXPECT_EQ(statusName(RunStatus::ScaleCollapsed), "scale collapsed");
    EXPECT_EQ(statusName(RunStatus::Failed), "failed");
}

} // namespace
} // namespace fplab::training
