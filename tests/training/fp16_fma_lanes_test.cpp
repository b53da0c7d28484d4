// The FP16 matmul's lanes (core/training/transformer/fp16_fma_lanes.h), one fused multiply-add a x b + c at a
// time, against the soft-float core's fp16 fma: the result's bits and flags wherever the lanes take the step,
// and that they leave to the core only results that overflow or are infinite or NaN. Random triples of every
// kind, and exhaustive slices: every FP16 a against operands chosen for subnormals, ties, the tininess bound
// just below 2^-14, absorbed products, overflow, infinities and NaNs.
#include "core/fast.h"
#include "core/training/transformer/format_bits.h"
#include "core/training/transformer/fp16_fma_lanes.h"
#include "core/training/transformer/fp16_fma_rows_avx512.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

namespace fplab::training {
namespace {

constexpr int kLanes = EmulatedOps::kMatmulLanes;

double valueOf(std::uint64_t fp16) { return floatOf(FormatId::Fp16, fp16); }

// Compares one fma; returns whether the lanes took the step.
bool checkFma(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    const double aValue = valueOf(a);
    double row[kLanes] = {}, sums[kLanes] = {};
    row[0] = valueOf(b);
    sums[0] = valueOf(c);
    bool inexact = false, underflow = false;
    const int taken = fp16FmaLanes<true>(&aValue, row, kLanes, 0, 1, 1, sums, inexact, underflow);
    const Result core = fast::fma<kFp16>(a, b, c);
    if (taken == 0) {
        const bool coreSpecial = (core.flags & (kOverflow | kInvalid)) || !std::isfinite(valueOf(core.bits));
        EXPECT_TRUE(coreSpecial) << std::hex << "declined a=" << a << " b=" << b << " c=" << c;
        return false;
    }
    const Flags flags = Flags((inexact ? kInexact : 0) | (underflow ? kUnderflow : 0));
    const std::uint64_t bits = roundToFormat(FormatId::Fp16, float(sums[0])).bits;
    EXPECT_EQ(bits, core.bits) << std::hex << "a=" << a << " b=" << b << " c=" << c;
    EXPECT_EQ(flags, core.flags) << std::hex << "a=" << a << " b=" << b << " c=" << c;
    return bits == core.bits && flags == core.flags;
}

bool isFinite(std::uint64_t fp16) { return (fp16 & 0x7c00) != 0x7c00; }

// FP16 bits of any kind: zeros, subnormals, normals of every exponent, short significands, infinities, NaNs.
std::uint64_t randomFp16(std::mt19937_64& rng) {
    const int kind = int(rng() % 16);
    const std::uint64_t sign = (rng() & 1) ? 0x8000 : 0;
    if (kind == 0) return sign;
    if (kind == 1) return sign | 0x7c00 | (rng() % 2 ? 0 : (rng() & 0x3ff) | 1);
    std::uint64_t mantissa = rng() & 0x3ff;
    if (kind < 8) mantissa &= ~((std::uint64_t{1} << (rng() % 11)) - 1);
    return sign | ((rng() % 31) << 10) | mantissa;
}

TEST(Fp16FmaLanes, RandomTriplesMatchTheCore) {
    std::mt19937_64 rng(23);
    int taken = 0, mismatches = 0;
    constexpr int kTriples = 3'000'000;
    for (int t = 0; t < kTriples && mismatches < 10; ++t) {
        const std::uint64_t a = randomFp16(rng), b = randomFp16(rng);
        std::uint64_t c = randomFp16(rng);
        if (!isFinite(c)) c &= 0x83ff; // the running sum is finite
        const Result core = fast::fma<kFp16>(a, b, c);
        const bool ok = checkFma(a, b, c);
        taken += ok;
        if (!ok && !(core.flags & (kOverflow | kInvalid)) && isFinite(core.bits)) ++mismatches;
    }
    EXPECT_EQ(mismatches, 0);
    EXPECT_GT(taken, kTriples / 2); // the lanes take almost every finite step
}

TEST(Fp16FmaLanes, EveryAAgainstChosenOperandsMatchesTheCore) {
    // b: zeros, the smallest subnormal, 2^-10, 0.5, 1, 1 + ulp, 3, large, -1, the largest finite, infinity, NaN.
    const std::uint64_t bs[] = {0x0000, 0x8000, 0x0001, 0x1400, 0x3800, 0x3c00, 0x3c01, 0x4200,
                                0x7000, 0xbc00, 0x7bff, 0x7c00, 0x7e00, 0x03ff, 0x8401, 0x5bff};
    // c: zeros, subnormals (the largest: the tininess bound), the smallest normal, 1, 2048 (ulp 2: ties),
    // large and the largest finite, of both signs.
    const std::uint64_t cs[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400,
                                0x3c00, 0xbc00, 0x6800, 0xe800, 0x7800, 0x7bff, 0xfbff, 0x1000};
    int failures = 0;
    for (std::uint64_t c : cs)
        for (std::uint64_t b : bs)
            for (std::uint64_t a = 0; a < 0x10000 && failures < 10; ++a) {
                const Result core = fast::fma<kFp16>(a, b, c);
                if (!checkFma(a, b, c) && !(core.flags & (kOverflow | kInvalid)) && isFinite(core.bits)) ++failures;
            }
    EXPECT_EQ(failures, 0);
}

// Moderate FP16 bits, sometimes tiny, so that most dot products stay finite.
std::uint64_t moderateFp16(std::mt19937_64& rng) {
    return (rng() % 4 == 0 ? rng() % 0x0800 : 0x3000 + rng() % 0x1000) | (rng() % 2 ? 0x8000 : 0);
}

// Several steps of one dot product in all 16 lanes at once: the sums and the ORed flags are those of the core's
// fmas in order.
TEST(Fp16FmaLanes, DotProductsInEveryLaneMatchTheCore) {
    std::mt19937_64 rng(7);
    constexpr int kSteps = 24;
    for (int trial = 0; trial < 20000; ++trial) {
        const int lanes = 1 + int(rng() % kLanes);
        double a[kSteps], b[kSteps * kLanes] = {}, sums[kLanes] = {};
        std::uint64_t aBits[kSteps], bBits[kSteps][kLanes];
        for (int p = 0; p < kSteps; ++p) {
            aBits[p] = moderateFp16(rng);
            a[p] = valueOf(aBits[p]);
            for (int l = 0; l < lanes; ++l) {
                bBits[p][l] = moderateFp16(rng);
                b[p * kLanes + l] = valueOf(bBits[p][l]);
            }
        }
        bool inexact = false, underflow = false;
        ASSERT_EQ(fp16FmaLanes<false>(a, b, kLanes, 0, kSteps, lanes, sums, inexact, underflow), kSteps);
        Flags coreFlags = 0;
        for (int l = 0; l < lanes; ++l) {
            std::uint64_t sum = 0;
            for (int p = 0; p < kSteps; ++p) {
                const Result r = fast::fma<kFp16>(aBits[p], bBits[p][l], sum);
                sum = r.bits;
                coreFlags |= r.flags;
            }
            ASSERT_EQ(roundToFormat(FormatId::Fp16, float(sums[l])).bits, sum) << "trial " << trial << " lane " << l;
        }
        const Flags flags = Flags((inexact ? kInexact : 0) | (underflow ? kUnderflow : 0));
        ASSERT_EQ(flags, coreFlags) << "trial " << trial;
    }
}

using FourRows = bool (*)(const double* a, int k, const double* b, int bStride, int lanes, double* sums, bool& inexact,
                          bool& underflow);

// Four rows through the same 16 columns (fp16FmaRows, or its AVX-512 form), the columns past `lanes` holding
// values that would raise flags (the matmul pads them with +0, but a causal mask's rows do not): every sum and the
// flags ORed over the rows are the core's; a row that overflows declines the whole block.
void expectFourRowsMatchTheCore(FourRows fourRows) {
    std::mt19937_64 rng(11);
    constexpr int kRows = 4, kSteps = 20;
    int declined = 0;
    for (int trial = 0; trial < 5000; ++trial) {
        const int lanes = 1 + int(rng() % kLanes);
        std::uint64_t aBits[kRows][kSteps], bBits[kSteps][kLanes] = {};
        double a[kRows * kSteps], b[kSteps * kLanes] = {}, sums[kRows][kLanes] = {};
        for (int r = 0; r < kRows; ++r)
            for (int p = 0; p < kSteps; ++p) {
                aBits[r][p] = trial % 50 == 0 && rng() % 8 == 0 ? 0x7800 : moderateFp16(rng); // 32768: overflows
                a[r * kSteps + p] = valueOf(aBits[r][p]);
            }
        for (int p = 0; p < kSteps; ++p)
            for (int l = 0; l < kLanes; ++l) {
                bBits[p][l] = l < lanes ? moderateFp16(rng) : 0x7bff; // past the columns: overflows at once
                b[p * kLanes + l] = valueOf(bBits[p][l]);
            }
        bool inexact = false, underflow = false;
        const bool taken = fourRows(a, kSteps, b, kLanes, lanes, &sums[0][0], inexact, underflow);
        Flags coreFlags = 0;
        bool coreFinite = true;
        for (int r = 0; r < kRows; ++r)
            for (int l = 0; l < lanes; ++l) {
                std::uint64_t sum = 0;
                for (int p = 0; p < kSteps; ++p) {
                    const Result x = fast::fma<kFp16>(aBits[r][p], bBits[p][l], sum);
                    sum = x.bits;
                    coreFlags |= x.flags;
                }
                coreFinite = coreFinite && isFinite(sum) && !(coreFlags & (kOverflow | kInvalid));
                if (taken) {
                    ASSERT_EQ(roundToFormat(FormatId::Fp16, float(sums[r][l])).bits, sum)
                        << "trial " << trial << " row " << r << " lane " << l;
                }
            }
        ASSERT_EQ(taken, coreFinite) << "trial " << trial;
        if (!taken) {
            ++declined;
            continue;
        }
        const Flags flags = Flags((inexact ? kInexact : 0) | (underflow ? kUnderflow : 0));
        ASSERT_EQ(flags, coreFlags) << "trial " << trial;
    }
    EXPECT_GT(declined, 20);
}

TEST(Fp16FmaLanes, FourRowsMatchTheCore) { expectFourRowsMatchTheCore(fp16FmaRows<4>); }

TEST(Fp16FmaLanes, FourRowsInAvx512MatchTheCore) {
#ifdef FPLAB_HAVE_FP16_ROWS_AVX512
    if (!fp16FmaFourRowsAvx512Available())
        GTEST_SKIP() << "this CPU has no x86-64-v4 (AVX-512): the portable lanes run";
    expectFourRowsMatchTheCore(fp16FmaFourRowsAvx512);
#else
    GTEST_SKIP() << "built without the AVX-512 form of the lanes (GCC on x86-64 only)";
#endif
}

} // namespace
} // namespace fplab::training
