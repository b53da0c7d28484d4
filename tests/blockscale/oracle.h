// An independent model of the block-scaling schemes in host double arithmetic, written from the
// specifications (OCP MX v1.0, NVIDIA's NVFP4 recipe, DeepSeek-V3's FP8 kernels). It shares no code
// with core/: element value sets are built from the format definitions, and rounding is done by
// comparing |x| with the midpoints between neighbouring values times the scale, products that are
// exact in double for these few-bit formats.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace fplab::blockscale::oracle {

// The non-negative values of a small float format, ascending (OCP MX v1.0 / OCP FP8 definitions).
// maxFinite drops encodings above it (E4M3's NaN) and E5M2's infinities.
std::vector<double> positiveValues(int exponentBits, int mantissaBits, int bias, bool ieeeSpecials, bool e4m3Nan);

// The value of set nearest to |x| / divisor (ties to the even index, which is the even mantissa),
// saturating at the largest; the sign of x is kept.
double roundToSet(const std::vector<double>& set, double x, double divisor);

struct Element {
    double scale;       // the block's decoded scale (times the tensor scale)
    double dequantized; // element value * scale
};

// One scheme (by its command-line name) applied to a 1 x n vector, element by element.
std::vector<Element> quantizeVector(std::string_view scheme, const std::vector<float>& x);

// DeepSeek-style FP8 on a rows x cols matrix (row-major): groups are the tensor, each row, 1 x 128 pieces of a
// row, or 128 x 128 tiles, as the scheme names them.
std::vector<Element> quantizeFp8Matrix(std::string_view scheme, const std::vector<float>& x, std::size_t rows,
                                       std::size_t cols);

} // namespace fplab::blockscale::oracle
