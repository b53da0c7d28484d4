// The cuBLAS and cuBLASLt functions FP Lab calls, defined under their C names: each loads the
// libraries on first use (cublasApi()) and forwards the call, so the call sites read as plain cuBLAS
// and no cuBLAS library is mapped at start-up. Built with hidden visibility, so that these
// definitions never stand in for the real ones inside libcublas.
#include "gpu/cuda/cublas_library.h"

using fplab::gpu::cuda::cublasApi;

extern "C" {

cublasStatus_t cublasLtCreate(cublasLtHandle_t* lightHandle) { return cublasApi().cublasLtCreate(lightHandle); }

cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle) { return cublasApi().cublasLtDestroy(lightHandle); }

cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc, const void* alpha,
                              const void* A, cublasLtMatrixLayout_t Adesc, const void* B, cublasLtMatrixLayout_t Bdesc,
                              const void* beta, const void* C, cublasLtMatrixLayout_t Cdesc, void* D,
                              cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t* algo, void* workspace,
                              size_t workspaceSizeInBytes, cudaStream_t stream) {
    return cublasApi().cublasLtMatmul(lightHandle, computeDesc, alpha, A, Adesc, B, Bdesc, beta, C, Cdesc, D, Ddesc,
                                      algo, workspace, workspaceSizeInBytes, stream);
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
                                              cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                              cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                              cublasLtMatmulPreference_t preference, int requestedAlgoCount,
                                              cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
                                              int* returnAlgoCount) {
    return cublasApi().cublasLtMatmulAlgoGetHeuristic(lightHandle, operationDesc, Adesc, Bdesc, Cdesc, Ddesc,
                                                      preference, requestedAlgoCount, heuristicResultsArray,
                                                      returnAlgoCount);
}

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t* matmulDesc, cublasComputeType_t computeType,
                                        cudaDataType_t scaleType) {
    return cublasApi().cublasLtMatmulDescCreate(matmulDesc, computeType, scaleType);
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc) {
    return cublasApi().cublasLtMatmulDescDestroy(matmulDesc);
}

cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
                                              const void* buf, size_t sizeInBytes) {
    return cublasApi().cublasLtMatmulDescSetAttribute(matmulDesc, attr, buf, sizeInBytes);
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t* pref) {
    return cublasApi().cublasLtMatmulPreferenceCreate(pref);
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref) {
    return cublasApi().cublasLtMatmulPreferenceDestroy(pref);
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr, const void* buf,
                                                    size_t sizeInBytes) {
    return cublasApi().cublasLtMatmulPreferenceSetAttribute(pref, attr, buf, sizeInBytes);
}

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t* matLayout, cudaDataType type, uint64_t rows,
                                          uint64_t cols, int64_t ld) {
    return cublasApi().cublasLtMatrixLayoutCreate(matLayout, type, rows, cols, ld);
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout) {
    return cublasApi().cublasLtMatrixLayoutDestroy(matLayout);
}

cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout, cublasLtMatrixLayoutAttribute_t attr,
                                                const void* buf, size_t sizeInBytes) {
    return cublasApi().cublasLtMatrixLayoutSetAttribute(matLayout, attr, buf, sizeInBytes);
}

cublasStatus_t cublasCreate_v2(cublasHandle_t* handle) { return cublasApi().cublasCreate_v2(handle); }

cublasStatus_t cublasDestroy_v2(cublasHandle_t handle) { return cublasApi().cublasDestroy_v2(handle); }

cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                            int k, const void* alpha, const void* A, cudaDataType Atype, int lda, const void* B,
                            cudaDataType Btype, int ldb, const void* beta, void* C, cudaDataType Ctype, int ldc,
                            cublasComputeType_t computeType, cublasGemmAlgo_t algo) {
    return cublasApi().cublasGemmEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C,
                                    Ctype, ldc, computeType, algo);
}

const char* cublasGetStatusName(cublasStatus_t status) { return cublasApi().cublasGetStatusName(status); }

const char* cublasGetStatusString(cublasStatus_t status) { return cublasApi().cublasGetStatusString(status); }

} // extern "C"
