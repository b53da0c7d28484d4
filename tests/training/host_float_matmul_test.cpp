// hostFloatMatmul (core/training/transformer/host_float_matmul.h), the host's float fmas, against the core's
// FP32 fma chain: where it answers, the same bits and the same inexact flag; where it declines, the core
// raised more than inexact or made an infinity or a NaN; never a needless decline. Millions of fmas, on FP32
// values from the subnormals to overflow (short significands for exact sums and ties), FP16 and BF16 values
// (the autocast presets' operands), zeros, infinities and NaNs, in every shape the blocks of 4 rows and 16
// columns meet, with the causal mask.
#include "core/training/transformer/host_float_matmul.h"

#include "core/fast.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace fplab::training {
namespace {

std::uint32_t randomFp32Bits(std::mt19937_64& rng) {
    const int kind = int(rng() % 32);
    const std::uint32_t sign = (rng() & 1) ? 0x80000000u : 0;
    if (kind == 0) return sign;                                        // zero
    if (kind == 1) return sign | 0x7F800000u;                          // infinity
    if (kind == 2) return sign | 0x7F800000u | (rng() & 0x7FFFFF) | 1; // NaN
    std::uint32_t mantissa = std::uint32_t(rng()) & 0x7FFFFF;
    if (kind < 12) mantissa &= ~((1u << (rng() % 24)) - 1); // short significand
    int exponent = 127 + int(rng() % 16) - 8;               // near 1
    if (kind < 6) exponent = int(rng() % 255);              // anywhere, subnormals included
    else if (kind < 9) exponent = int(rng() % 40);          // tiny: products and sums underflow
    return sign | (std::uint32_t(exponent) << 23) | mantissa;
}

// An FP16 or BF16 value as a float (the autocast operands).
float random16BitValue(std::mt19937_64& rng, bool bf16) {
    const std::uint64_t bits = rng() & 0xFFFF;
    if (bf16) return std::bit_cast<float>(std::uint32_t(bits) << 16);
    return std::bit_cast<float>(std::uint32_t(fast::convert<kFp16, kFp32>(bits).bits));
}

struct CoreDot {
    std::uint32_t bits = 0;
    Flags flags = 0;
};

CoreDot coreDot(const std::vector<float>& a, const std::vector<float>& b, int bStride, int k, int i, int j) {
    CoreDot d;
    std::uint64_t sum = 0;
    for (int p = 0; p < k; ++p) {
        const Result r = fast::fma<kFp32>(std::bit_cast<std::uint32_t>(a[std::size_t(i) * k + p]),
                                          std::bit_cast<std::uint32_t>(b[std::size_t(p) * bStride + j]), sum);
        d.flags |= r.flags;
        sum = r.bits;
    }
    d.bits = std::uint32_t(sum);
    return d;
}

TEST(HostFloatMatmul, MatchesTheCoreFmaChain) {
    std::mt19937_64 rng(2023);
    std::int64_t fmas = 0;
    int answered = 0, declinedUnderflow = 0, declinedOverflowOrInvalid = 0, declinedNotFinite = 0;
    for (int trial = 0; trial < 12000 && !HasFailure(); ++trial) {
        const int m = 1 + int(rng() % 11), k = 1 + int(rng() % 40), n = 1 + int(rng() % 40);
        const int bStride = (n + 15) / 16 * 16, ldc = n + int(rng() % 3);
        const bool lowerOnly = trial % 5 == 0;
        // Operands: 16-bit values, FP32 values near 1, or FP32 values anywhere (one extreme term in a few).
        const int style = trial % 4;
        auto operand = [&] {
            if (style == 0) return random16BitValue(rng, trial % 8 == 0);
            if (style == 1 && rng() % 64 != 0) {
                const std::uint32_t bits = (std::uint32_t(127 + int(rng() % 8) - 4) << 23) | (rng() & 0x7FFFFF);
                return std::bit_cast<float>(bits | ((rng() & 1) ? 0x80000000u : 0));
            }
            return std::bit_cast<float>(randomFp32Bits(rng));
        };
        std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * bStride, 0.0f);
        for (float& x : a) x = operand();
        for (int p = 0; p < k; ++p)
            for (int j = 0; j < n; ++j) b[std::size_t(p) * bStride + j] = operand();
        std::vector<float> c(std::size_t(m) * ldc, -7.0f);
        bool inexact = false;
        const bool answer = hostFloatMatmul(a.data(), b.data(), bStride, m, k, n, c.data(), ldc, lowerOnly, inexact);
        Flags coreFlags = 0;
        bool coreFinite = true;
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                const std::uint32_t got = std::bit_cast<std::uint32_t>(c[std::size_t(i) * ldc + j]);
                if (lowerOnly && j > i) {
                    if (answer) {
                        ASSERT_EQ(got, std::bit_cast<std::uint32_t>(-7.0f)) << "masked element written";
                    }
                    continue;
                }
                const CoreDot d = coreDot(a, b, bStride, k, i, j);
                coreFlags |= d.flags;
                coreFinite = coreFinite && std::isfinite(std::bit_cast<float>(d.bits));
                if (answer) {
                    ASSERT_EQ(got, d.bits) << "trial " << trial << " c(" << i << ", " << j << ")";
                }
            }
        const bool onlyInexact = (coreFlags & ~kInexact) == 0;
        if (answer) {
            ASSERT_TRUE(onlyInexact && coreFinite)
                << "trial " << trial << ": answered where the core raised " << flagNames(coreFlags);
            ASSERT_EQ(inexact, (coreFlags & kInexact) != 0) << "trial " << trial;
            ++answered;
        } else {
            bool operandsFinite = true;
            for (float x : a) operandsFinite = operandsFinite && std::isfinite(x);
            for (float x : b) operandsFinite = operandsFinite && std::isfinite(x);
            ASSERT_FALSE(onlyInexact && coreFinite && operandsFinite) << "trial " << trial << ": a needless decline";
            if (coreFlags & (kOverflow | kInvalid)) ++declinedOverflowOrInvalid;
            else if (coreFlags & kUnderflow) ++declinedUnderflow;
            else ++declinedNotFinite;
        }
        fmas += std::int64_t(m) * k * n;
    }
    EXPECT_GT(fmas, 4'000'000);
    EXPECT_GT(answered, 1500);
    EXPECT_GT(declinedUnderflow, 100);
    EXPECT_GT(declinedOverflowOrInvalid, 100);
    EXPECT_GT(declinedNotFinite, 10);
}

