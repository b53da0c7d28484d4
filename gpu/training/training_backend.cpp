// The backend names and the factory of training runs.
#include "gpu/training/training_backend.h"

#include "gpu/training/gpu_step_kernels.h"

namespace fplab::gpu {

std::string_view trainingBackendName(TrainingBackend backend) {
    return backend == TrainingBackend::Gpu ? "gpu" : "cpu";
}

std::optional<TrainingBackend> parseTrainingBackend(std::string_view name) {
    if (name == "cpu") return TrainingBackend::Cpu;
    if (name == "gpu") return TrainingBackend::Gpu;
    return std::nullopt;
}

TrainingBackend backendOf(const training::TrainingRun& run) {
    return run.onEmulator() ? TrainingBackend::Cpu : TrainingBackend::Gpu;
}

std::unique_ptr<training::TrainingRun> makeTrainingRun(TrainingBackend backend,
                                                       const training::TrainingConfig& config) {
    if (backend == TrainingBackend::Gpu) return std::make_unique<training::TrainingRun>(config, cudaKernelsFactory());
    return std::make_unique<training::TrainingRun>(config);
}

} // namespace fplab::gpu
