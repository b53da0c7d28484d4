// What every rung of the GEMM ladder shares: the element type as a template parameter (FP16 or BF16
// inputs, FP32 accumulators: the mma.sync instruction is the only difference), the C/D fragment of
// one m16n8 tile, and thin wrappers of the PTX instructions the rungs add (ldmatrix, cp.async).
// Layouts as in launchers.h: A is M x K row-major, Bt is N x K row-major (mma's ".col" B), C, D M x N.
#pragma once

#include "gpu/kernels/mma_gemm.cuh"

#include <cstdint>

namespace fplab::gpu::kernels::ladder {

// ---- the element types -----------------------------------------------------------------------

struct Fp16 {
    __device__ static float toFloat(std::uint16_t x) { return __half2float(__ushort_as_half(x)); }
    // D = A*B + D for one 16 x 8 x 16 tile: a0..a3, b0..b1 as ldmatrix/packA leave them, d as AccF32.
    __device__ static void mma(float (&d)[4], const std::uint32_t (&a)[4], const std::uint32_t* b) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};

struct Bf16 {
    __device__ static float toFloat(std::uint16_t x) { return __uint_as_float(std::uint32_t(x) << 16); }
    __device__ static void mma(float (&d)[4], const std::uint32_t (&a)[4], const std::uint32_t* b) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};

// ---- the C/D fragment of one 16 x 8 tile (PTX Figure 83): c0,c1 in row groupID, c2,c3 in row
// groupID + 8, columns tig*2 and tig*2 + 1. The ladder's sizes are whole tiles: no bounds checks.

__device__ inline void loadTileC(float (&acc)[4], const float* C, int ldc, int row0, int col0, int lane) {
    const int r = row0 + (lane >> 2), c = col0 + (lane % 4) * 2;
    const float2 lo = *reinterpret_cast<const float2*>(&C[std::size_t(r) * ldc + c]);
    const float2 hi = *reinterpret_cast<const float2*>(&C[std::size_t(r + 8) * ldc + c]);
    acc[0] = lo.x, acc[1] = lo.y, acc[2] = hi.x, acc[3] = hi.y;
}

__device__ inline void storeTileD(const float (&acc)[4], float* D, int ldd, int row0, int col0, int lane) {
    const int r = row0 + (lane >> 2), c = col0 + (lane % 4) * 2;
    *reinterpret_cast<float2*>(&D[std::size_t(r) * ldd + c]) = make_float2(acc[0], acc[1]);
    *reinterpret_cast<float2*>(&D[std::size_t(r + 8) * ldd + c]) = make_float2(acc[2], acc[3]);
}

// ---- PTX wrappers ------------------------------------------------------------------------------

__device__ inline std::uint32_t sharedAddress(const void* p) {
    return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// ldmatrix .x4: four 8 x 8 matrices of 16-bit elements; lane l gives the address of row l % 8 of
// matrix l / 8, and register i receives this lane's two elements of matrix i (row lane / 4,
// columns 2 * (lane % 4) and + 1): exactly an mma.sync A or B fragment register (PTX 9.7.14.5.15).
__device__ inline void ldmatrixX4(std::uint32_t (&r)[4], const std::uint16_t* rowAddress) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(sharedAddress(rowAddress)));
}

// cp.async .cg: 16 bytes from global to shared memory without passing through registers (or L1).
__device__ inline void cpAsync16(void* sharedDst, const void* globalSrc) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sharedAddress(sharedDst)), "l"(globalSrc));
}
__device__ inline void cpAsyncCommit() { asm volatile("cp.async.commit_group;\n" ::); }
// Waits until at most `kPending` of this thread's committed groups are still in flight.
template <int kPending>
__device__ inline void cpAsyncWait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending));
}

} // namespace fplab::gpu::kernels::ladder
