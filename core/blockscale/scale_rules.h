// The scale each scheme picks for a block, from the block's largest magnitude (amax).
// Inputs and outputs are encodings: FP32 bits in, the scale format's bits out.
#pragma once

#include <cstdint>

namespace fplab::blockscale {

// OCP MX v1.0 section 6.3: X = floor(log2(amax)) - emax_elem, clamped to the E8M0 range [-127, 127];
// an all-zero block gets X = -127. amaxBits is a finite, non-negative FP32 value.
int mxSharedExponent(std::uint32_t amaxBits, int emaxElement);
constexpr std::uint8_t e8m0FromExponent(int x) { return static_cast<std::uint8_t>(x + 127); }
// Mishra et al., "Recipes for Pre-training LLMs with MXFP8" (arXiv 2506.08027): X = ceil(log2(amax / max_elem)),
// the scale rounded up so that amax never saturates; clamped to [-127, 127], -127 for an all-zero block.
// elementMaxBits is the element format's largest finite value in FP32 (448 for E4M3; 127/64 for MXINT8).
int roundUpSharedExponent(std::uint32_t amaxBits, std::uint32_t elementMaxBits);
// ml_dtypes' way: s = amax / max_elem rounded to FP32, then cast to E8M0 rounding to nearest, a tie
// 1.5 * 2^k going up to 2^(k+1) (core's conversion to a format without fraction bits). Two roundings;
// -127 for an all-zero block or a quotient that underflows.
int nearestSharedExponent(std::uint32_t amaxBits, std::uint32_t elementMaxBits);

// NVFP4's per-tensor FP32 scale: amax_tensor / (scaleMax * elementMax), rounded once to FP32; 1 for an
// all-zero tensor. NVIDIA's recipe: 448 * 6. Four Over Six: 256 * 6, so that a block mapped to 4 keeps its
// E4M3 scale at most 384.
std::uint32_t nvfp4GlobalScale(std::uint32_t amaxTensorBits, double scaleMax = 448, double elementMax = 6);
// NVFP4's per-block E4M3 scale: amax_block / elementMax / globalScale, rounded once (to nearest even,
// saturating at 448) to E4M3. elementMax is 6 or 4.
std::uint8_t nvfp4BlockScale(std::uint32_t amaxBlockBits, std::uint32_t globalScaleBits, double elementMax = 6);

// DeepSeek-V3's FP32 scale: amax / max_elem in FP32 (an all-zero group gets 1, so no element is divided by 0).
std::uint32_t fp32AmaxScale(std::uint32_t amaxBits, std::uint32_t elementMaxBits);
inline std::uint32_t fp8AmaxScale(std::uint32_t amaxBits) { return fp32AmaxScale(amaxBits, 0x43E00000); } // 448

} // namespace fplab::blockscale
