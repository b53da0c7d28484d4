// The promotion probe (core/tensor_core/fingerprint/promotion_probe.h) through cuBLASLt's E4M3 GEMM on device
// 0, with CUBLASLT_MATMUL_DESC_FAST_ACCUM off and on: the interval cuBLASLt promotes its partial sums at.
#pragma once

#include "core/tensor_core/fingerprint/promotion_probe.h"

namespace fplab::gpu {

struct PromotionRun {
    tc::PromotionProbe probe;
    tc::PromotionInference fastAccumOff;
    tc::PromotionInference fastAccumOn;
};

// Throws GpuError (no GPU, no cuBLASLt FP8 on this GPU, a cuBLAS failure).
PromotionRun runPromotionProbeOnGpu(int k = 1024);

} // namespace fplab::gpu
