// Row-major GEMMs through cuBLASLt for the transformer: C = op(A) * op(B), optionally a strided batch of
// them (the attention's heads), with FP32, FP16 or BF16 operands and FP32 accumulation (CUBLAS_COMPUTE_32F,
// never TF32), or FP16 operands accumulating in FP16 (CUBLAS_COMPUTE_16F). Private to the CUDA build.
#pragma once

#include "gpu/cuda/device_memory.h"

#include <cstdint>

namespace fplab::gpu::cuda {

enum class LtOperandType : std::uint8_t { Fp32, Fp16, Bf16 };

struct LtGemmShape {
    int m = 0, n = 0, k = 0;  // C is m x n, the product runs over k
    bool aTransposed = false; // A is stored k x m (row-major) and used transposed; otherwise stored m x k
    bool bTransposed = false; // B is stored n x k and used transposed; otherwise stored k x n
    int batch = 1;            // consecutive A, B and C matrices, each stored contiguously
};

class LtMatmul {
public:
    LtMatmul();
    // C (float32, or FP16 when accumulateFp16) = A * B with operands of `type` (accumulateFp16 needs Fp16).
    void run(LtOperandType type, bool accumulateFp16, const void* a, const void* b, void* c, const LtGemmShape& shape);

private:
    CublasLtHandle m_handle;
    DeviceBuffer<std::uint8_t> m_workspace;
};

} // namespace fplab::gpu::cuda
