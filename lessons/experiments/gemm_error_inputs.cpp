#include "lessons/experiments/gemm_error_inputs.h"

#include "core/format.h"
#include "core/tensor_core/exact_accumulator.h"
#include "lessons/experiments/experiment_helpers.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace fplab::lessons::experiments {

std::vector<float> randomMatrix(std::mt19937_64& rng, std::size_t count, bool isSigned) {
    std::vector<float> v(count);
    for (float& x : v) {
        const std::uint64_t r = rng();
        const float mag = std::ldexp(float(r >> 40), -24);
        x = isSigned && (r & 1) ? -mag : mag;
    }
    return v;
}

std::uint32_t floatBits(float x) { return std::bit_cast<std::uint32_t>(x); }

ExactDot exactDot(const float* a, const float* b, std::size_t stride, int k) {
    tc::ExactAccumulator sum, mag;
    for (int i = 0; i < k; ++i) {
        const float x = a[i], y = b[std::size_t(i) * stride];
        if (x == 0 || y == 0) continue;
        int ex = 0, ey = 0;
        const std::uint64_t mx = std::uint64_t(std::ldexp(std::frexp(std::abs(x), &ex), 24));
        const std::uint64_t my = std::uint64_t(std::ldexp(std::frexp(std::abs(y), &ey), 24));
        sum.add((x < 0) != (y < 0), mx * my, ex + ey - 48);
        mag.add(false, mx * my, ex + ey - 48);
    }
    return {valueOf(kFp64, sum.round(kFp64).bits), valueOf(kFp64, mag.round(kFp64).bits)};
}

ErrorStats errorStats(std::span<const std::uint32_t> d, const std::vector<ExactDot>& exact) {
    ErrorStats s;
    double total = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const double e = exact[i].magnitude == 0
                             ? 0.0
                             : std::abs(double(std::bit_cast<float>(d[i])) - exact[i].value) / exact[i].magnitude;
        s.max = std::max(s.max, e);
        total += e;
    }
    s.mean = total / double(d.size());
    return s;
}

} // namespace fplab::lessons::experiments
