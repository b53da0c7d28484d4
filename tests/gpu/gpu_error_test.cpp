// The message format of failed calls and the GpuError fields; no GPU needed.
#include "gpu/gpu_error.h"

#include <gtest/gtest.h>

namespace fplab::gpu {
namespace {

TEST(GpuError, CallFailureMessageNamesCallCodeAndMeaning) {
    const std::string s = formatCallFailure("CUDA", "cudaMalloc(&p, 64)", 2, "cudaErrorMemoryAllocation",
                                            "out of memory", "/long/build/path/gpu/cuda/kernel_gemm.cpp", 42);
    EXPECT_EQ(s, "CUDA call failed: cudaMalloc(&p, 64) returned cudaErrorMemoryAllocation (2): out of memory "
                 "[at kernel_gemm.cpp:42]");
}

TEST(GpuError, UnknownStatusAndNoLocation) {
    EXPECT_EQ(formatCallFailure("cuBLAS", "cublasCreate(&h)", 99, "", "", "", 0),
              "cuBLAS call failed: cublasCreate(&h) returned an unknown status (99)");
}

TEST(GpuError, CallFailureKeepsKindCodeAndCall) {
    const GpuError e = callFailure(GpuError::Kind::CublasCall, "cuBLAS", "cublasGemmEx(...)", 7,
                                   "CUBLAS_STATUS_INVALID_VALUE", "an invalid value was used as an argument", "x.cpp",
                                   3);
    EXPECT_EQ(e.kind(), GpuError::Kind::CublasCall);
    EXPECT_EQ(e.code(), 7);
    EXPECT_EQ(e.call(), "cublasGemmEx(...)");
    EXPECT_NE(std::string(e.what()).find("CUBLAS_STATUS_INVALID_VALUE (7)"), std::string::npos);
}

TEST(GpuError, NotBuiltSaysSoAndIsCatchableAsRuntimeError) {
    try {
        throwNotBuilt();
        FAIL() << "throwNotBuilt returned";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()).rfind(std::string(kNotBuiltMessage), 0), 0u) << e.what();
        const auto* g = dynamic_cast<const GpuError*>(&e);
        ASSERT_NE(g, nullptr);
        EXPECT_EQ(g->kind(), GpuError::Kind::NotBuilt);
    }
}

TEST(GpuError, KindNamesAreDistinct) {
    const GpuError::Kind kinds[] = {GpuError::Kind::NotBuilt,    GpuError::Kind::NoDevice,
                                    GpuError::Kind::CudaCall,    GpuError::Kind::CublasCall,
                                    GpuError::Kind::Unsupported, GpuError::Kind::InvalidArgument};
    for (auto a : kinds)
        for (auto b : kinds) {
            if (a != b) {
                EXPECT_NE(gpuErrorKindName(a), gpuErrorKindName(b));
            }
        }
}

} // namespace
} // namespace fplab::gpu
