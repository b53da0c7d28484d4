// The inputs and error measure of tf32_gemm_error (lesson 10), shared with its GPU counterpart
// (app/lesson_counterparts) so that both multiply the same matrices and measure alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace fplab::lessons::experiments {

// Inputs like torch.rand: 24 random bits times 2^-24, in [0, 1) and exact in FP32; signed: times ±1.
std::vector<float> randomMatrix(std::mt19937_64& rng, std::size_t count, bool isSigned);

std::uint32_t floatBits(float x);

// The exact dot product of FP32 values (and the exact sum of |a_k b_k|), rounded once to FP64.
struct ExactDot {
    double value;
    double magnitude;
};

// Row a (k values) times column b (every `stride`-th value).
ExactDot exactDot(const float* a, const float* b, std::size_t stride, int k);

struct ErrorStats {
    double max = 0;
    double mean = 0;
};

// |d - exact| / sum_k |a_k b_k| per cell (the relative error when every input is positive), max and mean.
ErrorStats errorStats(std::span<const std::uint32_t> d, const std::vector<ExactDot>& exact);

} // namespace fplab::lessons::experiments
