// Orders of summing many FP32 values, as the GPU sums them: shared by the GPU lab (gpu/accumulate)
// and the accumulation lesson, so the CPU side of both is one implementation.
#pragma once

#include <cstdint>
#include <vector>

namespace fplab {

// The block of the GPU's tree reduction (gpu/kernels/accumulate.cu), which treeSumFp32 reproduces.
inline constexpr int kTreeReductionBlock = 256;

// count FP32 values uniform in [0, 1) from `seed`: 24 random bits times 2^-24 (exact in FP32).
std::vector<std::uint32_t> uniformFp32Values(int count, std::uint64_t seed);

// The sum in index order, rounding to nearest-even after every addition.
std::uint32_t sequentialSumFp32(const std::vector<std::uint32_t>& values);

// A GPU tree reduction's order: blocks of `block` values (zero-padded), stride-halving pairs within each
// block, repeated on the block sums until one value is left. `block` is a power of two.
std::uint32_t treeSumFp32(const std::vector<std::uint32_t>& values, int block);

} // namespace fplab
