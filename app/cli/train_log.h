// What `fplab-cli train` prints while a run trains and after it: a line per step (every N-th, plus
// the first, the last and every skipped one), the CSV of every step, and the summary.
#pragma once

#include "app/cli/command.h"
#include "core/training/training_run.h"

#include <ostream>

namespace fplab::cli::train {

// Steps `run` to its end with the per-step log (and CSV rows when `csv` is not null), then the summary.
// The emulator's runs add the gradient statistics (FP16 window, vanished updates) and the memory model.
void trainWithLog(training::TrainingRun& run, long long every, std::ostream* csv, CommandIo io);

} // namespace fplab::cli::train
