// The two backends a training configuration runs on, the CPU emulator and the GPU, by name (for the
// CLI and the app). Both are core's TrainingRun; the GPU one drives the CUDA kernels. It lives in
// gpu/ because core must not know about the GPU.
#pragma once

#include "core/training/training_run.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

namespace fplab::gpu {

enum class TrainingBackend : std::uint8_t { Cpu, Gpu };
std::string_view trainingBackendName(TrainingBackend backend); // "cpu", "gpu"
std::optional<TrainingBackend> parseTrainingBackend(std::string_view name);
// The backend a run is on: Cpu on the emulator's kernels, otherwise Gpu (the only other kernels).
TrainingBackend backendOf(const training::TrainingRun& run);

// A run on the chosen backend. Gpu throws GpuError ("no GPU: ...") when no GPU can run it.
std::unique_ptr<training::TrainingRun> makeTrainingRun(TrainingBackend backend, const training::TrainingConfig& config);

} // namespace fplab::gpu
