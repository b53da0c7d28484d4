// FP16 x FP16 -> FP32 GEMM, D = A*B + C.
// Demonstrates: the naive kernel (one thread per output, FP32 FMA chain: each FP16 product is
// exact in FP32, so only the additions round: the ladder's rung 1, ladder_1_simt_naive.cuh) next to the tensor-core kernel built on
//   mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// whose sums the CPU tensor-core model of core/tensor_core reproduces bit for bit.
// Fragment layout: PTX ISA 9.7.14.5.8, Figures 79 (A), 81 (B), 83 (C/D); see gpu/mma_fragment.h.
#include "gpu/kernels/launchers.h"
#include "gpu/kernels/ladder_1_simt_naive.cuh"
#include "gpu/kernels/mma_gemm.cuh"

namespace fplab::gpu::kernels {

namespace {

// ---- tensor-core kernel ------------------------------------------------------------------------

struct MmaFp16Fp32 {
    using In = std::uint16_t;
    using Out = float;
    using Acc = AccF32;
    static constexpr MmaShape kShape = MmaShape::M16N8K16;

    __device__ static In prepare(In x) { return x; }

    // A: four .f16x2 registers (a0..a7), B: two .f16x2 (b0..b3), C/D: four .f32; D and C share registers.
    __device__ static void mma(AccF32& d, const std::uint32_t (&a)[4], const std::uint32_t (&b)[2]) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                     : "+f"(d.v[0]), "+f"(d.v[1]), "+f"(d.v[2]), "+f"(d.v[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
};

// ---- launchers ---------------------------------------------------------------------------------

void launchGemm(KernelVariant variant, const void* a, const void* bt, const void* c, void* d, int m, int n, int k,
                cudaStream_t stream) {
    launchTypeGemm<MmaFp16Fp32>(variant, ladder::simtNaiveGemm<ladder::Fp16>, "simtNaiveGemm", a, bt, c, d, m, n, k, stream);
}

} // namespace

// ---- dispatch ------------------------------------------------------------------------------------

const TypeKernels& fp16Fp32Kernels() {
    static const TypeKernels k{launchGemm, launchSingleMma<MmaFp16Fp32>, mmaBinaryVersion<MmaFp16Fp32>};
    return k;
}

} // namespace fplab::gpu::kernels
