// Quantizing an FP32 tensor with a block-scaled scheme, and measuring what that cost.
// quantize() gives the codes and scales (what a kernel would store); analyse() decodes them and
// gives each element's dequantized value and error, exactly (see docs/block-scaling.md).
#pragma once

#include "core/blockscale/layout.h"
#include "core/blockscale/scheme.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fplab::blockscale {

struct Quantized {
    Scheme scheme = Scheme::Mxfp4;
    Shape shape;
    std::vector<std::uint8_t> codes;        // each element's bits; MXINT8: the two's complement byte
    std::vector<std::uint32_t> scaleBits;   // one per block, in schemeInfo(scheme).scale (FP32 for FP8)
    std::uint32_t tensorScaleBits = 0x3F800000; // FP32; NVFP4's global scale, 1.0 for the others
};

struct QuantizeOutcome {
    std::optional<Quantized> value;
    std::string error; // set when the input cannot be quantized, e.g. "element 3 is NaN"
};

// The shape's size must equal data.size(); a vector is rows = 1. A NaN or infinity in the input gives
// an error, except for the MX schemes, where (OCP MX v1.0 section 6.3) its block's scale becomes NaN.
// Fast: MX elements through a table of core's conversions (element_table.h), NVFP4 elements by
// comparison with exact midpoints; Reference: one core conversion (or division) per element. Both give
// the same codes, which the tests check.
enum class Path : std::uint8_t { Fast, Reference };
QuantizeOutcome quantize(Scheme scheme, std::span<const float> data, Shape shape, Path path = Path::Fast);

// The value of one element code before scaling (MXINT8: code / 64).
double elementValue(Scheme scheme, std::uint8_t code);
// A block's scale as a number (NaN for the MX NaN scale 0xFF), times the tensor scale.
double blockScaleValue(const Quantized& q, std::size_t block);

struct BlockReport {
    double amax = 0;          // largest input magnitude in the block
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
    std::size_t saturated = 0;     // elements clamped to the element format's largest magnitude
    std::size_t flushedToZero = 0; // non-zero inputs that became zero
    bool exact = true;             // false if any error subtraction was inexact (never expected)
};

Report analyse(const Quantized& q, std::span<const float> data);

} // namespace fplab::blockscale
