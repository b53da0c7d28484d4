// FP16 x FP16 -> FP16 GEMM with an FP16 accumulator, D = A*B + C.
// Demonstrates: the naive kernel (__hfma: one FP16 rounding per step, so small addends vanish
// once the sum grows) next to the tensor-core kernel built on
//   mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// which keeps more bits inside each block and rounds (to nearest) once per block.
// Fragment layout: PTX ISA 9.7.14.5.8, Figures 79 (A), 81 (B), 83 (C/D as two .f16x2 registers).
#include "gpu/kernels/launchers.h"
#include "gpu/kernels/mma_gemm.cuh"

namespace fplab::gpu::kernels {

namespace {

// ---- naive kernel ---------------------------------------------------------------------------

__global__ void gemmFp16Fp16Naive(const std::uint16_t* A, const std::uint16_t* Bt, const std::uint16_t* C,
                                  std::uint16_t* D, int M, int N, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    __half acc = __ushort_as_half(C[std::size_t(row) * N + col]);
    for (int k = 0; k < K; ++k) {
        const __half a = __ushort_as_half(A[std::size_t(row) * K + k]);
        const __half b = __ushort_as_half(Bt[std::size_t(col) * K + k]);
        acc = __hfma(a, b, acc); // fma.rn.f16: one rounding to FP16 per step
    }
    D[std::size_t(row) * N + col] = __half_as_ushort(acc);
}

// ---- tensor-core kernel ------------------------------------------------------------------------

struct MmaFp16Fp16 {
    using In = std::uint16_t;
    using Out = std::uint16_t;
    using Acc = AccF16;
    static constexpr MmaShape kShape = MmaShape::M16N8K16;

    __device__ static In prepare(In x) { return x; }

    // A: four .f16x2 registers, B: two .f16x2, C/D: two .f16x2 (c0,c1 | c2,c3).
    __device__ static void mma(AccF16& d, const std::uint32_t (&a)[4], const std::uint32_t (&b)[2]) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                     "{%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};\n"
                     : "+r"(d.v[0]), "+r"(d.v[1])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};

constexpr char kNaiveName[] = "gemmFp16Fp16Naive";

} // namespace

// ---- dispatch ------------------------------------------------------------------------------------

const TypeKernels& fp16Fp16Kernels() { return tensorCoreTypeKernels<MmaFp16Fp16, gemmFp16Fp16Naive, kNaiveName>(); }

} // namespace fplab::gpu::kernels
