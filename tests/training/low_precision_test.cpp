// The training area's rounding to FP16/BF16/TF32: FP16 against the CPU's F16C conversion, NaNs, the FP16
// window counts. low_precision_oracle_test checks every rounding against GNU MPFR.
#include "core/arithmetic.h"
#include "core/training/low_precision.h"
#include "core/training/rng.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include "tests/oracle/host_cpu.h"

#include <immintrin.h>
#define FPLAB_HAVE_X86 1
#endif

namespace fplab::training {
namespace {

std::uint32_t bitsOf(float x) { return std::bit_cast<std::uint32_t>(x); }
float fromBits(std::uint32_t b) { return std::bit_cast<float>(b); }

// Random floats over every exponent, and the edges of the FP16 window and its neighbours.
std::vector<float> sampleValues() {
    std::vector<float> v;
    Rng rng(2024);
    for (int i = 0; i < 200000; ++i) v.push_back(fromBits(std::uint32_t(rng.next())));
    for (int e = -30; e <= 17; ++e)
        for (float m : {1.0f, 1.5f, 1.0009765625f, 1.00048828125f, 1.000732421875f, 1.9990234375f, 1.99951171875f})
            for (float s : {1.0f, -1.0f}) {
                const float x = s * std::ldexp(m, e);
                v.push_back(x);
                v.push_back(std::nextafter(x, 0.0f));
                v.push_back(std::nextafter(x, 2 * x));
            }
    for (float x : {0.0f, -0.0f, 65504.0f, 65519.99f, 65520.0f, 0x1p-25f, 0x1p-24f, 0x1.8p-25f, 0x1p-14f - 0x1p-25f,
                    0x1p-14f, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::max(),
                    std::numeric_limits<float>::denorm_min()})
        for (float y : {x, -x, std::nextafter(x, 0.0f), std::nextafter(x, 1e30f)}) v.push_back(y);
    return v;
}

#ifdef FPLAB_HAVE_X86
__attribute__((target("f16c"))) float f16cRound(float x) {
    const __m128i h = _mm_cvtps_ph(_mm_set_ss(x), _MM_FROUND_TO_NEAREST_INT);
    return _mm_cvtss_f32(_mm_cvtph_ps(h));
}
#endif

TEST(LowPrecision, Fp16MatchesF16c) {
#ifdef FPLAB_HAVE_X86
    if (!host::cpuHasF16c()) GTEST_SKIP() << "this CPU has no F16C";
    int compared = 0;
    for (float x : sampleValues()) {
        const float ours = roundToFp16(x), f16c = f16cRound(x);
        if (std::isnan(x)) {
            EXPECT_TRUE(std::isnan(ours));
            continue;
        }
        ASSERT_EQ(bitsOf(ours), bitsOf(f16c)) << std::hexfloat << x;
        ++compared;
    }
    EXPECT_GT(compared, 150000);
#else
    GTEST_SKIP() << "F16C is an x86 instruction set";
#endif
}

// Every NaN (both signs, every payload) rounds to BF16 as the soft-float core converts it.
TEST(LowPrecision, Bf16KeepsEveryNanAsTheCoreConverts) {
    for (std::uint32_t sign : {0u, 0x80000000u})
        for (std::uint32_t payload = 1; payload < (1u << 23); ++payload) {
            const std::uint32_t b = sign | 0x7F800000u | payload;
            const std::uint32_t want = std::uint32_t(convert(kFp32, b, kBf16).bits) << 16;
            ASSERT_EQ(bitsOf(roundToBf16(std::bit_cast<float>(b))), want) << std::hex << b;
        }
}

TEST(LowPrecision, Fp16FateAgreesWithTheRounding) {
    for (float x : sampleValues()) {
        const float r = roundToFp16(x);
        Fp16Fate expected;
        if (!std::isfinite(x)) expected = Fp16Fate::NonFinite;
        else if (x == 0) expected = Fp16Fate::Zero;
        else if (r == 0) expected = Fp16Fate::Underflow;
        else if (std::isinf(r)) expected = Fp16Fate::Overflow;
        else if (std::fabs(r) < 0x1p-14f) expected = Fp16Fate::Subnormal;
        else expected = Fp16Fate::Normal;
        ASSERT_EQ(int(fp16Fate(x)), int(expected)) << std::hexfloat << x;
    }
}

TEST(LowPrecision, CastGradientCountsBeforeRounding) {
    std::vector<float> g = {0.0f,       0x1p-26f, -0x1p-25f,
                            0x1.8p-25f, 0x1p-20f, 0x1p-14f,
                            1.0f,       70000.0f, std::numeric_limits<float>::infinity()};
    Fp16WindowCounts c;
    ExponentHistogram h;
    castGradient(Rounding::Fp16, g.data(), g.size(), &c, &h);
    EXPECT_EQ(c.elements, 9);
    EXPECT_EQ(c.zero, 1);
    EXPECT_EQ(c.underflow, 2); // 2^-26 and -2^-25 (a tie, to even: zero)
    EXPECT_EQ(c.subnormal, 2); // 1.5 * 2^-25 rounds up to 2^-24; 2^-20
    EXPECT_EQ(c.overflow, 1);
    EXPECT_EQ(c.nonFinite, 1);
    EXPECT_DOUBLE_EQ(c.underflowFraction(), 2.0 / 8.0);
    EXPECT_EQ(h.zeros, 1);
    EXPECT_EQ(h.nonFinite, 1);
    EXPECT_EQ(h.at(-26), 1);
    EXPECT_EQ(h.at(-25), 2);
    EXPECT_EQ(h.at(0), 1);
    EXPECT_EQ(h.at(16), 1);
    // ... and then rounds.
    EXPECT_EQ(g[1], 0.0f);
    EXPECT_EQ(g[3], 0x1p-24f);
    EXPECT_TRUE(std::isinf(g[7]));
    // In an FP32 run the same counts are taken and nothing is rounded.
    std::vector<float> f = {0x1p-26f, 70000.0f};
    Fp16WindowCounts d;
    castGradient(Rounding::None, f.data(), f.size(), &d, nullptr);
    EXPECT_EQ(d.underflow, 1);
    EXPECT_EQ(d.overflow, 1);
    EXPECT_EQ(f[0], 0x1p-26f);
    EXPECT_EQ(f[1], 70000.0f);
}

TEST(LowPrecision, HistogramEndsHoldTheTails) {
    ExponentHistogram h;
    h.add(0x1p-100f);
    h.add(0x1p100f);
    h.add(-0x1.fffffep-3f);
    EXPECT_EQ(h.at(ExponentHistogram::kMinExponent), 1);
    EXPECT_EQ(h.at(ExponentHistogram::kMaxExponent), 1);
    EXPECT_EQ(h.at(-3), 1);
}

} // namespace
} // namespace fplab::training
