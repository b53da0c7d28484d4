// The CPU shadow's "device": the CUDA runtime and cuBLASLt calls the transformer kernels' host code makes, done in
// host memory, and the MLP kernels it borrows (pack, unscale, Adam) written as loops. Only the shadow test links
// this file; it never runs beside the real CUDA runtime.
#include "gpu/cuda/check.h"
#include "gpu/training/cuda/training_kernels.h"
#include "gpu/training/gpu_step_kernels.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

extern "C" {

cudaError_t cudaMalloc(void** p, size_t size) {
    *p = std::malloc(size == 0 ? 1 : size);
    return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
cudaError_t cudaFree(void* p) {
    std::free(p);
    return cudaSuccess;
}
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind) {
    std::memcpy(dst, src, count);
    return cudaSuccess;
}
cudaError_t cudaMemset(void* p, int value, size_t count) {
    std::memset(p, value, count);
    return cudaSuccess;
}
cudaError_t cudaGetLastError() { return cudaSuccess; }
const char* cudaGetErrorName(cudaError_t) { return "cudaError (shadow)"; }
const char* cudaGetErrorString(cudaError_t) { return "a shadow CUDA call failed"; }
cublasStatus_t cublasLtCreate(cublasLtHandle_t* handle) {
    *handle = nullptr;
    return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtDestroy(cublasLtHandle_t) { return CUBLAS_STATUS_SUCCESS; }
const char* cublasGetStatusName(cublasStatus_t) { return "CUBLAS_STATUS (shadow)"; }
const char* cublasGetStatusString(cublasStatus_t) { return "a shadow cuBLAS call failed"; }

} // extern "C"

namespace fplab::gpu {

std::string gpuTrainingUnavailableReason() { return {}; }

std::string describeGpuFailure(const std::exception& e) { return e.what(); }

namespace train_kernels {

namespace {

float roundTo(float x, Round r) {
    if (r == Round::Fp16) return __half2float(__float2half_rn(x));
    if (r == Round::Bf16) return __bfloat162float(__float2bfloat16_rn(x));
    return x;
}

} // namespace

void pack(const float* src, int rows, int cols, bool transpose, Pack kind, void* dst, cudaStream_t) {
    for (int i = 0; i < rows * cols; ++i) {
        const int o = transpose ? (i % cols) * rows + i / cols : i;
        if (kind == Pack::Fp16) static_cast<__half*>(dst)[o] = __float2half_rn(src[i]);
        else if (kind == Pack::Bf16) static_cast<__nv_bfloat16*>(dst)[o] = __float2bfloat16_rn(src[i]);
        else static_cast<float*>(dst)[o] = src[i];
    }
}

void unscaleAndCheck(float* g, int n, float inverse, bool unscale, Round store, int* flag, cudaStream_t) {
    for (int i = 0; i < n; ++i) {
        if (!std::isfinite(g[i])) *flag = 1;
        if (unscale) g[i] = roundTo(g[i] * inverse, store);
    }
}

// Adam as training_kernels.cu's optimizerKernel computes it (checked against the CPU Optimizer on an H100 for the
// MLP); SGD is not used by the transformer.
void optimizerStep(float* w, const float* grad, float* m, float* v, int n, const OptimizerArgs& a, Round store,
                   int* flag, cudaStream_t) {
    for (int i = 0; i < n; ++i) {
        const float weight = w[i];
        float g = grad[i];
        if (a.weightDecay != 0) g = g + a.weightDecay * weight;
        const float mi = m[i] + (1.0f - a.beta1) * (g - m[i]);
        const float vi = v[i] * a.beta2 + (1.0f - a.beta2) * g * g;
        const float delta = a.stepSize * (mi / (std::sqrt(vi) / a.bc2Sqrt + a.eps));
        m[i] = roundTo(mi, store);
        v[i] = roundTo(vi, store);
        w[i] = roundTo(weight - delta, store);
        if (!std::isfinite(w[i])) *flag = 1;
    }
}

} // namespace train_kernels

} // namespace fplab::gpu
