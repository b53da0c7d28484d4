// `fplab-cli train --compare`: the CPU emulator and the GPU run one configuration in lockstep, a line
// per compared step, the verdict of core's run comparison, and each side's speed.
#pragma once

#include "app/cli/command.h"
#include "core/training/training_run.h"

#include <ostream>

namespace fplab::cli::train {

// Exit status kExitOk when the runs agree, kExitMismatch when they differ, kExitNoGpu when a run failed
// (a CUDA error); throws GpuError when the GPU cannot run at all.
// `csv`, when not null, gets the comparison of every step.
int trainAndCompare(const training::TrainingConfig& c, long long every, std::ostream* csv, CommandIo io);

} // namespace fplab::cli::train
