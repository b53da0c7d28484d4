// hostHalfMatmul (core/training/transformer/host_half_matmul.h), the host's FP16 fmas, against the core's FP16
// fma chain: where it answers, the same bits and the same inexact and underflow flags; where it declines, the
// core raised overflow or invalid or made an infinity or a NaN (or an operand is one); never a needless decline.
// Millions of fmas on FP16 values from the subnormals to overflow (short significands for exact sums and ties),
// zeros, infinities and NaNs, in every shape the blocks of 4 rows and 32 columns meet, with the causal mask.
// Skipped, saying why, on a CPU without AVX512-FP16.
#include "core/training/transformer/host_half_matmul.h"

#include "core/fast.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

namespace fplab::training {
namespace {

constexpr const char* kNoHostFp16 = "this CPU (or this build: GCC 12+ on x86-64 is needed) has no AVX512-FP16 fma; "
                                    "FP16 matmuls run on the binary64 lanes (fp16_fma_lanes_test.cpp)";

float halfValue(std::uint16_t bits) {
    return std::bit_cast<float>(std::uint32_t(fast::convert<kFp16, kFp32>(bits).bits));
}

// FP16 bits of every kind: zeros, subnormals, values near 1 or anywhere (moderate: near 1, with short
// significands for exact sums and ties), and, rarely, infinities and NaNs.
std::uint16_t randomHalfBits(std::mt19937_64& rng, bool moderate) {
    const int kind = int(rng() % 32);
    const std::uint16_t sign = (rng() & 1) ? 0x8000 : 0;
    if (kind == 0) return sign; // zero
    if (!moderate && rng() % 512 == 0)
        return std::uint16_t(sign | 0x7C00 | ((rng() & 1) ? (rng() & 0x3FF) | 1 : 0)); // NaN or infinity
    std::uint16_t mantissa = std::uint16_t(rng() & 0x3FF);
    if (kind < 12) mantissa &= std::uint16_t(~((1u << (rng() % 11)) - 1)); // short significand
    int exponent = 15 + int(rng() % 8) - 4;                                // near 1
    if (!moderate && kind < 6) exponent = int(rng() % 31);                 // anywhere, subnormals included
    else if (!moderate && kind < 12) exponent = int(rng() % 8);            // tiny: sums underflow
    return std::uint16_t(sign | (exponent << 10) | mantissa);
}

// Floats that are FP16 numbers as binary16, through toHostHalves.
std::vector<std::uint16_t> halves(const std::vector<float>& values) {
    std::vector<std::uint16_t> out(values.size());
    toHostHalves(values.data(), values.size(), out.data());
    return out;
}

struct CoreDot {
    std::uint64_t bits = 0;
    Flags flags = 0;
};

CoreDot coreDot(const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b, int bStride, int k, int i,
                int j) {
    CoreDot d;
    for (int p = 0; p < k; ++p) {
        const Result r = fast::fma<kFp16>(a[std::size_t(i) * k + p], b[std::size_t(p) * bStride + j], d.bits);
        d.flags |= r.flags;
        d.bits = r.bits;
    }
    return d;
}

TEST(HostHalfMatmul, MatchesTheCoreFmaChain) {
    if (!hostHalfMatmulAvailable()) GTEST_SKIP() << kNoHostFp16;
    std::mt19937_64 rng(2026);
    std::int64_t fmas = 0;
    int answered = 0, answeredUnderflow = 0, declinedOverflowOrInvalid = 0, declinedNotFinite = 0;
    for (int trial = 0; trial < 12000 && !HasFailure(); ++trial) {
        const int m = 1 + int(rng() % 11), k = 1 + int(rng() % 40), n = 1 + int(rng() % 70);
        const int bStride = (n + 15) / 16 * 16, ldc = n + int(rng() % 3);
        const bool lowerOnly = trial % 5 == 0, moderate = trial % 3 != 0;
        std::vector<std::uint16_t> aBits(std::size_t(m) * k), bBits(std::size_t(k) * bStride, 0);
        for (auto& x : aBits) x = randomHalfBits(rng, moderate);
        for (int p = 0; p < k; ++p)
            for (int j = 0; j < n; ++j) bBits[std::size_t(p) * bStride + j] = randomHalfBits(rng, moderate);
        std::vector<float> a(aBits.size()), b(bBits.size());
        for (std::size_t e = 0; e < a.size(); ++e) a[e] = halfValue(aBits[e]);
        for (std::size_t e = 0; e < b.size(); ++e) b[e] = halfValue(bBits[e]);
        std::vector<float> c(std::size_t(m) * ldc, -7.0f);
        bool inexact = false, underflow = false;
        const bool answer = hostHalfMatmul(aBits.data(), bBits.data(), bStride, m, k, n, c.data(), ldc, lowerOnly,
                                           inexact, underflow);
        Flags coreFlags = 0;
        bool coreFinite = true;
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                const float got = c[std::size_t(i) * ldc + j];
                if (lowerOnly && j > i) {
                    if (answer) {
                        ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(-7.0f))
                            << "masked element written";
                    }
                    continue;
                }
                const CoreDot d = coreDot(aBits, bBits, bStride, k, i, j);
                coreFlags |= d.flags;
                const float want = halfValue(std::uint16_t(d.bits));
                coreFinite = coreFinite && std::isfinite(want);
                if (answer) {
                    ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want))
                        << "trial " << trial << " c(" << i << ", " << j << ")";
                }
            }
        const bool noReport = (coreFlags & (kOverflow | kInvalid | kDivideByZero)) == 0;
        if (answer) {
            ASSERT_TRUE(noReport && coreFinite)
                << "trial " << trial << ": answered where the core raised " << flagNames(coreFlags);
            ASSERT_EQ(inexact, (coreFlags & kInexact) != 0) << "trial " << trial;
            ASSERT_EQ(underflow, (coreFlags & kUnderflow) != 0) << "trial " << trial;
            ++answered;
            answeredUnderflow += underflow ? 1 : 0;
        } else {
            bool operandsFinite = true;
            for (float x : a) operandsFinite = operandsFinite && std::isfinite(x);
            for (float x : b) operandsFinite = operandsFinite && std::isfinite(x);
            ASSERT_FALSE(noReport && coreFinite && operandsFinite) << "trial " << trial << ": a needless decline";
            if (coreFlags & (kOverflow | kInvalid)) ++declinedOverflowOrInvalid;
            else ++declinedNotFinite;
        }
        fmas += std::int64_t(m) * k * n;
    }
    EXPECT_GT(fmas, 4'000'000);
    EXPECT_GT(answered, 3000);
    EXPECT_GT(answeredUnderflow, 100);
    EXPECT_GT(declinedOverflowOrInvalid, 300);
    EXPECT_GT(declinedNotFinite, 10);
    std::cout << "answered " << answered << " (underflow " << answeredUnderflow << "), declined: overflow or invalid "
              << declinedOverflowOrInvalid << ", not finite " << declinedNotFinite << "\n";
}

