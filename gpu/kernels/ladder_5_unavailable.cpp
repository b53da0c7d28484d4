// Ladder rung 5 in a build without sm_90a code (gpu/CMakeLists.txt links this file when 90a is not in
// CMAKE_CUDA_ARCHITECTURES): wgmma and TMA exist only as sm_90a instructions, so the rung says so.
#include "gpu/gpu_error.h"
#include "gpu/kernels/ladder_launchers.h"

namespace fplab::gpu::kernels::ladder {

std::string wgmmaTmaUnavailableReason() {
    return "this build has no sm_90a code: configure with 90a in CMAKE_CUDA_ARCHITECTURES for the wgmma/TMA rung";
}

void launchWgmmaTma(GemmType, const void*, const void*, const float*, float*, int, int, int, cudaStream_t) {
    throw GpuError(GpuError::Kind::Unsupported, wgmmaTmaUnavailableReason());
}

} // namespace fplab::gpu::kernels::ladder
