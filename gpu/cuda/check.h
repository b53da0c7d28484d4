// Checks for every CUDA runtime and cuBLAS call: a failure throws fplab::gpu::GpuError with
// the call's text, the status code, its name and its meaning. Never exit(): the app must survive.
// Private to the CUDA build (includes CUDA headers).
#pragma once

#include "gpu/gpu_error.h"

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <string>

namespace fplab::gpu::cuda {

[[noreturn]] inline void throwCudaFailure(cudaError_t status, const char* call, const char* file, int line) {
    throw callFailure(GpuError::Kind::CudaCall, "CUDA", call, int(status), cudaGetErrorName(status),
                      cudaGetErrorString(status), file, line);
}

[[noreturn]] inline void throwCublasFailure(cublasStatus_t status, const char* call, const char* file, int line) {
    // cublasGetStatusName/String (cuBLAS 11.4+) need no handle and no GPU.
    throw callFailure(GpuError::Kind::CublasCall, "cuBLAS", call, int(status), cublasGetStatusName(status),
                      cublasGetStatusString(status), file, line);
}

} // namespace fplab::gpu::cuda

#define FPLAB_CUDA_CHECK(call)                                                                                         \
    do {                                                                                                               \
        const cudaError_t fplabStatus_ = (call);                                                                       \
        if (fplabStatus_ != cudaSuccess)                                                                               \
            ::fplab::gpu::cuda::throwCudaFailure(fplabStatus_, #call, __FILE__, __LINE__);                             \
    } while (0)

#define FPLAB_CUBLAS_CHECK(call)                                                                                       \
    do {                                                                                                               \
        const cublasStatus_t fplabStatus_ = (call);                                                                    \
        if (fplabStatus_ != CUBLAS_STATUS_SUCCESS)                                                                     \
            ::fplab::gpu::cuda::throwCublasFailure(fplabStatus_, #call, __FILE__, __LINE__);                           \
    } while (0)

// After a kernel launch: launch errors now (bad configuration), execution errors at the next sync.
// kernelName is any const char* (a literal, or a name passed down to a shared launcher).
#define FPLAB_CUDA_CHECK_LAUNCH(kernelName)                                                                            \
    do {                                                                                                               \
        const cudaError_t fplabStatus_ = cudaGetLastError();                                                           \
        if (fplabStatus_ != cudaSuccess)                                                                               \
            ::fplab::gpu::cuda::throwCudaFailure(fplabStatus_, (std::string("launch of ") + (kernelName)).c_str(),     \
                                                 __FILE__, __LINE__);                                                  \
    } while (0)
