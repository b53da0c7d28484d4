// Interruptible training steps: Pause and Cancel in the app must not wait seconds for the step in progress
// (a step of the largest model the app offers takes seconds on the emulator). The step's kernels ask a
// StopRequest at fine grain (per block of matmul rows) and throw StepInterrupted when it says stop;
// TrainingRun then puts the run back as it was before the step began, so the step is redone from the start.
#pragma once

#include <exception>
#include <functional>

namespace fplab::training {

// True when the step in progress should stop now. Called from the thread that runs the step.
using StopRequest = std::function<bool()>;

class StepInterrupted final : public std::exception {
public:
    const char* what() const noexcept override { return "the step was interrupted by a stop request"; }
};

// Throws StepInterrupted when `stop` is given and says stop.
inline void stopIfRequested(const StopRequest* stop) {
    if (stop && *stop && (*stop)()) throw StepInterrupted();
}

// Sets the stop request of a model or of kernels for one scope, also when it is left by an exception.
template <class Target>
class StopRequestScope {
public:
    StopRequestScope(Target& target, const StopRequest* stop) : m_target(target) { m_target.setStopRequest(stop); }
    ~StopRequestScope() { m_target.setStopRequest(nullptr); }
    StopRequestScope(const StopRequestScope&) = delete;
    StopRequestScope& operator=(const StopRequestScope&) = delete;

private:
    Target& m_target;
};

} // namespace fplab::training
