// Runs one configuration on two backends in lockstep (normally the CPU emulator and the GPU) to the
// end and compares them step by step: core's LockstepComparison (the one the app steps too), run
// to completion, with each side's records and timing.
#pragma once

#include "core/training/lockstep_comparison.h"

#include <functional>

namespace fplab::gpu {

struct SideResult {
    std::vector<training::StepRecord> steps;
    training::RunState state;
    double seconds = 0; // spent in step() and in reading the weights back
    double stepsPerSecond() const { return seconds > 0 ? double(steps.size()) / seconds : 0.0; }
};

struct BackendComparison {
    SideResult a, b;
    training::RunComparison comparison;
};

// Steps both runs until both are over; onStep sees each step's comparison as it is made.
BackendComparison compareInLockstep(training::TrainingRun& a, training::TrainingRun& b,
                                    const training::ComparisonTolerance& tolerance,
                                    const std::function<void(const training::StepComparison&)>& onStep = {});

} // namespace fplab::gpu
