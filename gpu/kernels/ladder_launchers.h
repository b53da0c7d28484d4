// Host-callable launchers of the GEMM ladder's rungs (gpu/kernels/ladder_*.cu), FP16 or BF16 inputs
// (`type`), FP32 C and D; layouts as in launchers.h. Each checks its launch; the sizes must already
// satisfy checkLadderProblem. Private to the CUDA build.
#pragma once

#include "gpu/ladder.h"

#include <cuda_runtime_api.h>

#include <string>

namespace fplab::gpu::kernels::ladder {

using RungLauncher = void (*)(GemmType type, const void* a, const void* bt, const float* c, float* d, int m, int n,
                              int k, cudaStream_t stream);

void launchSimtNaive(GemmType, const void*, const void*, const float*, float*, int, int, int, cudaStream_t);
void launchSmemMma(GemmType, const void*, const void*, const float*, float*, int, int, int, cudaStream_t);
void launchLdmatrixBlocked(GemmType, const void*, const void*, const float*, float*, int, int, int, cudaStream_t);
void launchCpAsyncPipeline(GemmType, const void*, const void*, const float*, float*, int, int, int, cudaStream_t);
void launchWgmmaTma(GemmType, const void*, const void*, const float*, float*, int, int, int, cudaStream_t);

RungLauncher launcherOf(LadderRung rung);

// Empty when this build holds sm_90a code for rung 5 and device 0 can load it; otherwise why not.
std::string wgmmaTmaUnavailableReason();

} // namespace fplab::gpu::kernels::ladder
