// FP8 (E4M3 or E5M2) x FP8 -> FP32 GEMM, D = A*B + C, on sm_89 and later.
// Demonstrates: the two OCP FP8 formats (E4M3: more precision, max 448, no infinity; E5M2: FP16's
// range with 2 mantissa bits). The naive kernel widens each element exactly and runs an FP32 FMA
// chain; the tensor-core kernel is built on
//   mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32   (and .e5m2.e5m2)
// which exists from sm_89 (PTX ISA 8.4). Code for older targets (sm_80) is compiled without the
// instruction and traps; the host checks the device and the kernel's SASS version before launching.
// Fragment layout: PTX ISA 9.7.14.5.10, Figures 88 (A), 90-91 (B), 92 (C/D).
#include "gpu/kernels/launchers.h"
#include "gpu/kernels/mma_gemm.cuh"

#include <cuda_fp8.h>

namespace fplab::gpu::kernels {

namespace {

template <__nv_fp8_interpretation_t Kind>
__device__ inline float fp8ToFloat(std::uint8_t x) {
    // FP8 -> FP16 is exact for both formats, and FP16 -> FP32 too.
    return __half2float(__half(__nv_cvt_fp8_to_halfraw(x, Kind)));
}

// ---- naive kernel ---------------------------------------------------------------------------

template <__nv_fp8_interpretation_t Kind>
__global__ void gemmFp8Fp32Naive(const std::uint8_t* A, const std::uint8_t* Bt, const float* C, float* D, int M, int N,
                                 int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    float acc = C[std::size_t(row) * N + col];
    for (int k = 0; k < K; ++k)
        acc = __fmaf_rn(fp8ToFloat<Kind>(A[std::size_t(row) * K + k]), fp8ToFloat<Kind>(Bt[std::size_t(col) * K + k]),
                        acc);
    D[std::size_t(row) * N + col] = acc;
}

// ---- tensor-core kernel ------------------------------------------------------------------------

// A: four .b32 registers of four FP8 each (a0..a15), B: two .b32 (b0..b7), C/D: four .f32.
template <__nv_fp8_interpretation_t Kind>
struct MmaFp8Fp32 {
    using In = std::uint8_t;
    using Out = float;
    using Acc = AccF32;
    static constexpr MmaShape kShape = MmaShape::M16N8K32;
    __device__ static In prepare(In x) { return x; }
    __device__ static void mma(AccF32& d, const std::uint32_t (&a)[4], const std::uint32_t (&b)[2]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
        if constexpr (Kind == __NV_E4M3)
            asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
                         "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                         : "+f"(d.v[0]), "+f"(d.v[1]), "+f"(d.v[2]), "+f"(d.v[3])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
        else
            asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 "
                         "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                         : "+f"(d.v[0]), "+f"(d.v[1]), "+f"(d.v[2]), "+f"(d.v[3])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#else
        (void)d, (void)a, (void)b;
        __trap(); // not reachable: the host refuses FP8 unless the SASS is sm_89+
#endif
    }
};

constexpr char kNaiveName[] = "gemmFp8Fp32Naive";

} // namespace

// ---- dispatch ------------------------------------------------------------------------------------

const TypeKernels& e4m3Fp32Kernels() {
    return tensorCoreTypeKernels<MmaFp8Fp32<__NV_E4M3>, gemmFp8Fp32Naive<__NV_E4M3>, kNaiveName>();
}
const TypeKernels& e5m2Fp32Kernels() {
    return tensorCoreTypeKernels<MmaFp8Fp32<__NV_E5M2>, gemmFp8Fp32Naive<__NV_E5M2>, kNaiveName>();
}

} // namespace fplab::gpu::kernels
