// The block-scaled FP8 GEMM model: D = sum_k (a_ik * sa) * (b_kj * sb) with FP8 codes a, b and their
// block scales, accumulated exactly, in FP32, or on the Hopper FP8 tensor core (wgmma: 32 products
// per block, 13 fraction bits kept, the running sum truncated to e8m13; docs/tensor-core-model.md),
// optionally promoted to an FP32 accumulator every N_C products as DeepSeek-V3 does (N_C = 128).
#pragma once

#include "core/blockscale/block_scales.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace fplab::blockscale {

enum class Accumulation : std::uint8_t {
    Exact,     // every scaled product summed exactly, rounded once to FP64
    Fp32,      // (a * b) * (sa * sb) in FP32, summed in FP32 with k ascending (a CUDA-core loop)
    HopperFp8, // the tensor-core model; scales applied in FP32 when the partial sum is promoted
};
std::string_view accumulationName(Accumulation a); // "exact" "fp32" "hopper-fp8"
std::optional<Accumulation> parseAccumulation(std::string_view s);

struct BlockGemmOptions {
    Accumulation accumulation = Accumulation::HopperFp8;
    // HopperFp8: the tensor core sums promoteEvery products (a multiple of 32), then the partial sum
    // times sa * sb is added to an FP32 accumulator. 0: never; the whole k stays in the tensor core,
    // which then needs one scale along k (per-tensor scaling).
    int promoteEvery = 0;
};

// a is m x k, b is k x n; the result is m x n, row-major. Throws std::invalid_argument when the
// shapes do not match, promoteEvery is not a multiple of 32, or a scale block straddles a promotion
// interval (the tensor core cannot apply a scale inside its sum).
std::vector<double> blockScaledGemm(const ScaledMatrix& a, const ScaledMatrix& b, const BlockGemmOptions& options);

// The DeepSeek-V3 inputs: activations in 1 x 128 tiles, weights in 128 x 128 blocks, both E4M3.
inline constexpr int kDeepSeekTile = 128;
inline constexpr int kDeepSeekPromotion = 128; // N_C

} // namespace fplab::blockscale
