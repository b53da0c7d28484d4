// An emulated tensor-core GEMM, D = A*B + C, built on the block-FMA model: every cell chains
// blocks over k exactly as chainedDot() does, on a fast path with pre-decoded operands and threads.
#pragma once

#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/mma_config.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace fplab::tc {

struct GemmShape {
    int m = 0;
    int n = 0;
    int k = 0;
};

struct GemmOptions {
    // Products per block, i.e. the block schedule of the instruction the kernel uses
    // (see instructionsFor()); 0: the architecture's block size n.
    int blockK = 0;
    // Worker threads; 0: std::thread::hardware_concurrency().
    int threads = 0;
    // Products per promotion of the partial sum to an FP32 accumulator (promotion.h); 0: none.
    int promoteEvery = 0;
};

struct GemmReport {
    std::size_t tinyEdgeCases = 0;      // cells whose result depends on the all-tiny edge case
    std::size_t satFinitePlacement = 0; // int8 .satfinite cells where the clamp's place matters
    std::size_t slowBlocks = 0;         // blocks that took the general path (NaN, infinity, edge cases)
};

// Row-major bit arrays, right-aligned in 32-bit words: a is m x k in the input type (TF32: FP32 bits,
// converted per model.config.tf32Input), b is k x n, c and d are m x n in the accumulator type.
// c and d may be the same array. `caveats`, when not empty, receives each cell's caveat (m x n).
// Throws std::invalid_argument on a size mismatch or a bad block size.
GemmReport emulateGemm(const BlockModel& model, GemmShape shape, std::span<const std::uint32_t> a,
                       std::span<const std::uint32_t> b, std::span<const std::uint32_t> c, std::span<std::uint32_t> d,
                       const GemmOptions& options = {}, std::span<Caveat> caveats = {});

// Float arrays in and out: the float values are rounded to the input type (nearest even; TF32
// operands keep their FP32 bits for the model's TF32 conversion) and C to the accumulator type;
// D comes back widened to float. Not for integer models (throws std::invalid_argument).
GemmReport emulateGemmFloat(const BlockModel& model, GemmShape shape, std::span<const float> a,
                            std::span<const float> b, std::span<const float> c, std::span<float> d,
                            const GemmOptions& options = {});

// The conversions emulateGemmFloat uses, for callers that keep bit arrays.
std::vector<std::uint32_t> encodeOperands(const BlockModel& model, std::span<const float> values);
std::vector<std::uint32_t> encodeAccumulators(const BlockModel& model, std::span<const float> values);
std::vector<float> decodeAccumulators(const BlockModel& model, std::span<const std::uint32_t> bits);

} // namespace fplab::tc
