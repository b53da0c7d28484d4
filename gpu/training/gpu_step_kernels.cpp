// The GPU kernels' factory and failure text (no CUDA here: both builds compile this file).
#include "gpu/training/gpu_step_kernels.h"

#include "gpu/gpu_error.h"

namespace fplab::gpu {

training::StepKernelsFactory cudaKernelsFactory() { return makeCudaStepKernels; }

std::string describeGpuFailure(const std::exception& e) {
    if (const auto* g = dynamic_cast<const GpuError*>(&e)) return std::string(gpuErrorKindName(g->kind())) + ": " + e.what();
    return e.what();
}

} // namespace fplab::gpu
