// Quantizing an FP32 tensor with a block-scaled scheme, and measuring what that cost.
// quantize() gives the codes and scales (what a kernel would store); analyse() decodes them and
// gives each element's dequantized value and error, exactly (see docs/block-scaling.md).
#pragma once

#include "core/blockscale/layout.h"
#include "core/blockscale/scale_rule.h"
#include "core/blockscale/scheme.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fplab::blockscale {

struct Quantized {
    Scheme scheme = Scheme::Mxfp4;
    ScaleRule rule = ScaleRule::Ocp;
    Grouping grouping = Grouping::Row32;
    Shape shape;
    std::vector<std::uint8_t> codes;            // each element's bits; MXINT8: the two's complement byte
    std::vector<std::uint32_t> scaleBits;       // one per block, in scaleFormat(recipe())
    std::uint32_t tensorScaleBits = 0x3F800000; // FP32; NVFP4's global scale, 1.0 for the others
    Recipe recipe() const { return {scheme, rule, grouping}; }
};

struct QuantizeOutcome {
    std::optional<Quantized> value;
    std::string error; // set when the input cannot be quantized, e.g. "element 3 is NaN"
};

// The shape's size must equal data.size(); a vector is rows = 1. A NaN or infinity in the input gives
// an error, except under the E8M0 rules (ocp, round-up, nearest), where (OCP MX v1.0 section 6.3) its
// block's scale becomes the E8M0 NaN and every element of the block decodes to NaN.
// Fast: MX and FP32-scale elements through a table of core's conversions (element_table.h), the FP32 quotient
// and NVFP4's E4M3 scale from the host's correctly rounded double division, NVFP4 elements by comparison with
// exact midpoints (docs/block-scaling.md, "Fast paths", says why each is exact); Reference: one core conversion
// (or division) per element. Both give the same codes and scales, which the tests check.
enum class Path : std::uint8_t { Fast, Reference };
QuantizeOutcome quantize(const Recipe& recipe, std::span<const float> data, Shape shape, Path path = Path::Fast);
inline QuantizeOutcome quantize(Scheme scheme, std::span<const float> data, Shape shape, Path path = Path::Fast) {
    return quantize(defaultRecipe(scheme), data, shape, path);
}

// The value of one element code before scaling (MXINT8: code / 64).
double elementValue(Scheme scheme, std::uint8_t code);
// A block's scale as a number (NaN for the E8M0 NaN scale 0xFF), times the tensor scale.
double blockScaleValue(const Quantized& q, std::size_t block);

struct BlockReport {
    double amax = 0; // largest input magnitude in the block
    double maxAbsError = 0;
    double sumSquaredError = 0; // in double arithmetic: a statistic, not an exact value
    std::size_t count = 0;
};

struct Report {
    std::vector<double> dequantized; // exact: every dequantized value fits a double
    std::vector<double> error;       // input - dequantized, exact (see `exact`)
    std::vector<BlockReport> blocks;
    double maxAbsError = 0;
    double rmsError = 0;
    std::size_t saturated = 0;     // elements clamped to the largest element: rounding would have gone above it
    std::size_t flushedToZero = 0; // non-zero inputs that became zero
    std::size_t nan = 0;           // elements that decode to NaN (a NaN block scale); left out of the errors
    bool exact = true;             // false if any error subtraction was inexact (never expected)
};

Report analyse(const Quantized& q, std::span<const float> data);

} // namespace fplab::blockscale
