// castToFp8's host-float rounding against the soft-float core's conversion (fplab::convert with
// nearest even), over every float whose magnitude lies in or around each element's range.
#include "core/arithmetic.h"
#include "core/blockscale/fp8_element.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>

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
    for (std::uint32_t bits = std::bit_cast<std::uint32_t>(0x1p-30f); std::bit_cast<float>(bits) < max; bits += 0x1111) {
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

} // namespace
} // namespace fplab::blockscale
