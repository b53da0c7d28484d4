// Runs one configuration on two backends in lockstep (normally the CPU emulator and the GPU) and
// compares them step by step with core's run comparison; also times each side's steps.
#pragma once

#include "core/training/run_comparison.h"
#include "core/training/training_run.h"

#include <functional>

namespace fplab::gpu {

struct SideResult {
    std::vector<training::StepSnapshot> steps;
    training::RunState state;
    double seconds = 0; // spent in step() and in reading the weights back
    double stepsPerSecond() const { return seconds > 0 ? double(steps.size()) / seconds : 0.0; }
};

struct BackendComparison {
    SideResult a, b;
    training::RunComparison comparison;
};

// Steps both runs until both are over; onStep sees each step's comparison as it is made.
BackendComparison compareInLockstep(training::TrainingRun& a, training::TrainingRun& b, const training::ComparisonTolerance& tolerance,
                                  const std::function<void(const training::StepComparison&)>& onStep = {});

} // namespace fplab::gpu
