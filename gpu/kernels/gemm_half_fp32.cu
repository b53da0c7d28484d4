// FP16 x FP16 -> FP32 and BF16 x BF16 -> FP32 GEMM, D = A*B + C, by one template on the element type.
// Demonstrates: the naive kernel (one thread per output, FP32 FMA chain: each FP16 or BF16 product is
// exact in FP32, so only the additions round: the ladder's rung 1, ladder_1_simt_naive.cuh) next to the
// tensor-core kernel built on
//   mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32   (and .bf16.bf16)
// whose sums the CPU tensor-core model of core/tensor_core reproduces bit for bit. BF16 keeps FP32's
// exponent range with 8 bits of precision; the instruction is the only difference between the two.
// Fragment layout: PTX ISA 9.7.14.5.8 (the .f16 and .bf16 tables are the same), Figures 79 (A), 81 (B),
// 83 (C/D); see gpu/mma_fragment.h.
#include "gpu/kernels/launchers.h"
#include "gpu/kernels/ladder_1_simt_naive.cuh"
#include "gpu/kernels/ladder_common.cuh"

namespace fplab::gpu::kernels {

namespace {

// ---- tensor-core kernel ------------------------------------------------------------------------

// Element: ladder::Fp16 or ladder::Bf16, whose mma() is the instruction above.
template <class Element>
struct MmaHalfFp32 {
    using In = std::uint16_t;
    using Out = float;
    using Acc = AccF32;
    static constexpr MmaShape kShape = MmaShape::M16N8K16;

    __device__ static In prepare(In x) { return x; }

    // A: four .f16x2/.bf16x2 registers (a0..a7), B: two (b0..b3), C/D: four .f32; D and C share registers.
    __device__ static void mma(AccF32& d, const std::uint32_t (&a)[4], const std::uint32_t (&b)[2]) {
        Element::mma(d.v, a, b);
    }
};

constexpr char kNaiveName[] = "simtNaiveGemm";

} // namespace

// ---- dispatch ------------------------------------------------------------------------------------

const TypeKernels& fp16Fp32Kernels() {
    return tensorCoreTypeKernels<MmaHalfFp32<ladder::Fp16>, ladder::simtNaiveGemm<ladder::Fp16>, kNaiveName>();
}
const TypeKernels& bf16Fp32Kernels() {
    return tensorCoreTypeKernels<MmaHalfFp32<ladder::Bf16>, ladder::simtNaiveGemm<ladder::Bf16>, kNaiveName>();
}

} // namespace fplab::gpu::kernels