// The thread's own flags are left as they were, whatever the matmul raised.
TEST(HostFloatMatmul, LeavesTheThreadsFlagsAlone) {
    const std::vector<float> a = {0x1p100f}, b(16, 0x1p100f);
    std::vector<float> row(16);
    bool inexact = false;
    std::feclearexcept(FE_ALL_EXCEPT);
    std::feraiseexcept(FE_DIVBYZERO);
    EXPECT_FALSE(hostFloatMatmul(a.data(), b.data(), 16, 1, 1, 16, row.data(), 16, false, inexact)); // overflows
    EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), FE_DIVBYZERO);
    std::feclearexcept(FE_ALL_EXCEPT);
}

// Exact subnormal results raise nothing and are answered; an inexact tiny one (underflow) is declined.
TEST(HostFloatMatmul, SubnormalResults) {
    const std::vector<float> a = {0x1p-100f, 0x1p-20f},
                             b = {0x1p-30f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f,     0.0f, 0.0f, 0.0f, 0.0f, 0.0f,
                                  0.0f,     0.0f, 0.0f, 0.0f, 0.0f, 0x1p-30f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f,
                                  0.0f,     0.0f, 0.0f, 0.0f, 0.0f, 0.0f,     0.0f, 0.0f, 0.0f, 0.0f};
    float c = 0;
    bool inexact = true;
    // 2^-130 + 2^-50: the first fma is an exact subnormal, the sum is inexact but normal.
    ASSERT_TRUE(hostFloatMatmul(a.data(), b.data(), 16, 1, 2, 1, &c, 1, false, inexact));
    EXPECT_EQ(c, 0x1p-50f);
    EXPECT_TRUE(inexact);
    const std::vector<float> tinyA = {0x1.000002p-75f}, tinyB(16, 0x1.000002p-75f);
    std::vector<float> row(16);
    EXPECT_FALSE(hostFloatMatmul(tinyA.data(), tinyB.data(), 16, 1, 1, 16, row.data(), 16, false, inexact));
}

} // namespace
} // namespace fplab::training
