// Ladder rung 1: the naive GEMM. One thread per output of D, a loop over k of FMAs on the CUDA cores.
// Idea: the shortest correct program; acc = C, then acc = fma(a_k, b_k, acc) for k ascending, which is
// the CPU's sequential FMA chain bit for bit (each FP16/BF16 product is exact in FP32).
// Cost: two global loads (4 bytes) per FMA (2 FLOPs): an arithmetic intensity of 0.5 FLOP/byte before
// caching, and no tensor core. Neighbouring threads share rows of A and Bt only through the caches.
// Also the project's "naive" kernel variant of fp16-fp32 and bf16-fp32 (gemm_half_fp32.cu),
// which is why it takes any size (bounds checks) and lives in a header.
#pragma once

#include "gpu/kernels/ladder_common.cuh"

namespace fplab::gpu::kernels::ladder {

template <class Elem>
__global__ void simtNaiveGemm(const std::uint16_t* A, const std::uint16_t* Bt, const float* C, float* D, int M, int N,
                              int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    float acc = C[std::size_t(row) * N + col];
    // lesson snippet begin
    for (int k = 0; k < K; ++k)
        acc = __fmaf_rn(Elem::toFloat(A[std::size_t(row) * K + k]), Elem::toFloat(Bt[std::size_t(col) * K + k]), acc);
    // lesson snippet end
    D[std::size_t(row) * N + col] = acc;
}

} // namespace fplab::gpu::kernels::ladder
