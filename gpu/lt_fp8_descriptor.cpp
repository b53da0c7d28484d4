#include "gpu/lt_fp8_descriptor.h"

namespace fplab::gpu {

LtFp8Descriptor ltFp8Descriptor(Fp8Operand a, Fp8Operand b, float scaleA, float scaleB, bool fastAccum) {
    LtFp8Descriptor d;
    d.ltA = b;
    d.ltB = a;
    d.scaleA = scaleB;
    d.scaleB = scaleA;
    // The cuBLAS FP8 type table has E4M3 x E4M3, E4M3 x E5M2 and E5M2 x E4M3, no E5M2 x E5M2.
    if (a == Fp8Operand::E5m2 && b == Fp8Operand::E5m2) {
        d.unsupported = "cuBLASLt has no E5M2 x E5M2 FP8 GEMM (one operand must be E4M3; E4M3 x E5M2 exists)";
        return d;
    }
    d.attributes = {LtAttribute::TransA, LtAttribute::TransB};
    // cublasLt.h (CUDA 13): A_SCALE_POINTER / B_SCALE_POINTER "If not specified, or set to NULL, the scaling
    // factor is assumed to be 1", and A/B_SCALE_MODE default to 0, CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F.
    // On an H100 with CUDA 13.0 every FP8 matmul with the pointers set (to 1.0) returned
    // CUBLAS_STATUS_NOT_SUPPORTED, and the same GEMM without them ran and was correct
    // (docs/gpu-results/h100-2026-11-24/lt_fp8.txt). So a scale of 1 leaves both unset; another scale
    // names its mode explicitly with its pointer (not yet run on hardware).
    if (d.scaleA != 1.0f) {
        d.attributes.push_back(LtAttribute::AScaleMode);
        d.attributes.push_back(LtAttribute::AScalePointer);
    }
    if (d.scaleB != 1.0f) {
        d.attributes.push_back(LtAttribute::BScaleMode);
        d.attributes.push_back(LtAttribute::BScalePointer);
    }
    if (fastAccum) d.attributes.push_back(LtAttribute::FastAccum);
    return d;
}

Fp8Operand fp8OperandOf(GemmType type) { return type == GemmType::E5m2Fp32 ? Fp8Operand::E5m2 : Fp8Operand::E4m3; }

BenchFp8Operands benchFp8Operands(GemmType type) {
    const Fp8Operand t = fp8OperandOf(type);
    if (ltFp8Descriptor(t, t).unsupported.empty()) return {t, t, {}};
    return {Fp8Operand::E4m3, Fp8Operand::E5m2, "A e4m3 x B e5m2: cuBLASLt has no e5m2 x e5m2"};
}

std::string_view fp8OperandName(Fp8Operand t) { return t == Fp8Operand::E4m3 ? "e4m3" : "e5m2"; }

} // namespace fplab::gpu
