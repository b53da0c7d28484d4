// The CUDA and cuBLAS check macros (CUDA build only): they throw GpuError with the call text, the
// status name and its meaning. Status codes are passed in directly, so no GPU or driver is needed.
#include "gpu/cuda/check.h"

#include <gtest/gtest.h>

#include <string>

namespace fplab::gpu {
namespace {

cudaError_t returns(cudaError_t e) { return e; }
cublasStatus_t returnsStatus(cublasStatus_t s) { return s; }

TEST(CudaCheck, SuccessDoesNotThrow) {
    EXPECT_NO_THROW(FPLAB_CUDA_CHECK(returns(cudaSuccess)));
    EXPECT_NO_THROW(FPLAB_CUBLAS_CHECK(returnsStatus(CUBLAS_STATUS_SUCCESS)));
}

TEST(CudaCheck, CudaFailureThrowsWithNameMeaningAndCallText) {
    try {
        FPLAB_CUDA_CHECK(returns(cudaErrorMemoryAllocation));
        FAIL() << "no exception";
    } catch (const GpuError& e) {
        const std::string what = e.what();
        EXPECT_EQ(e.kind(), GpuError::Kind::CudaCall);
        EXPECT_EQ(e.code(), int(cudaErrorMemoryAllocation));
        EXPECT_EQ(e.call(), "returns(cudaErrorMemoryAllocation)");
        EXPECT_NE(
            what.find("CUDA call failed: returns(cudaErrorMemoryAllocation) returned cudaErrorMemoryAllocation (2)"),
            std::string::npos)
            << what;
        EXPECT_NE(what.find(cudaGetErrorString(cudaErrorMemoryAllocation)), std::string::npos) << what;
        EXPECT_NE(what.find("cuda_check_test.cpp:"), std::string::npos) << what;
    }
}

TEST(CudaCheck, LaunchCheckNamesAKernelPassedAsAString) {
    // Any failing runtime call leaves a "last error" for the launch check to find, GPU or not.
    (void)cudaMemcpy(nullptr, nullptr, 1, cudaMemcpyKind(99));
    const std::string kernel = "gemmFp16Fp32Naive"; // as a shared launcher receives it: not a literal
    try {
        FPLAB_CUDA_CHECK_LAUNCH(kernel.c_str());
        FAIL() << "no exception";
    } catch (const GpuError& e) {
        EXPECT_EQ(e.call(), "launch of gemmFp16Fp32Naive");
    }
}

TEST(CudaCheck, InsufficientDriverIsNamed) {
    try {
        FPLAB_CUDA_CHECK(returns(cudaErrorInsufficientDriver));
        FAIL() << "no exception";
    } catch (const GpuError& e) {
        EXPECT_NE(std::string(e.what()).find("cudaErrorInsufficientDriver (35)"), std::string::npos) << e.what();
    }
}

TEST(CudaCheck, CublasFailureThrowsWithStatusName) {
    try {
        FPLAB_CUBLAS_CHECK(returnsStatus(CUBLAS_STATUS_NOT_SUPPORTED));
        FAIL() << "no exception";
    } catch (const GpuError& e) {
        const std::string what = e.what();
        EXPECT_EQ(e.kind(), GpuError::Kind::CublasCall);
        EXPECT_EQ(e.code(), int(CUBLAS_STATUS_NOT_SUPPORTED));
        EXPECT_NE(what.find("cuBLAS call failed: returnsStatus(CUBLAS_STATUS_NOT_SUPPORTED) returned "
                            "CUBLAS_STATUS_NOT_SUPPORTED (15)"),
                  std::string::npos)
            << what;
        EXPECT_NE(what.find(cublasGetStatusString(CUBLAS_STATUS_NOT_SUPPORTED)), std::string::npos) << what;
    }
}

} // namespace
} // namespace fplab::gpu
