// The GPU kernels' factory and failure text (no CUDA here: both builds compile this file).
#include "gpu/training/gpu_step_kernels.h"

#include "gpu/gpu_error.h"

#include <string>

namespace fplab::gpu {

training::StepKernelsFactory cudaKernelsFactory() {
    return [](const training::ToyModel& initial, const training::PrecisionPolicy& policy,
              const training::OptimizerSettings& optimizer, int maxRows) {
        // The fp8-* modes need sm_89+; the CUDA kernels refuse other GPUs, naming the mode and the GPU.
        return makeCudaStepKernels(initial, policy, optimizer, maxRows);
    };
}

std::string describeGpuFailure(const std::exception& e) {
    if (const auto* g = dynamic_cast<const GpuError*>(&e))
        return std::string(gpuErrorKindName(g->kind())) + ": " + e.what();
    return e.what();
}

} // namespace fplab::gpu
