// FP8 quantisation with scales: one scale per tensor, or one per block of a matrix (DeepSeek-V3:
// 1x128 tiles of activations and gradients, 128x128 blocks of weights), each amax / fp8Max.
#pragma once

#include "core/blockscale/fp8_element.h"
#include "core/blockscale/scale_rule.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fplab::blockscale {

// A row-major rows x cols matrix as FP8 codes and scales: element (r, c) is
// codes[r * cols + c] * scales[(r / blockRows) * blocksAcross() + c / blockCols].
struct ScaledMatrix {
    int rows = 0;
    int cols = 0;
    int blockRows = 1;
    int blockCols = 1;
    Fp8Element element = Fp8Element::E4m3;
    std::vector<float> codes;   // the elements' values, exact in a float
    std::vector<float> scales;  // dequantisation scales (x ~ code * scale), row-major over blocks
    std::int64_t saturated = 0; // elements clamped to +-fp8Max
    std::int64_t flushed = 0;   // nonzero elements that became zero
    std::int64_t nonzero = 0;   // nonzero elements of the input

    int blocksAcross() const { return (cols + blockCols - 1) / blockCols; }
    int blocksDown() const { return (rows + blockRows - 1) / blockRows; }
    float scaleAt(int r, int c) const { return scales[std::size_t(r / blockRows) * blocksAcross() + c / blockCols]; }
};

// The scale that maps amax onto the largest finite element: amax / fp8Max (1 when amax is 0 or not finite).
float amaxScale(float amax, Fp8Element e);

// A block's scale from its amax under a rule: Fp32 is amaxScale; Ocp, RoundUp and Nearest give the E8M0
// power of two of scale_rules.h (2^-127 for an all-zero block). 1 when amax is not finite. Throws
// std::invalid_argument for a rule of another scheme (NVFP4's).
float blockScale(float amax, Fp8Element e, ScaleRule rule);

// Per-block scales of blocks of blockRows x blockCols (edge blocks may be smaller) under a rule.
// Throws std::invalid_argument when the sizes do not match or a block size is below 1.
std::vector<float> blockAmaxScales(std::span<const float> x, int rows, int cols, int blockRows, int blockCols,
                                   Fp8Element e, ScaleRule rule = ScaleRule::Fp32);

// Quantises with the per-block scales above.
ScaledMatrix quantizeBlocks(std::span<const float> x, int rows, int cols, int blockRows, int blockCols, Fp8Element e,
                            ScaleRule rule = ScaleRule::Fp32);
// Quantises with one given scale for the whole matrix (a per-tensor recipe chose it).
ScaledMatrix quantizeWithScale(std::span<const float> x, int rows, int cols, float scale, Fp8Element e);

// The same matrix transposed (codes, scales and block shape).
ScaledMatrix transposed(const ScaledMatrix& m);

// The largest |x| (NaN if any element is NaN).
float amaxOf(std::span<const float> x);

} // namespace fplab::blockscale
