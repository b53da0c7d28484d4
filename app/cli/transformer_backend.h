// `fplab-cli train --model transformer --backend gpu` and `--compare`: the transformer on the GPU's kernels
// (gpu/training/transformer), alone or stepped beside the emulator by core's TransformerLockstep.
#pragma once

#include "app/cli/command.h"
#include "app/cli/option_table.h"
#include "core/training/transformer/transformer_precision.h"
#include "core/training/transformer/transformer_run.h"

#include <optional>
#include <string>
#include <vector>

namespace fplab::cli {

struct TransformerBackendOptions {
    bool gpu = false;     // --backend gpu
    bool compare = false; // --compare
    bool onGpu() const { return gpu || compare; }
};

// --backend cpu|gpu and --compare, bound to `o`.
std::vector<Option> transformerBackendOptions(TransformerBackendOptions& o);

// What the emulator alone can do that the command line asks of a GPU run (flags, the dtype trace, the per-layer
// CSV), then a precision the GPU refuses and a missing GPU, each printed on io.err with its exit code (2, 4, 4);
// nothing when the run can go ahead.
std::optional<int> refuseOnGpu(const TransformerBackendOptions& o, const training::TransformerPrecision& precision,
                               const std::vector<std::string>& emulatorOnlyOptions, CommandIo io);

// The name of device 0 (a GPU run has one).
std::string gpuDeviceName();

// The emulator's run and the GPU's stepped side by side for `steps` steps (TransformerLockstep): a line per compared
// step (the first, every `every`th, the last, and any that differs or is skipped) with the loss on both and the
// largest weight difference, then the verdict. Exit code 0 when they agree, 5 when they differ, 4 when a run failed.
int compareTransformerRuns(training::TransformerRun& emulator, training::TransformerRun& gpuRun,
                           const training::TransformerPrecision& precision, const std::string& header, int steps,
                           int every, CommandIo io);

} // namespace fplab::cli
