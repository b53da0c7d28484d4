// A transformer training run on a token task: one forward, backward and Adam step per call, with
// PyTorch's GradScaler when the precision asks for loss scaling and the weights stored as it says.
#pragma once

#include "core/training/model_run.h"
#include "core/training/optimizer.h"
#include "core/training/transformer/addition_task.h"
#include "core/training/transformer/emulated_transformer_kernels.h"
#include "core/training/transformer/token_task.h"
#include "core/training/transformer/transformer_model.h"

#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace fplab::training {

struct TransformerRunSettings {
    TransformerShape shape; // vocab is set from the task
    TransformerPrecision precision;
    int digits = 2; // the addition task's, when no other task is given
    int batch = 32;
    float learningRate = 3e-3f;
    std::uint64_t seed = 1;
};
// Empty when usable with a task of this vocabulary and sequence length (default: the addition task of
// settings.digits), otherwise what is wrong.
std::string checkTransformerRunSettings(const TransformerRunSettings& settings);
std::string checkTransformerRunSettings(const TransformerRunSettings& settings, const TokenTask& task);

// What one optimizer step did.
struct TransformerStep {
    int step = 0;
    float loss = 0;
    std::optional<OverflowReport> overflow; // the step's first overflow or invalid operation, if any
    float scale = 1;                        // the loss scale the backward used (1 without loss scaling)
    bool skipped = false; // the scaler found inf/NaN in the gradients: no optimizer step, the scale backed off
    // Elements whose update, computed in FP32, moved the weight and whose stored weight did not change
    // (BF16 storage: rounded away; FP32 storage: the optimizer's own FP32 rounding swamped it).
    std::int64_t updatesAttempted = 0;
    std::int64_t updatesLost = 0;
    TransformerStats stats; // per block (with the update-to-weight ratio of this step) and one example's attention
};

// Training on a token task (by default the addition task) with Adam (PyTorch's update,
// core/training/optimizer.h) computed in FP32, its state in FP32, the weights stored as the precision's
// WeightStorage says, with PyTorch's GradScaler when the precision asks for loss scaling. The step's numeric
// work goes to TransformerStepKernels: the emulator's by default, or a GPU's. The step's protocol, the loss
// scale, the scaler's decision, cancel and the run's status are ModelRun's, shared with the MLP's TrainingRun:
// without loss scaling a non-finite loss makes the run Diverged, a failure of the kernels Failed, requestCancel
// Cancelled. The run has no step count of its own: its caller decides when it has stepped enough, so it is never
// Finished.
class TransformerRun : public ModelRun {
public:
    // On the addition task of settings.digits; throws std::invalid_argument for bad settings.
    explicit TransformerRun(const TransformerRunSettings& settings);
    TransformerRun(const TransformerRunSettings& settings, std::shared_ptr<const TokenTask> task);
    // On the kernels `kernels` makes (e.g. a GPU's); throws std::invalid_argument for bad settings and what the
    // factory throws (e.g. no GPU).
    TransformerRun(const TransformerRunSettings& settings, std::shared_ptr<const TokenTask> task,
                   const TransformerKernelsFactory& kernels);
    ~TransformerRun() override;

    // One forward, backward and Adam step on a fresh batch. A step with an overflow is still taken (unless the
    // loss scaler skips it), also when its loss is not finite without a scaler: the run is then Diverged, and the
    // caller decides whether to stop (the GUI and the CLI do; a test may step on to compare what follows).
    // Throws what the kernels throw (describeFailure says what it was; the run is then Failed), and
    // std::logic_error when the run cannot be stepped (Failed, Cancelled).
    TransformerStep step();
    // The same, asking `stop` at fine grain (per tensor and per 8 rows of a matmul on the emulator): when it
    // says stop, returns nothing with interrupted() true and leaves the run as it was before the step (weights,
    // optimizer state, loss scale, FP8 histories, the batch order), so that the next call does the same step from
    // its start. Returns nothing with interrupted() false when the run cannot be stepped (e.g. cancelled).
    std::optional<TransformerStep> tryStep(const StopRequest* stop);
    // The task's accuracy over its whole held-out set; with `stop`, throws StepInterrupted when it says stop.
    double heldOutAccuracy(const StopRequest* stop = nullptr);
    const TokenTask& task() const { return *m_task; }
    // Whether the kernels are the emulator's: only they report flags, the first overflow, the per-block
    // statistics, the updates lost and the dtype trace.
    bool emulated() const { return m_emulator != nullptr; }
    // On the emulator the trained model; on other kernels the model's shape and initial weights (weights()
    // reads the current ones).
    const TransformerModel& model() const;
    std::vector<float> weights() { return m_kernels->weights(); }
    // The last step's operations on the emulator: flags per tensor and the first overflow (none elsewhere).
    const EmulatedOps& lastStep() const;
    // What each operation class of each layer ran in during the last step (on the emulator), the optimizer's last.
    std::vector<PrecisionTraceEntry> precisionTrace() const;
    // Off: every operation on the soft-float core (EmulatedOps::useFastPaths), with the same results; only on
    // the emulator.
    void useFastPaths(bool use);

private:
    // The step's parts, as ModelRun::runStep calls them.
    void saveBatchOrder() override { m_rngAtStepStart = m_rng; }
    void restoreBatchOrder() override { m_rng = m_rngAtStepStart; }
    bool forwardBackward(int stepNumber, float scale) override;
    OnNonFiniteLoss onNonFiniteLoss() const override {
        return scaling() == LossScaling::None ? OnNonFiniteLoss::TakeStepAndDiverge : OnNonFiniteLoss::TakeStep;
    }
    bool prepareUpdate(float scale) override;
    std::string recordDivergence() override;
    void update(const LossScaleDecision& decision, bool foundInf) override;

    TransformerRunSettings m_settings;
    std::shared_ptr<const TokenTask> m_task;
    TransformerModel m_initial;                       // the initial weights, as stored
    TransformerStepKernels* m_kernels = nullptr;      // owned by ModelRun
    EmulatedTransformerKernels* m_emulator = nullptr; // m_kernels, when they are the emulator's
    std::mt19937_64 m_rng;
    std::mt19937_64 m_rngAtStepStart;
    TransformerStep m_pending;       // the step in progress
    int m_weightsNonFiniteSince = 0; // the step whose update put inf/NaN into the weights
};

} // namespace fplab::training
