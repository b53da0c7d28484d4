// The random Hadamard transform of NVIDIA's NVFP4 recipe, worked by hand: H16's first column is all ones, so a
// spike 16 at position 0 becomes 4 * d0 in every position; the transform keeps sums of squares (H16 / 4 is
// orthonormal) and its inverse gives the input back.
#include "core/blockscale/hadamard.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace fplab::blockscale {
namespace {

TEST(Hadamard, SpikeSpreadsOverTheSegment) {
    std::vector<float> x(32, 0.0f);
    x[0] = 16.0f;
    x[16] = -16.0f;
    const std::vector<float> y = hadamardForward(x, {1, 32}, 7);
    const float first = y[0];
    EXPECT_EQ(std::fabs(first), 4.0f);
    for (std::size_t i = 0; i < 16; ++i) {
        EXPECT_EQ(y[i], first) << i;
        EXPECT_EQ(y[16 + i], -first) << i; // the same signs in every segment
    }
}

TEST(Hadamard, KeepsTheSumOfSquaresAndInvertsBack) {
    std::mt19937 rng(3);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> x(64);
    for (float& v : x) v = normal(rng);
    x[5] = 300.0f;
    for (const std::uint64_t seed : {0ull, 1ull, 12345ull}) {
        const std::vector<float> y = hadamardForward(x, {2, 32}, seed);
        double sx = 0, sy = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            sx += double(x[i]) * x[i];
            sy += double(y[i]) * y[i];
        }
        EXPECT_NEAR(sy / sx, 1.0, 1e-6);
        const std::vector<double> back = hadamardInverse(std::vector<double>(y.begin(), y.end()), {2, 32}, seed);
        for (std::size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(back[i], x[i], 1e-4) << i;
    }
    EXPECT_EQ(hadamardShapeError({2, 24}), "the random Hadamard transform works on 16-element segments: a row of 24 "
                                           "elements is not a multiple of 16");
    EXPECT_FALSE(hadamardShapeError({3, 48}));
}

// NVFP4 through the transform: the spike block's elements all become +-4 (times a scale), which E2M1 holds
// exactly, so the block comes back without error.
TEST(Hadamard, Nvfp4OfASpikeComesBackExactly) {
    std::vector<float> x(16, 0.0f);
    x[3] = 16.0f;
    const std::vector<float> y = hadamardForward(x, {1, 16}, 99);
    const QuantizeOutcome q = quantize(Scheme::Nvfp4, y, {1, 16});
    ASSERT_TRUE(q.value) << q.error;
    const Report r = analyseThroughHadamard(*q.value, x, y, 99);
    EXPECT_FALSE(r.exact);
    EXPECT_NEAR(r.maxAbsError, 0.0, 1e-5);
    EXPECT_NEAR(r.dequantized[3], 16.0, 1e-5);
}

} // namespace
} // namespace fplab::blockscale
