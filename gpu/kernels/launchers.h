// Host-callable launchers of the project's kernels, one set per GEMM type (each set lives in
// its own gemm_<type>.cu). Device layouts: A is M x K row-major, Bt is B transposed (N x K
// row-major: the ".col" operand of mma.sync), C and D are M x N row-major.
// Private to the CUDA build.
#pragma once

#include "gpu/backends.h"

#include <cuda_runtime_api.h>

namespace fplab::gpu::kernels {

struct TypeKernels {
    // Launches the naive or the tensor-core (SIMT-tiled for FP32/FP64) GEMM; checks the launch.
    void (*gemm)(KernelVariant variant, const void* a, const void* bt, const void* c, void* d, int m, int n, int k,
                 cudaStream_t stream);
    // One warp executes exactly one mma.sync: A 16 x K, B K x 8 (both row-major), C and D 16 x 8.
    // nullptr for the SIMT types.
    void (*singleMma)(const void* a, const void* b, const void* c, void* d, cudaStream_t stream);
    // The SASS version (e.g. 80, 90) of the tensor-core kernel the current device would run.
    int (*tensorCoreBinaryVersion)();
};

const TypeKernels& fp64Kernels();
const TypeKernels& fp32Kernels();
const TypeKernels& tf32Kernels();
const TypeKernels& fp16Fp32Kernels();
const TypeKernels& fp16Fp16Kernels();
const TypeKernels& bf16Fp32Kernels();
const TypeKernels& e4m3Fp32Kernels();
const TypeKernels& e5m2Fp32Kernels();
const TypeKernels& int8Int32Kernels();

const TypeKernels& kernelsFor(GemmType type);

} // namespace fplab::gpu::kernels
