// castToFp8's host-float rounding against the soft-float core's conversion (fplab::convert with
// nearest even), over every float whose magnitude lies in or around each element's range.
#include "core/arithmetic.h"
#include "core/blockscale/fp8_element.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace fplab::blockscale {
namespace {

float coreRound(float v, const Format& f) {
    const std::uint64_t q = convert(kFp32, std::bit_cast<std::uint32_t>(v), f).bits;
    return std::bit_cast<float>(std::uint32_t(convert(f, q, kFp32).bits));
}

void checkAllFloatsBelow(Fp8Element e, const Format& f) {
    // Every float from 2^-30 up to the saturation limit, stepping through the low mantissa bits
    // sparsely but keeping every pattern of the top 5 (the kept bits, the round bit and one more).
    const float max = fp8Max(e);
    int checked = 0;
    for (std::uint32_t bits = std::bit_cast<std::uint32_t>(0x1p-30f); std::bit_cast<float>(bits) < max;
         bits += 0x1111) {
        const float v = std::bit_cast<float>(bits);
        for (float s : {v, -v}) {
            const Fp8Cast c = castToFp8(s, 1.0f, e);
            ASSERT_EQ(std::bit_cast<std::uint32_t>(c.value), std::bit_cast<std::uint32_t>(coreRound(s, f)))
                << fp8ElementName(e) << " " << s;
            ++checked;
        }
    }
    // The ties: every midpoint between neighbouring elements rounds to the even one.
    for (std::uint64_t q = 0; q + 1 < (f.maxFiniteMagnitude()); ++q) {
        const double lo = std::bit_cast<float>(std::uint32_t(convert(f, q, kFp32).bits));
        const double hi = std::bit_cast<float>(std::uint32_t(convert(f, q + 1, kFp32).bits));
        const float mid = float((lo + hi) / 2);
        ASSERT_EQ(castToFp8(mid, 1.0f, e).value, coreRound(mid, f)) << mid;
    }
    EXPECT_GT(checked, 100000);
}

TEST(Fp8CastRounding, E4m3MatchesTheSoftFloatCore) { checkAllFloatsBelow(Fp8Element::E4m3, kE4m3); }
TEST(Fp8CastRounding, E5m2MatchesTheSoftFloatCore) { checkAllFloatsBelow(Fp8Element::E5m2, kE5m2); }

// The row cast (a vectorised pass plus a recast of the rest) gives castToFp8's bits and counts.
TEST(Fp8CastRounding, TheRowCastIsCastToFp8PerElement) {
    std::mt19937_64 rng(7);
    for (Fp8Element e : {Fp8Element::E4m3, Fp8Element::E5m2}) {
        std::vector<float> x(1000);
        for (float& v : x) {
            const std::uint32_t bits = std::uint32_t(rng()); // every class: NaN, infinity, subnormal, huge, tiny
            v = rng() % 3 == 0 ? std::bit_cast<float>(bits)
                               : std::ldexp(float(int(rng() % 2001) - 1000), int(rng() % 40) - 30);
        }
        x[5] = 0.0f;
        x[6] = -0.0f;
        x[7] = std::numeric_limits<float>::infinity();
        x[8] = std::numeric_limits<float>::quiet_NaN();
        const std::vector<float> scales = {1.0f, 0.001f, 3.0f, 1e-30f, 7e20f, 0.5f, 1e-3f, 2.0f, 1.0f, 1.0f};
        std::vector<float> out(x.size());
        Fp8CastCounts counts;
        castRowToFp8(x.data(), x.size(), scales.data(), 100, e, out.data(), counts);
        Fp8CastCounts want;
        for (std::size_t i = 0; i < x.size(); ++i) {
            const Fp8Cast q = castToFp8(x[i], scales[i / 100], e);
            ASSERT_EQ(std::bit_cast<std::uint32_t>(out[i]), std::bit_cast<std::uint32_t>(q.value)) << i << ": " << x[i];
            want.saturated += q.saturated;
            want.flushed += q.flushed;
            want.nonzero += x[i] != 0;
        }
        EXPECT_EQ(counts.saturated, want.saturated);
        EXPECT_EQ(counts.flushed, want.flushed);
        EXPECT_EQ(counts.nonzero, want.nonzero);
        EXPECT_GT(want.saturated, 0);
        EXPECT_GT(want.flushed, 0);
        // Blocks one element wide: a scale per element.
        std::vector<float> perElement(x.size());
        for (std::size_t i = 0; i < x.size(); ++i) perElement[i] = scales[(i * 7) % scales.size()];
        castRowToFp8(x.data(), x.size(), perElement.data(), 1, e, out.data(), counts);
        for (std::size_t i = 0; i < x.size(); ++i)
            ASSERT_EQ(std::bit_cast<std::uint32_t>(out[i]),
                      std::bit_cast<std::uint32_t>(castToFp8(x[i], perElement[i], e).value))
                << i << ": " << x[i];
    }
}

} // namespace
} // namespace fplab::blockscale
