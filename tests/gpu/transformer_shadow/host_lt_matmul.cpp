// The CPU shadow's cuBLASLt: the same row-major GEMMs (lt_matmul.h), each product summed in order from +0 by fused
// multiply-adds in the accumulation format, which is how the emulator sums it; so the shadow differs from the
// emulator only where the kernels' host code or their arithmetic does.
#include "gpu/training/transformer/cuda/lt_matmul.h"

#include <cmath>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace fplab::gpu::cuda {

namespace {

float element(LtOperandType type, const void* data, std::size_t i) {
    if (type == LtOperandType::Fp16) return __half2float(static_cast<const __half*>(data)[i]);
    if (type == LtOperandType::Bf16) return __bfloat162float(static_cast<const __nv_bfloat16*>(data)[i]);
    return static_cast<const float*>(data)[i];
}

} // namespace

LtMatmul::LtMatmul() : m_workspace(0) {}

void LtMatmul::run(LtOperandType type, bool accumulateFp16, const void* a, const void* b, void* c,
                   const LtGemmShape& s) {
    const std::size_t aSize = std::size_t(s.m) * s.k, bSize = std::size_t(s.k) * s.n, cSize = std::size_t(s.m) * s.n;
    for (int batch = 0; batch < s.batch; ++batch)
        for (int i = 0; i < s.m; ++i)
            for (int j = 0; j < s.n; ++j) {
                float sum = 0.0f;
                for (int p = 0; p < s.k; ++p) {
                    const std::size_t ai = s.aTransposed ? std::size_t(p) * s.m + i : std::size_t(i) * s.k + p;
                    const std::size_t bi = s.bTransposed ? std::size_t(j) * s.k + p : std::size_t(p) * s.n + j;
                    const float x = element(type, a, batch * aSize + ai), y = element(type, b, batch * bSize + bi);
                    sum = accumulateFp16 ? __half2float(__double2half(std::fma(double(x), double(y), double(sum))))
                                         : std::fmaf(x, y, sum);
                }
                const std::size_t ci = batch * cSize + std::size_t(i) * s.n + j;
                if (accumulateFp16) static_cast<__half*>(c)[ci] = __float2half_rn(sum);
                else static_cast<float*>(c)[ci] = sum;
            }
}

} // namespace fplab::gpu::cuda
