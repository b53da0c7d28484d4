// Rung 1's launcher (its kernel is a header shared with the naive variant) and the ladder's dispatch.
#include "gpu/kernels/ladder_1_simt_naive.cuh"
#include "gpu/kernels/ladder_launchers.h"
#include "gpu/kernels/ladder_tiles.h"

namespace fplab::gpu::kernels::ladder {

void launchSimtNaive(GemmType type, const void* a, const void* bt, const float* c, float* d, int m, int n, int k,
                     cudaStream_t stream) {
    constexpr int side = fplab::gpu::ladder::simt::kBlockSide;
    const dim3 grid(ceilDiv(n, side), ceilDiv(m, side));
    auto kernel = type == GemmType::Bf16Fp32 ? simtNaiveGemm<Bf16> : simtNaiveGemm<Fp16>;
    kernel<<<grid, dim3(side, side), 0, stream>>>(static_cast<const std::uint16_t*>(a),
                                                  static_cast<const std::uint16_t*>(bt), c, d, m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH("simtNaiveGemm");
}

RungLauncher launcherOf(LadderRung rung) {
    switch (rung) {
    case LadderRung::SimtNaive: return launchSimtNaive;
    case LadderRung::SmemMma: return launchSmemMma;
    case LadderRung::LdmatrixBlocked: return launchLdmatrixBlocked;
    case LadderRung::CpAsyncPipeline: return launchCpAsyncPipeline;
    case LadderRung::WgmmaTma: return launchWgmmaTma;
    }
    return launchSimtNaive;
}

} // namespace fplab::gpu::kernels::ladder
