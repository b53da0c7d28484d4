// Ladder rung 3's launcher; the rung itself (what it adds, what it costs) is ladder_3_ldmatrix_blocked.cuh.
#include "gpu/kernels/ladder_3_ldmatrix_blocked.cuh"
#include "gpu/kernels/ladder_launchers.h"

namespace fplab::gpu::kernels::ladder {

void launchLdmatrixBlocked(GemmType type, const void* a, const void* bt, const float* c, float* d, int m, int n, int k,
                           cudaStream_t stream) {
    namespace t = fplab::gpu::ladder::blocked;
    const dim3 grid(n / t::kBlockN, m / t::kBlockM);
    auto kernel = type == GemmType::Bf16Fp32 ? blocked::ldmatrixBlockedGemm<Bf16> : blocked::ldmatrixBlockedGemm<Fp16>;
    kernel<<<grid, t::kThreads, 0, stream>>>(static_cast<const std::uint16_t*>(a),
                                             static_cast<const std::uint16_t*>(bt), c, d, m, n, k);
    FPLAB_CUDA_CHECK_LAUNCH("ldmatrixBlockedGemm");
}

} // namespace fplab::gpu::kernels::ladder
