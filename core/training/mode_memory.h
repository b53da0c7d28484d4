// The modes a comparison of precisions runs (FP32, FP16 without scaling, FP16 with the dynamic
// scaler, BF16), and the bytes each mode holds by category for one configuration.
#pragma once

#include "core/training/training_run.h"

#include <span>
#include <vector>

namespace fplab::training {

// The standard comparison: FP32, FP16 without loss scaling, FP16 with GradScaler, BF16.
std::span<const TrainingMode> standardComparisonModes();

struct ModeMemory {
    TrainingMode mode = TrainingMode::Fp32;
    MemoryReport bytes;
};
// `config` in each of `modes` (the rest of the configuration as given): weights, master weights,
// gradients, optimizer state and activations (one micro-batch), in bytes.
std::vector<ModeMemory> memoryByMode(const TrainingConfig& config, std::span<const TrainingMode> modes);

} // namespace fplab::training
