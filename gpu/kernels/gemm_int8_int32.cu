// INT8 x INT8 -> INT32 GEMM, D = A*B + C, wrapping on overflow (no .satfinite).
// Demonstrates: integer tensor cores are exact, so the naive kernel and the tensor-core kernel
//   mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// must agree bit for bit with every CPU backend: a comparison that checks the plumbing
// (layouts, fragments, transfers) with no rounding in the way.
// Fragment layout: PTX ISA 9.7.14.5.10, Figures 88 (A), 90-91 (B), 92 (C/D).
#include "gpu/kernels/launchers.h"
#include "gpu/kernels/mma_gemm.cuh"

namespace fplab::gpu::kernels {

namespace {

// ---- naive kernel ---------------------------------------------------------------------------

__global__ void gemmInt8Int32Naive(const std::uint8_t* A, const std::uint8_t* Bt, const std::int32_t* C,
                                   std::int32_t* D, int M, int N, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    // Unsigned arithmetic wraps by definition, as the s32 accumulator of mma does.
    std::uint32_t acc = std::uint32_t(C[std::size_t(row) * N + col]);
    for (int k = 0; k < K; ++k) {
        const int a = std::int8_t(A[std::size_t(row) * K + k]);
        const int b = std::int8_t(Bt[std::size_t(col) * K + k]);
        acc += std::uint32_t(a * b);
    }
    D[std::size_t(row) * N + col] = std::int32_t(acc);
}

// ---- tensor-core kernel ------------------------------------------------------------------------

struct MmaInt8Int32 {
    using In = std::uint8_t;
    using Out = std::int32_t;
    using Acc = AccS32;
    static constexpr MmaShape kShape = MmaShape::M16N8K32;

    __device__ static In prepare(In x) { return x; }

    // A: four .b32 registers of four .s8 each, B: two .b32, C/D: four .s32.
    __device__ static void mma(AccS32& d, const std::uint32_t (&a)[4], const std::uint32_t (&b)[2]) {
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                     : "+r"(d.v[0]), "+r"(d.v[1]), "+r"(d.v[2]), "+r"(d.v[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};

constexpr char kNaiveName[] = "gemmInt8Int32Naive";

} // namespace

// ---- dispatch ------------------------------------------------------------------------------------

const TypeKernels& int8Int32Kernels() { return tensorCoreTypeKernels<MmaInt8Int32, gemmInt8Int32Naive, kNaiveName>(); }

} // namespace fplab::gpu::kernels
