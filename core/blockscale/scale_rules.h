// The scale each scheme picks for a block, from the block's largest magnitude (amax).
// Inputs and outputs are encodings: FP32 bits in, the scale format's bits out.
#pragma once

#include <cstdint>

namespace fplab::blockscale {

// OCP MX v1.0 section 6.3: X = floor(log2(amax)) - emax_elem, clamped to the E8M0 range [-127, 127];
// an all-zero block gets X = -127. amaxBits is a finite, non-negative FP32 value.
int mxSharedExponent(std::uint32_t amaxBits, int emaxElement);
constexpr std::uint8_t e8m0FromExponent(int x) { return static_cast<std::uint8_t>(x + 127); }

// NVFP4's per-tensor FP32 scale: amax_tensor / (448 * 6), rounded once to FP32; 1 for an all-zero tensor.
std::uint32_t nvfp4GlobalScale(std::uint32_t amaxTensorBits);
// NVFP4's per-block E4M3 scale: amax_block / 6 / globalScale, rounded once (to nearest even, saturating
// at 448) to E4M3.
std::uint8_t nvfp4BlockScale(std::uint32_t amaxBlockBits, std::uint32_t globalScaleBits);

// DeepSeek-V3's FP8 scale: amax / 448 in FP32 (an all-zero group gets 1, so no element is divided by 0).
std::uint32_t fp8AmaxScale(std::uint32_t amaxBits);

} // namespace fplab::blockscale
