// One step's protocol for every model (model_run.h): cancel, the interruptible forward and backward, the
// divergence check, the scaler's decision, the optimizer step, and a failure of the kernels as the run's end.
#include "core/training/model_run.h"

namespace fplab::training {

std::string_view statusName(RunStatus status) {
    switch (status) {
    case RunStatus::Ready: return "ready";
    case RunStatus::Running: return "running";
    case RunStatus::Finished: return "finished";
    case RunStatus::Diverged: return "diverged";
    case RunStatus::ScaleCollapsed: return "scale collapsed";
    case RunStatus::Cancelled: return "cancelled";
    case RunStatus::Invalid: return "invalid";
    case RunStatus::Failed: return "failed";
    }
    return "?";
}

ModelRun::ModelRun(LossScaling scaling, const ScalerSettings& scaler, float staticScale, int totalSteps)
    : m_scaling(scaling), m_scaler(scaler), m_staticScale(staticScale), m_totalSteps(totalSteps) {}

ModelRun::~ModelRun() = default;

std::string ModelRun::describeFailure(const std::exception& e) const {
    return m_kernels ? m_kernels->describeFailure(e) : std::string(e.what());
}

void ModelRun::end(RunStatus status, std::string message) {
    m_status = status;
    m_message = std::move(message);
    m_steppableAfterDivergence = false;
}

ModelRun::StepOutcome ModelRun::runStep(const StopRequest* stop) {
    m_interrupted = false;
    m_stepFailure = nullptr;
    if (!steppable()) return StepOutcome::Ended;
    const int stepNumber = m_stepsDone + 1;
    if (m_cancel.load()) {
        end(RunStatus::Cancelled, "cancelled after " + std::to_string(stepNumber - 1) + " steps");
        return StepOutcome::Ended;
    }
    const RunStatus statusBefore = m_status;
    if (stop) {
        saveBatchOrder();
        m_kernels->saveStepStart();
    }
    if (!over()) m_status = RunStatus::Running;
    try {
        const float scale = lossScale();
        bool lossFinite = true;
        bool diverged = false;
        bool foundInf = false;
        try {
            const StopRequestScope scope(*m_kernels, stop);
            m_kernels->zeroGrad();
            lossFinite = forwardBackward(stepNumber, scale);
            diverged = !lossFinite && onNonFiniteLoss() == OnNonFiniteLoss::EndRun;
            // What follows changes the gradients alone, which a redone step computes anew.
            if (!diverged) foundInf = prepareUpdate(scale);
            stopIfRequested(stop); // the optimizer step, linear in the parameters, then runs to its end
        } catch (const StepInterrupted&) {
            restoreBatchOrder();
            m_kernels->restoreStepStart();
            m_status = statusBefore;
            m_interrupted = true;
            return StepOutcome::Interrupted;
        }
        if (diverged) { // no optimizer step: the run ends here
            const std::string why = recordDivergence();
            ++m_stepsDone;
            end(RunStatus::Diverged,
                "step " + std::to_string(stepNumber) + ": the loss is NaN or infinite: " + why + ".");
            return StepOutcome::Taken;
        }
        update(decideLossScale(m_scaling, m_scaler, scale, foundInf), foundInf);
        ++m_stepsDone;
        if (!lossFinite && !over() && onNonFiniteLoss() == OnNonFiniteLoss::TakeStepAndDiverge) {
            end(RunStatus::Diverged,
                "step " + std::to_string(stepNumber) + ": the loss is NaN or infinite: " + recordDivergence() + ".");
            m_steppableAfterDivergence = true;
            return StepOutcome::Taken;
        }
    } catch (const std::exception& e) {
        // The backend's state is lost (e.g. a failed CUDA call); the step is not recorded.
        m_stepFailure = std::current_exception();
        end(RunStatus::Failed, "step " + std::to_string(stepNumber) + ": the backend failed: " + describeFailure(e));
        return StepOutcome::Ended;
    }
    if (over()) return StepOutcome::Taken; // a diverged run stepped on
    endAfterStep(stepNumber);
    if (!over() && m_totalSteps > 0 && stepNumber >= m_totalSteps)
        end(RunStatus::Finished, "finished " + std::to_string(stepNumber) + " steps");
    return StepOutcome::Taken;
}

} // namespace fplab::training
