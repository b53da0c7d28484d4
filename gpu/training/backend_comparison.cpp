// Lockstep stepping of two runs with a snapshot of the weights after every step.
#include "gpu/training/backend_comparison.h"

#include <algorithm>
#include <chrono>
#include <exception>

namespace fplab::gpu {

namespace {

// One step of one side; false when that run is over. A failed read of the weights ends the run as Failed.
bool advance(training::TrainingRun& run, SideResult& side) {
    const auto start = std::chrono::steady_clock::now();
    const training::StepRecord* r = run.step();
    if (r) {
        try {
            side.steps.push_back({*r, run.weights()});
        } catch (const std::exception& e) {
            run.fail(e);
            r = nullptr;
        }
    }
    side.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r != nullptr;
}

} // namespace

BackendComparison compareInLockstep(training::TrainingRun& a, training::TrainingRun& b, const training::ComparisonTolerance& tolerance,
                                  const std::function<void(const training::StepComparison&)>& onStep) {
    BackendComparison out;
    bool moreA = true, moreB = true;
    std::size_t reported = 0;
    while (moreA || moreB) {
        if (moreA) moreA = advance(a, out.a);
        if (moreB) moreB = advance(b, out.b);
        for (; onStep && reported < std::min(out.a.steps.size(), out.b.steps.size()); ++reported)
            onStep(training::compareStep(out.a.steps[reported], out.b.steps[reported], tolerance));
    }
    out.a.state = a.state();
    out.b.state = b.state();
    out.comparison = training::compareRuns(out.a.steps, out.a.state.status, out.b.steps, out.b.state.status, tolerance);
    return out;
}

} // namespace fplab::gpu
