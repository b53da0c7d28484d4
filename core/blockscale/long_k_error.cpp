#include "core/blockscale/long_k_error.h"

#include "core/blockscale/block_dot.h"
#include "core/random.h"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace fplab::blockscale {

namespace {

std::vector<float> uniformValues(StochasticStream& rng, std::size_t count) {
    std::vector<float> v(count);
    for (float& x : v) x = float(double(rng.next() >> 40) * 0x1p-24); // 24 random bits: exact in a float
    return v;
}

AccumulationError errorOf(const std::vector<double>& d, const std::vector<double>& exact) {
    AccumulationError e;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const double rel = std::fabs(d[i] - exact[i]) / std::fabs(exact[i]);
        e.maxRelative = std::max(e.maxRelative, rel);
        e.meanRelative += rel;
    }
    e.meanRelative /= double(d.size());
    return e;
}

} // namespace

std::string checkLongKSettings(const LongKSettings& s) {
    if (s.k < 1 || s.k > 1 << 20) return "k must be between 1 and 1048576";
    if (s.m < 1 || s.m > 256 || s.n < 1 || s.n > 256) return "m and n must be between 1 and 256";
    if (s.promoteEvery < 32 || s.promoteEvery % 32 != 0)
        return "the promotion interval must be a positive multiple of 32 products";
    return {};
}

LongKError measureLongKError(const LongKSettings& s) {
    if (std::string problem = checkLongKSettings(s); !problem.empty()) throw std::invalid_argument(problem);
    StochasticStream rng(s.seed);
    const std::vector<float> a = uniformValues(rng, std::size_t(s.m) * s.k);
    const std::vector<float> b = uniformValues(rng, std::size_t(s.k) * s.n);
    const ScaledMatrix qa = quantizeWithScale(a, s.m, s.k, amaxScale(amaxOf(a), Fp8Element::E4m3), Fp8Element::E4m3);
    const ScaledMatrix qb = quantizeWithScale(b, s.k, s.n, amaxScale(amaxOf(b), Fp8Element::E4m3), Fp8Element::E4m3);

    const std::vector<double> exact = blockScaledGemm(qa, qb, {Accumulation::Exact, 0});
    std::vector<double> fp64(exact.size(), 0.0); // products of floats are exact in double; the sum rounds
    for (int i = 0; i < s.m; ++i)
        for (int j = 0; j < s.n; ++j)
            for (int k = 0; k < s.k; ++k)
                fp64[std::size_t(i) * s.n + j] += double(a[std::size_t(i) * s.k + k]) *
                                                  double(b[std::size_t(k) * s.n + j]);

    LongKError e;
    e.unpromoted = errorOf(blockScaledGemm(qa, qb, {Accumulation::HopperFp8, 0}), exact);
    e.promoted = errorOf(blockScaledGemm(qa, qb, {Accumulation::HopperFp8, s.promoteEvery}), exact);
    e.fp32 = errorOf(blockScaledGemm(qa, qb, {Accumulation::Fp32, 0}), exact);
    e.quantization = errorOf(exact, fp64);
    return e;
}

} // namespace fplab::blockscale
