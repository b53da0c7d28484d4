// The random Hadamard transform of NVIDIA's NVFP4 recipe (arXiv 2509.25149): each 16-element segment of a
// row becomes y = H16 · D · x / 4 before quantizing, where H16 is the 16 x 16 Sylvester Hadamard matrix (so
// H16 / 4 is orthonormal) and D a diagonal of random signs drawn from a seed (std::mt19937_64, one bit per
// column of the segment, the same for every segment). It spreads an outlier over its block. The inverse,
// x = D · H16 · y / 4, is applied to the dequantized values, so errors are measured against the input.
#pragma once

#include "core/blockscale/layout.h"
#include "core/blockscale/quantizer.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fplab::blockscale {

inline constexpr std::size_t kHadamardSize = 16;

// Why a shape cannot be transformed (its rows are not a multiple of 16 long), or nothing.
std::optional<std::string> hadamardShapeError(Shape shape);
// The transform computed in double and rounded once to FP32 per output element (the double sum of 16 terms
// may itself round: a statistic-grade transform, not an exact one). The shape must pass hadamardShapeError.
std::vector<float> hadamardForward(std::span<const float> x, Shape shape, std::uint64_t seed);
// The inverse in double (rounded there).
std::vector<double> hadamardInverse(std::span<const double> y, Shape shape, std::uint64_t seed);

// analyse() of a quantized transformed tensor, with the dequantized values mapped back by the inverse and the
// errors taken against the original input (statistics in double; Report::exact is false). Saturated and
// rounded-to-zero counts stay those of the transformed elements.
Report analyseThroughHadamard(const Quantized& q, std::span<const float> original, std::span<const float> transformed,
                              std::uint64_t seed);

} // namespace fplab::blockscale
