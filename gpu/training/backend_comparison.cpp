// core's lockstep comparison run to the end, keeping each side's records.
#include "gpu/training/backend_comparison.h"

namespace fplab::gpu {

BackendComparison compareInLockstep(training::TrainingRun& a, training::TrainingRun& b,
                                    const training::ComparisonTolerance& tolerance,
                                    const std::function<void(const training::StepComparison&)>& onStep) {
    training::LockstepComparison lockstep(a, b, tolerance);
    BackendComparison out;
    while (lockstep.step()) {
        if (lockstep.a().last) out.a.steps.push_back(*lockstep.a().last);
        if (lockstep.b().last) out.b.steps.push_back(*lockstep.b().last);
        if (onStep && lockstep.lastComparison()) onStep(*lockstep.lastComparison());
    }
    out.a.state = a.state();
    out.b.state = b.state();
    out.a.seconds = lockstep.a().seconds;
    out.b.seconds = lockstep.b().seconds;
    out.comparison = lockstep.result();
    return out;
}

} // namespace fplab::gpu
