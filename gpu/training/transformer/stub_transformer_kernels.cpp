// The GPU transformer kernels of a build without CUDA: the same entry point, reporting why there is no GPU.
#include "gpu/gpu_error.h"
#include "gpu/training/gpu_step_kernels.h"
#include "gpu/training/transformer/gpu_transformer_kernels.h"

namespace fplab::gpu {

std::unique_ptr<training::TransformerStepKernels> makeCudaTransformerKernels(const training::TransformerModel&,
                                                                             const training::TransformerPrecision&,
                                                                             const training::OptimizerSettings&, int) {
    throw GpuError(GpuError::Kind::NotBuilt, gpuTrainingUnavailableReason());
}

} // namespace fplab::gpu
