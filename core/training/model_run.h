// What a training run is for either model, the MLP's TrainingRun and the transformer's TransformerRun: the
// kernels (ModelKernels), GradScaler and the loss-scale decision, the step counter, cancel, the run's status,
// and one step's protocol (runStep). The step is interruptible (step_interrupt.h): the run is saved before it,
// and when the stop request says stop during the forward and backward passes (or once more just before the
// optimizer step) the run is put back as it was, batch order included, so that the next step redoes it.
// The model's own parts (its batches, its passes, clipping, its statistics, its record of the step) are the
// hooks a derived run implements.
#pragma once

#include "core/training/grad_scaler.h"
#include "core/training/loss_scale_decision.h"
#include "core/training/model_kernels.h"
#include "core/training/precision_policy.h"
#include "core/training/step_interrupt.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <string_view>

namespace fplab::training {

enum class RunStatus : std::uint8_t {
    Ready,          // constructed, no step yet
    Running,        // at least one step done, more to go
    Finished,       // all steps done
    Diverged,       // the loss became NaN or infinite
    ScaleCollapsed, // the dynamic scale fell below the floor
    Cancelled,
    Invalid, // the configuration was refused
    Failed,  // the backend failed (e.g. a CUDA call): the message names the failure
};
std::string_view statusName(RunStatus status);

class ModelRun {
public:
    virtual ~ModelRun();
    ModelRun(const ModelRun&) = delete;
    ModelRun& operator=(const ModelRun&) = delete;

    RunStatus status() const { return m_status; }
    // Why the run ended, or what is wrong with its configuration.
    const std::string& statusMessage() const { return m_message; }
    bool over() const { return m_status != RunStatus::Ready && m_status != RunStatus::Running; }
    // After TakeStepAndDiverge (onNonFiniteLoss): the run is over, yet a caller may still step it.
    bool steppable() const { return !over() || m_steppableAfterDivergence; }
    bool interrupted() const { return m_interrupted; } // the last step was interrupted
    int stepsDone() const { return m_stepsDone; }
    // Thread-safe: the next step ends the run as Cancelled.
    void requestCancel() { m_cancel.store(true); }
    // The loss scale of the next backward (1 without loss scaling).
    float lossScale() const { return lossScaleFor(m_scaling, m_scaler, m_staticScale); }
    const GradScaler& scaler() const { return m_scaler; }
    // What a failure the kernels threw was (e.g. "CUDA error: <the call> ...").
    std::string describeFailure(const std::exception& e) const;

protected:
    // totalSteps 0: the run does not end by itself (its caller decides when to stop).
    ModelRun(LossScaling scaling, const ScalerSettings& scaler, float staticScale, int totalSteps);

    enum class StepOutcome : std::uint8_t {
        Taken,       // a step was recorded (the run may have ended with it, e.g. Diverged)
        Interrupted, // the run is as it was before the step; the next step redoes it
        Ended,       // no step: the run is over (it was already, cancelled, or the kernels failed)
    };
    StepOutcome runStep(const StopRequest* stop);
    // The exception that ended the last runStep as Failed (empty otherwise).
    const std::exception_ptr& stepFailure() const { return m_stepFailure; }

    void adoptKernels(std::unique_ptr<ModelKernels> kernels) { m_kernels = std::move(kernels); }
    void end(RunStatus status, std::string message);
    LossScaling scaling() const { return m_scaling; }

    // The model's parts of a step, in the order runStep calls them.
    // Keep and put back the batch order (called only for an interruptible step).
    virtual void saveBatchOrder() = 0;
    virtual void restoreBatchOrder() = 0;
    // The step's batches, forward and backward with loss scale `scale` (the gradients are zeroed before);
    // returns whether the loss is finite.
    virtual bool forwardBackward(int stepNumber, float scale) = 0;
    // What a non-finite loss does to the run.
    enum class OnNonFiniteLoss : std::uint8_t {
        EndRun,             // Diverged, without the step's optimizer step; no more steps
        TakeStepAndDiverge, // the step is taken as computed; Diverged, yet a caller may step on (and see NaN)
        TakeStep,           // nothing of the run's own (e.g. the loss scaler skips the step)
    };
    virtual OnNonFiniteLoss onNonFiniteLoss() const = 0;
    // Unscale, check and whatever else changes the gradients alone; returns whether they held inf/NaN.
    virtual bool prepareUpdate(float scale) = 0;
    // Why the step's loss is not finite ("the weights hold inf/NaN since ..."); with EndRun, record the step too.
    virtual std::string recordDivergence() = 0;
    // The optimizer step (unless the scaler skipped it) and the step's record.
    virtual void update(const LossScaleDecision& decision, bool foundInf) = 0;
    // After a recorded step that did not diverge: end the run for a reason of the model's own (the dynamic
    // scale collapsed), before the run checks whether its last step is done.
    virtual void endAfterStep(int /*stepNumber*/) {}

private:
    std::unique_ptr<ModelKernels> m_kernels;
    LossScaling m_scaling;
    GradScaler m_scaler;
    float m_staticScale;
    int m_totalSteps;
    RunStatus m_status = RunStatus::Ready;
    std::string m_message;
    int m_stepsDone = 0;
    std::atomic<bool> m_cancel{false};
    bool m_interrupted = false;
    bool m_steppableAfterDivergence = false;
    std::exception_ptr m_stepFailure;
};

} // namespace fplab::training
