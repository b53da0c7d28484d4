// cuBLASLt is column-major: the row-major C (m x n) = A * B is, read column-major, C^T (n x m, ld n) = B^T A^T,
// so cuBLASLt's first operand is our B and its second our A, each transposed or not as its storage says.
#include "gpu/training/transformer/cuda/lt_matmul.h"

#include "gpu/gpu_error.h"

#include <cuda_fp16.h>

namespace fplab::gpu::cuda {

namespace {

constexpr std::size_t kWorkspaceBytes = 32u << 20;

cudaDataType_t dataType(LtOperandType t) {
    return t == LtOperandType::Fp16 ? CUDA_R_16F : t == LtOperandType::Bf16 ? CUDA_R_16BF : CUDA_R_32F;
}

// Owns the descriptors of one call.
struct LtCall {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t first = nullptr, second = nullptr, out = nullptr;
    cublasLtMatmulPreference_t preference = nullptr;
    ~LtCall() {
        if (preference) cublasLtMatmulPreferenceDestroy(preference);
        for (cublasLtMatrixLayout_t l : {first, second, out})
            if (l) cublasLtMatrixLayoutDestroy(l);
        if (op) cublasLtMatmulDescDestroy(op);
    }
};

// A column-major rows x cols layout with leading dimension `ld`, `batch` of them `rows * cols` apart.
cublasLtMatrixLayout_t layout(cudaDataType_t type, int rows, int cols, int ld, int batch) {
    cublasLtMatrixLayout_t l = nullptr;
    FPLAB_CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&l, type, std::uint64_t(rows), std::uint64_t(cols), ld));
    if (batch > 1) {
        const std::int32_t count = batch;
        const std::int64_t stride = std::int64_t(rows) * cols;
        FPLAB_CUBLAS_CHECK(
            cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof count));
        FPLAB_CUBLAS_CHECK(
            cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride));
    }
    return l;
}

// The largest power of two up to 256 that divides the address and, in a batch, the bytes from one matrix to the
// next: cuBLASLt's heuristic assumes 256-byte aligned operands unless told, and a parameter inside the flat weight
// array is only float-aligned.
std::uint32_t alignmentOf(const void* p, std::uint64_t strideBytes) {
    const std::uint64_t bits = std::uint64_t(reinterpret_cast<std::uintptr_t>(p)) | strideBytes;
    std::uint32_t a = 256;
    while (a > 1 && bits % a != 0) a /= 2;
    return a;
}

void setAlignment(cublasLtMatmulPreference_t preference, cublasLtMatmulPreferenceAttributes_t attribute, const void* p,
                  std::uint64_t strideBytes) {
    const std::uint32_t bytes = alignmentOf(p, strideBytes);
    FPLAB_CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(preference, attribute, &bytes, sizeof bytes));
}

} // namespace

LtMatmul::LtMatmul() : m_workspace(kWorkspaceBytes) {}

void LtMatmul::run(LtOperandType type, bool accumulateFp16, const void* a, const void* b, void* c,
                   const LtGemmShape& s) {
    if (accumulateFp16 && type != LtOperandType::Fp16)
        throw GpuError(GpuError::Kind::InvalidArgument, "cuBLASLt: FP16 accumulation needs FP16 operands");
    const cudaDataType_t in = dataType(type), outType = accumulateFp16 ? CUDA_R_16F : CUDA_R_32F;
    const cublasComputeType_t compute = accumulateFp16 ? CUBLAS_COMPUTE_16F : CUBLAS_COMPUTE_32F;
    LtCall call;
    FPLAB_CUBLAS_CHECK(cublasLtMatmulDescCreate(&call.op, compute, outType));
    const cublasOperation_t opFirst = s.bTransposed ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t opSecond = s.aTransposed ? CUBLAS_OP_T : CUBLAS_OP_N;
    FPLAB_CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(call.op, CUBLASLT_MATMUL_DESC_TRANSA, &opFirst, sizeof opFirst));
    FPLAB_CUBLAS_CHECK(
        cublasLtMatmulDescSetAttribute(call.op, CUBLASLT_MATMUL_DESC_TRANSB, &opSecond, sizeof opSecond));
    // B stored k x n row-major is the column-major n x k B^T (ld n); stored n x k it is k x n (ld k), used transposed.
    call.first = s.bTransposed ? layout(in, s.k, s.n, s.k, s.batch) : layout(in, s.n, s.k, s.n, s.batch);
    // A stored m x k row-major is the column-major k x m A^T (ld k); stored k x m it is m x k (ld m), used transposed.
    call.second = s.aTransposed ? layout(in, s.m, s.k, s.m, s.batch) : layout(in, s.k, s.m, s.k, s.batch);
    call.out = layout(outType, s.n, s.m, s.n, s.batch);
    FPLAB_CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&call.preference));
    const std::size_t workspaceBytes = m_workspace.size();
    FPLAB_CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(call.preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                            &workspaceBytes, sizeof workspaceBytes));
    // In a batch, each matrix starts a whole matrix after the previous one (0: no batch).
    const std::uint64_t inBytes = type == LtOperandType::Fp32 ? 4 : 2, outBytes = accumulateFp16 ? 2 : 4;
    const std::uint64_t batched = s.batch > 1 ? 1 : 0;
    setAlignment(call.preference, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, b,
                 batched * std::uint64_t(s.k) * std::uint64_t(s.n) * inBytes);
    setAlignment(call.preference, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, a,
                 batched * std::uint64_t(s.m) * std::uint64_t(s.k) * inBytes);
    for (const auto attribute :
         {CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES})
        setAlignment(call.preference, attribute, c, batched * std::uint64_t(s.m) * std::uint64_t(s.n) * outBytes);
    cublasLtMatmulHeuristicResult_t algo{};
    int found = 0;
    FPLAB_CUBLAS_CHECK(cublasLtMatmulAlgoGetHeuristic(m_handle.get(), call.op, call.first, call.second, call.out,
                                                      call.out, call.preference, 1, &algo, &found));
    if (found == 0)
        throw GpuError(GpuError::Kind::Unsupported, "cuBLASLt found no algorithm for a transformer GEMM (" +
                                                        std::to_string(s.m) + " x " + std::to_string(s.n) + " x " +
                                                        std::to_string(s.k) + ") on this GPU");
    const float alpha32 = 1.0f, beta32 = 0.0f;
    const __half alpha16 = __float2half(1.0f), beta16 = __float2half(0.0f);
    const void* alpha = accumulateFp16 ? static_cast<const void*>(&alpha16) : &alpha32;
    const void* beta = accumulateFp16 ? static_cast<const void*>(&beta16) : &beta32;
    FPLAB_CUBLAS_CHECK(cublasLtMatmul(m_handle.get(), call.op, alpha, b, call.first, a, call.second, beta, c, call.out,
                                      c, call.out, &algo.algo, m_workspace.get(), workspaceBytes, nullptr));
}

} // namespace fplab::gpu::cuda
