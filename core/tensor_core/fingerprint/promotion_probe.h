// Infers the promotion interval of a black-box FP8 GEMM (cuBLASLt with FAST_ACCUM off) from its outputs.
// Row i of A holds one large E4M3 value (2^8) at k = p_i and tiny ones (2^-7) everywhere else; B is all 1.
// On the tensor core the tiny products that share a promotion run with the large one are cut to zero
// (they lie 15 bits below it, the unit keeps 13), while the runs without it sum them exactly and
// their sums survive the FP32 accumulator. So D tells which products shared the large one's run.
// The interval is the one whose model (promotion.h) gives every cell bit for bit.
#pragma once

#include "core/tensor_core/mma_config.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fplab::tc {

struct PromotionProbe {
    int m = 16;
    int n = 16;
    int k = 1024;
    std::vector<std::uint32_t> a; // m x k E4M3 codes, row-major
    std::vector<std::uint32_t> b; // k x n E4M3 codes, row-major (C is +0)
};

// The probe's inputs for k products per cell (a multiple of 32, 64 to 8192).
PromotionProbe makePromotionProbe(int k = 1024);

struct PromotionInference {
    bool matched = false;          // some interval's model gives every cell
    int interval = 0;              // the smallest such interval; 0: none (no promotion within k)
    std::vector<int> alsoMatching; // other intervals that give the same cells (an ambiguous probe)
    int cellsAgreeing = 0;         // with the nearest interval's model, when none matched
    int nearestInterval = 0;
    int firstDifferingCell = -1; // row-major index, under the nearest interval's model
    std::uint32_t expected = 0, got = 0;
};

// Matches d (m x n FP32 bits) against the sm_90 wgmma E4M3 model promoted every N products, for every
// multiple N of 32 below k, and against no promotion. Throws std::invalid_argument on a size mismatch.
PromotionInference inferPromotion(const PromotionProbe& probe, std::span<const std::uint32_t> d);

// "every 128 products", "none within k = 1024", "no interval matches (first differing cell ...)".
std::string promotionInferenceText(const PromotionProbe& probe, const PromotionInference& r);

} // namespace fplab::tc