// Every FP16 value, infinities and NaNs included, as a float and back: its own bits. In pieces of 1 to 33 values,
// so that every length of the last, partial group of 16 is met.
TEST(HostHalfMatmul, TheOperandsConvertExactly) {
    if (!hostHalfMatmulAvailable()) GTEST_SKIP() << kNoHostFp16;
    std::vector<float> values(65536);
    for (std::uint32_t bits = 0; bits < 65536; ++bits) values[bits] = halfValue(std::uint16_t(bits));
    std::vector<std::uint16_t> back(values.size());
    for (std::size_t first = 0, piece = 1; first < values.size(); first += piece, piece = piece % 33 + 1)
        toHostHalves(values.data() + first, std::min(piece, values.size() - first), back.data() + first);
    for (std::uint32_t bits = 0; bits < 65536; ++bits) {
        const bool nan = (bits & 0x7C00) == 0x7C00 && (bits & 0x3FF) != 0;
        if (nan) ASSERT_TRUE((back[bits] & 0x7C00) == 0x7C00 && (back[bits] & 0x3FF) != 0) << std::hex << bits;
        else ASSERT_EQ(back[bits], bits) << std::hex << bits;
    }
}

// The thread's own flags are left as they were, whatever the matmul raised.
TEST(HostHalfMatmul, LeavesTheThreadsFlagsAlone) {
    if (!hostHalfMatmulAvailable()) GTEST_SKIP() << kNoHostFp16;
    const std::vector<float> a = {256.0f}, b(16, 512.0f);
    std::vector<float> row(16);
    bool inexact = false, underflow = false;
    std::feclearexcept(FE_ALL_EXCEPT);
    std::feraiseexcept(FE_DIVBYZERO);
    EXPECT_FALSE(
        hostHalfMatmul(halves(a).data(), halves(b).data(), 16, 1, 1, 16, row.data(), 16, false, inexact, underflow));
    EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), FE_DIVBYZERO);
    std::feclearexcept(FE_ALL_EXCEPT);
}

// Worked by hand: an exact subnormal result raises nothing; 2^-14 x 2^-11 = 2^-25 is half the smallest subnormal,
// a tie that rounds to 0 (even): tiny and inexact, so underflow; 1 + 2^-11 is a tie that rounds to 1: inexact.
TEST(HostHalfMatmul, SubnormalResultsAndTies) {
    if (!hostHalfMatmulAvailable()) GTEST_SKIP() << kNoHostFp16;
    std::vector<float> b(16, 0.0f);
    float c = 0;
    bool inexact = true, underflow = true;
    b[0] = 0x1p-10f;
    const float exactA = 0x1p-14f; // times 2^-10: 2^-24, the smallest subnormal, exactly
    ASSERT_TRUE(
        hostHalfMatmul(halves({exactA}).data(), halves(b).data(), 16, 1, 1, 1, &c, 1, false, inexact, underflow));
    EXPECT_EQ(c, 0x1p-24f);
    EXPECT_FALSE(inexact);
    EXPECT_FALSE(underflow);
    b[0] = 0x1p-11f;
    ASSERT_TRUE(
        hostHalfMatmul(halves({exactA}).data(), halves(b).data(), 16, 1, 1, 1, &c, 1, false, inexact, underflow));
    EXPECT_EQ(std::bit_cast<std::uint32_t>(c), 0u);
    EXPECT_TRUE(inexact);
    EXPECT_TRUE(underflow);
    const std::vector<float> ones = {1.0f, 1.0f};
    std::vector<float> b2(32, 0.0f);
    b2[0] = 1.0f;
    b2[16] = 0x1p-11f;
    ASSERT_TRUE(hostHalfMatmul(halves(ones).data(), halves(b2).data(), 16, 1, 2, 1, &c, 1, false, inexact, underflow));
    EXPECT_EQ(c, 1.0f);
    EXPECT_TRUE(inexact);
    EXPECT_FALSE(underflow);
}

} // namespace
} // namespace fplab::training
