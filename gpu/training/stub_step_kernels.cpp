// The GPU training kernels of a build without CUDA: the same entry points, reporting why there is
// no GPU, so that `--backend gpu` and the app's GPU choice explain themselves instead of crashing.
#include "gpu/gpu_error.h"
#include "gpu/training/gpu_step_kernels.h"

namespace fplab::gpu {

std::string gpuTrainingUnavailableReason() {
    return "no GPU: " + std::string(kNotBuiltMessage) + " (reconfigure with -DFPLAB_BUILD_CUDA=ON)";
}

std::unique_ptr<training::StepKernels> makeCudaStepKernels(const training::ToyModel&, const training::PrecisionPolicy&,
                                                           const training::OptimizerSettings&, int) {
    throw GpuError(GpuError::Kind::NotBuilt, gpuTrainingUnavailableReason());
}

} // namespace fplab::gpu
