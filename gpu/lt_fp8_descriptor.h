// Which cuBLASLt matmul-descriptor attributes an FP8 GEMM sets, as data: chosen here without any CUDA
// header so that the choice is tested on any machine, applied in gpu/cuda/cublas_gemm.cpp.
#pragma once

#include "gpu/gemm_types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::gpu {

enum class Fp8Operand : std::uint8_t { E4m3, E5m2 };

// The cuBLASLt matmul-descriptor attributes this project may set (CUBLASLT_MATMUL_DESC_...).
enum class LtAttribute : std::uint8_t {
    TransA,        // TRANSA = T
    TransB,        // TRANSB = N
    AScaleMode,    // A_SCALE_MODE = CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F (one FP32 scale for the matrix)
    AScalePointer, // A_SCALE_POINTER: device pointer to that FP32 scale
    BScaleMode,
    BScalePointer,
    FastAccum, // FAST_ACCUM = 1: the tensor core sums all of k, never promoting to FP32 on the way
};

// cuBLASLt's operands of one FP8 GEMM: the project's D = A*B + C is run column-major as
// D^T = B^T A^T, so cuBLASLt's A is the project's B and cuBLASLt's B is the project's A.
struct LtFp8Descriptor {
    Fp8Operand ltA = Fp8Operand::E4m3; // the project's B
    Fp8Operand ltB = Fp8Operand::E4m3; // the project's A
    float scaleA = 1.0f;               // cuBLASLt's A scale, used only when AScalePointer is set
    float scaleB = 1.0f;
    std::vector<LtAttribute> attributes; // in the order they are set
    std::string unsupported;             // non-empty: cuBLASLt has no such GEMM, and why
};

// The descriptor for the project's A and B types and per-matrix scales (of the project's A and B).
// fastAccum: set CUBLASLT_MATMUL_DESC_FAST_ACCUM (off by default: cuBLASLt promotes its partial sums to FP32
// every so many products, docs/tensor-core-model.md "Promotion to FP32").
LtFp8Descriptor ltFp8Descriptor(Fp8Operand a, Fp8Operand b, float scaleA = 1.0f, float scaleB = 1.0f,
                                bool fastAccum = false);

// The promotion interval the model assumes for cuBLASLt's FP8 GEMMs with FAST_ACCUM off until a GPU run measures
// it (`fplab-cli gpu fingerprint --promotion`): 128 products, DeepSeek-V3's N_C and CUTLASS's default of four
// wgmma k-blocks of 32. Not measured: docs/gpu-results/verified.tsv lists it as such.
inline constexpr int kAssumedCublasLtFp8PromotionInterval = 128;

// The project's operand types of an FP8 GEMM type: e4m3-fp32 is E4M3 x E4M3, e5m2-fp32 E5M2 x E5M2.
Fp8Operand fp8OperandOf(GemmType type);

// What the speed table times for an FP8 type through cuBLASLt: the type's own operands where cuBLASLt has
// them, otherwise (e5m2-fp32: cuBLASLt has no E5M2 x E5M2) A in E4M3 and B in E5M2, the mixed GEMM it has.
struct BenchFp8Operands {
    Fp8Operand a;
    Fp8Operand b;
    std::string note; // empty when the type's own operands are timed
};
BenchFp8Operands benchFp8Operands(GemmType type);

std::string_view fp8OperandName(Fp8Operand t); // "e4m3" / "e5m2"

} // namespace fplab::gpu
