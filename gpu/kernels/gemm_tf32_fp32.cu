// TF32 GEMM on FP32 data, D = A*B + C.
// Demonstrates: the lesson "TF32 keeps FP32's range with FP16's precision". FP32 inputs are rounded
// to TF32 with cvt.rna.tf32.f32 (ties away from zero, as __float_to_tf32 / WMMA do) when they enter
// shared memory, then multiplied exactly and accumulated in FP32 by
//   mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// The naive kernel applies the same rounding and a sequential FP32 FMA chain.
// The single-MMA launcher passes raw FP32 bits: the tensor core then ignores the low 13 bits.
// Fragment layout: PTX ISA 9.7.14.5.7, Figures 72 (A), 75 (B), 77 (C/D).
#include "gpu/kernels/launchers.h"
#include "gpu/kernels/mma_gemm.cuh"

namespace fplab::gpu::kernels {

namespace {

// cvt.rna.tf32.f32 (sm_80+): round to nearest, ties away. The result lives in a .b32; the mask makes
// the low 13 bits zero so that the value can also be used as an FP32 (the naive kernel does).
__device__ inline std::uint32_t toTf32Rna(std::uint32_t fp32Bits) {
    std::uint32_t r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(__uint_as_float(fp32Bits)));
    return r & 0xFFFFE000u;
}

// ---- naive kernel ---------------------------------------------------------------------------

__global__ void gemmTf32Fp32Naive(const std::uint32_t* A, const std::uint32_t* Bt, const float* C, float* D, int M,
                                  int N, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    float acc = C[std::size_t(row) * N + col];
    for (int k = 0; k < K; ++k) {
        const float a = __uint_as_float(toTf32Rna(A[std::size_t(row) * K + k]));
        const float b = __uint_as_float(toTf32Rna(Bt[std::size_t(col) * K + k]));
        acc = __fmaf_rn(a, b, acc); // 11-bit x 11-bit significands: the product is exact in FP32
    }
    D[std::size_t(row) * N + col] = acc;
}

// ---- tensor-core kernel ------------------------------------------------------------------------

struct MmaTf32Fp32 {
    using In = std::uint32_t;
    using Out = float;
    using Acc = AccF32;
    static constexpr MmaShape kShape = MmaShape::M16N8K8;

    __device__ static In prepare(In x) { return toTf32Rna(x); }

    // A: four .b32 registers (one tf32 each), B: two .b32, C/D: four .f32.
    __device__ static void mma(AccF32& d, const std::uint32_t (&a)[4], const std::uint32_t (&b)[2]) {
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                     : "+f"(d.v[0]), "+f"(d.v[1]), "+f"(d.v[2]), "+f"(d.v[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};

constexpr char kNaiveName[] = "gemmTf32Fp32Naive";

} // namespace

// ---- dispatch ------------------------------------------------------------------------------------

const TypeKernels& tf32Kernels() { return tensorCoreTypeKernels<MmaTf32Fp32, gemmTf32Fp32Naive, kNaiveName>(); }

} // namespace fplab::gpu::kernels
