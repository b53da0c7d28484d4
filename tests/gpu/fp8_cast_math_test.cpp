// The FP8 cast the GPU runs (gpu/training/fp8_cast_math.h, the code of cuda/fp8_kernels.cu) compiled
// for the host, against core's cast (core/blockscale/fp8_element.cpp): every E4M3/E5M2 value, the
// midpoints between neighbours and their float neighbours, the saturation limits, subnormals, NaN,
// infinities and random floats, under scales a training run produces; each bit of the value and both
// flags must match.
#include "gpu/training/fp8_cast_math.h"

#include "core/blockscale/block_scales.h"
#include "core/blockscale/fp8_element.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace fplab::gpu {
namespace {

using blockscale::Fp8Element;

std::vector<float> probes(Fp8Element e) {
    std::vector<float> v{0.0f,
                         -0.0f,
                         std::numeric_limits<float>::infinity(),
                         -std::numeric_limits<float>::infinity(),
                         std::numeric_limits<float>::quiet_NaN(),
                         std::numeric_limits<float>::denorm_min(),
                         std::numeric_limits<float>::max()};
    // Every element value (from the core cast of a dense sweep) and the midpoints between neighbours.
    std::vector<float> elements;
    for (float x = std::ldexp(1.0f, -20); x < 70000.0f; x *= 1.0078125f) {
        const float q = blockscale::castToFp8(x, 1.0f, e).value;
        if (elements.empty() || elements.back() != q) elements.push_back(q);
    }
    for (std::size_t i = 0; i < elements.size(); ++i) {
        v.push_back(elements[i]);
        if (i + 1 < elements.size()) {
            const float mid = (elements[i] + elements[i + 1]) / 2;
            for (float m : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1e30f)}) v.push_back(m);
        }
    }
    const float max = blockscale::fp8Max(e), limit = max + (e == Fp8Element::E4m3 ? 16.0f : 4096.0f);
    for (float m : {max, limit, std::nextafter(limit, 0.0f), std::nextafter(limit, 1e30f)}) v.push_back(m);
    std::mt19937 rng(12);
    for (int i = 0; i < 20000; ++i) v.push_back(std::bit_cast<float>(std::uint32_t(rng())));
    const std::size_t n = v.size();
    for (std::size_t i = 0; i < n; ++i) v.push_back(-v[i]);
    return v;
}

TEST(Fp8CastMath, TheGpusCastIsCoresBitForBit) {
    for (Fp8Element e : {Fp8Element::E4m3, Fp8Element::E5m2}) {
        const bool e5m2 = e == Fp8Element::E5m2;
        const std::vector<float> values = probes(e);
        for (float scale : {1.0f, 0.5f, 3.0f, blockscale::amaxScale(1000.0f, e), blockscale::amaxScale(3.7e-6f, e),
                            std::ldexp(blockscale::amaxScale(0.3f, e), 2)}) {
            std::int64_t checked = 0;
            for (float x : values) {
                const blockscale::Fp8Cast want = blockscale::castToFp8(x, scale, e);
                const fp8_math::Cast got = fp8_math::castToFp8(x, scale, e5m2);
                const bool same = std::bit_cast<std::uint32_t>(want.value) == std::bit_cast<std::uint32_t>(got.value) ||
                                  (std::isnan(want.value) && std::isnan(got.value));
                ASSERT_TRUE(same) << "x " << x << " scale " << scale << ": core " << want.value << ", gpu "
                                  << got.value;
                ASSERT_EQ(want.saturated, got.saturated) << x;
                ASSERT_EQ(want.flushed, got.flushed) << x;
                ++checked;
            }
            EXPECT_GT(checked, 40000);
        }
    }
}

TEST(Fp8CastMath, TheGpusAmaxScaleIsCores) {
    for (Fp8Element e : {Fp8Element::E4m3, Fp8Element::E5m2})
        for (float amax : {0.0f, 1.0f, 448.0f, 3.7e-6f, 1e30f, std::numeric_limits<float>::infinity(),
                           std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::denorm_min()})
            EXPECT_EQ(std::bit_cast<std::uint32_t>(blockscale::amaxScale(amax, e)),
                      std::bit_cast<std::uint32_t>(fp8_math::amaxScale(amax, e == Fp8Element::E5m2)))
                << amax;
}

} // namespace
} // namespace fplab::gpu
