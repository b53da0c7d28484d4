// cuBLAS / cuBLASLt GEMMs on device buffers in the project's layouts (A M x K row-major, Bt N x K
// row-major, C/D M x N row-major), planned once and run many times (the benchmark times only the run).
// Private to the CUDA build.
#pragma once

#include "gpu/cuda/device_memory.h"
#include "gpu/gemm_types.h"
#include "gpu/lt_fp8_descriptor.h"

#include <memory>
#include <string>

namespace fplab::gpu::cuda {

class CublasRunner {
public:
    CublasRunner();
    ~CublasRunner();
    CublasRunner(const CublasRunner&) = delete;
    CublasRunner& operator=(const CublasRunner&) = delete;

    // Empty when cuBLAS can run this GEMM on device 0; otherwise why not.
    static std::string unsupportedReason(GemmType type, int m, int n, int k);

    class Plan {
    public:
        virtual ~Plan() = default;
        // D = A*B + beta*D (D holds C on entry when beta = 1), enqueued on the runner's stream.
        virtual void run(const void* a, const void* bt, void* d, bool addC) = 0;
    };
    // Throws GpuError(Unsupported) with unsupportedReason(), or a cuBLAS error.
    std::unique_ptr<Plan> plan(GemmType type, int m, int n, int k, bool fp8FastAccum = false);
    // An FP8 GEMM with the project's A and B in the given types (E4M3 x E5M2 and the like), FP32 out;
    // fastAccum sets CUBLASLT_MATMUL_DESC_FAST_ACCUM.
    std::unique_ptr<Plan> planFp8(Fp8Operand a, Fp8Operand b, int m, int n, int k, bool fastAccum = false);
    // The FP8 training GEMMs (gpu/training/fp8_gemm_plan.h): A and Bt rows `ld` elements apart (a
    // K-chunk of longer rows), scales 1, and no split-K reduction, so that every output is one
    // tensor-core sum, as the emulator's model sums it.
    std::unique_ptr<Plan> planFp8Chunk(Fp8Operand a, Fp8Operand b, int m, int n, int k, int ld, bool fastAccum = false);

    cudaStream_t stream() const { return nullptr; } // the legacy default stream

private:
    CublasHandle m_handle;
    CublasLtHandle m_lt;
    DeviceBuffer<std::uint8_t> m_workspace; // for cuBLASLt (split-K and friends)
    DeviceBuffer<float> m_scales;           // cuBLASLt's FP8 A and B scales, when the descriptor sets them
};

} // namespace fplab::gpu::cuda
