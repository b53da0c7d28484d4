#include "core/blockscale/hadamard.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <random>

namespace fplab::blockscale {
namespace {

// H16[i][j] = (-1)^popcount(i & j): the Sylvester construction.
double hadamardEntry(std::size_t i, std::size_t j) { return (std::popcount(i & j) & 1) != 0 ? -1.0 : 1.0; }

std::array<double, kHadamardSize> signsOf(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const std::uint64_t bits = rng();
    std::array<double, kHadamardSize> d{};
    for (std::size_t j = 0; j < kHadamardSize; ++j) d[j] = ((bits >> j) & 1) != 0 ? -1.0 : 1.0;
    return d;
}

// out[i] = sum_j H[i][j] * in[j] / 4 over every segment; pre and post multiply by the signs.
template <class In, class Out>
void transform(std::span<const In> in, std::span<Out> out, const std::array<double, kHadamardSize>& d,
               bool signsFirst) {
    for (std::size_t base = 0; base < in.size(); base += kHadamardSize) {
        std::array<double, kHadamardSize> v{};
        for (std::size_t j = 0; j < kHadamardSize; ++j)
            v[j] = static_cast<double>(in[base + j]) * (signsFirst ? d[j] : 1.0);
        for (std::size_t i = 0; i < kHadamardSize; ++i) {
            double sum = 0;
            for (std::size_t j = 0; j < kHadamardSize; ++j) sum += hadamardEntry(i, j) * v[j];
            out[base + i] = static_cast<Out>(sum / 4 * (signsFirst ? 1.0 : d[i]));
        }
    }
}

} // namespace

std::optional<std::string> hadamardShapeError(Shape shape) {
    if (shape.cols % kHadamardSize != 0)
        return "the random Hadamard transform works on 16-element segments: a row of " + std::to_string(shape.cols) +
               " elements is not a multiple of 16";
    return std::nullopt;
}

std::vector<float> hadamardForward(std::span<const float> x, Shape shape, std::uint64_t seed) {
    std::vector<float> y(shape.size());
    transform<float, float>(x.first(shape.size()), y, signsOf(seed), true);
    return y;
}

std::vector<double> hadamardInverse(std::span<const double> y, Shape shape, std::uint64_t seed) {
    std::vector<double> x(shape.size());
    transform<double, double>(y.first(shape.size()), x, signsOf(seed), false);
    return x;
}

Report analyseThroughHadamard(const Quantized& q, std::span<const float> original, std::span<const float> transformed,
                              std::uint64_t seed) {
    Report r = analyse(q, transformed);
    r.dequantized = hadamardInverse(r.dequantized, q.shape, seed);
    r.exact = false;
    r.maxAbsError = 0;
    for (BlockReport& b : r.blocks) b = BlockReport{};
    const BlockLayout layout(q.grouping, q.shape);
    double sumSquares = 0;
    std::size_t counted = 0;
    for (std::size_t i = 0; i < original.size(); ++i) {
        const double err = static_cast<double>(original[i]) - r.dequantized[i];
        r.error[i] = err;
        BlockReport& b = r.blocks[layout.blockOf(i)];
        b.amax = std::max(b.amax, std::fabs(static_cast<double>(original[i])));
        ++b.count;
        if (std::isnan(err)) continue;
        b.maxAbsError = std::max(b.maxAbsError, std::fabs(err));
        b.sumSquaredError += err * err;
        r.maxAbsError = std::max(r.maxAbsError, std::fabs(err));
        sumSquares += err * err;
        ++counted;
    }
    r.rmsError = counted == 0 ? 0 : std::sqrt(sumSquares / static_cast<double>(counted));
    return r;
}

} // namespace fplab::blockscale
