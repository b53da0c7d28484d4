// The FP8-specialised tensor-core GEMM (core/blockscale/hopper_fp8_gemm) against the general model it
// replaces on the training path: tc::emulateGemm and tc::blockFma with the same sm_90 wgmma model, bit
// for bit, on random blocks of E4M3, E5M2 and E5M3 codes (every code, NaN, infinity, subnormals, zero,
// the saturated maxima) and on blocks built to cancel and to cut. blockScaledGemm against the same
// general model with its FP32 promotion restated here.
#include "core/blockscale/block_dot.h"
#include "core/blockscale/hopper_fp8_gemm.h"

#include "core/arithmetic.h"
#include "core/tensor_core/block_fma.h"
#include "core/tensor_core/emulated_gemm.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <random>
#include <vector>

namespace fplab::blockscale {
namespace {

constexpr Format kE5m3 = detail::preset(FormatId::Custom, "e5m3", 5, 3);

// Every code of a source format as E5M3 bits through the core's conversion (exact for E4M3 and E5M2).
std::vector<std::uint32_t> codesOf(const Format& f) {
    std::vector<std::uint32_t> out;
    for (std::uint64_t bits = 0; bits < (std::uint64_t(1) << f.totalBits()); ++bits)
        out.push_back(std::uint32_t(convert(f, bits, kE5m3).bits));
    return out;
}

enum class Pattern { Uniform, FiniteWithZeros, Cancel, WideRange, Saturated };

struct Case {
    int m, n, k;
    std::vector<std::uint32_t> a, b; // a m x k, b k x n, E5M3 bits
};

std::uint32_t pick(const std::vector<std::uint32_t>& codes, std::mt19937_64& rng, bool finite) {
    for (;;) {
        const std::uint32_t c = codes[rng() % codes.size()];
        if (!finite || std::isfinite(std::bit_cast<float>(std::uint32_t(convert(kE5m3, c, kFp32).bits)))) return c;
    }
}

std::uint32_t negate(std::uint32_t e5m3) { return e5m3 ^ 0x100u; }

Case makeCase(const std::vector<std::uint32_t>& aCodes, const std::vector<std::uint32_t>& bCodes, Pattern p,
              std::mt19937_64& rng) {
    Case c;
    c.m = 1 + int(rng() % 5);
    c.n = 1 + int(rng() % 5);
    c.k = 1 + int(rng() % 140);
    c.a.resize(std::size_t(c.m) * c.k);
    c.b.resize(std::size_t(c.k) * c.n);
    const std::uint32_t aMax = *std::max_element(aCodes.begin(), aCodes.end(), [](auto x, auto y) {
        return std::isfinite(std::bit_cast<float>(std::uint32_t(convert(kE5m3, y, kFp32).bits))) &&
               (y & 0xFF) > (x & 0xFF);
    });
    for (std::size_t t = 0; t < c.a.size(); ++t) {
        std::uint32_t v = pick(aCodes, rng, p != Pattern::Uniform);
        if (p == Pattern::FiniteWithZeros && rng() % 4 == 0) v = 0;
        if (p == Pattern::Saturated && rng() % 2 == 0) v = (aMax & 0xFF) | (rng() % 2 ? 0x100u : 0u);
        if (p == Pattern::WideRange) v = rng() % 2 ? (aMax & 0xFF) : (pick(aCodes, rng, true) & 0x10Fu); // huge or tiny
        c.a[t] = v;
    }
    for (std::uint32_t& v : c.b) v = pick(bCodes, rng, p != Pattern::Uniform);
    if (p == Pattern::Cancel) // pairs along k that cancel exactly, so the sum is small against E and C
        for (int i = 0; i < c.m; ++i)
            for (int kk = 1; kk < c.k; kk += 2)
                c.a[std::size_t(i) * c.k + kk] = negate(c.a[std::size_t(i) * c.k + kk - 1]);
    if (p == Pattern::Cancel)
        for (int kk = 1; kk < c.k; kk += 2)
            for (int j = 0; j < c.n; ++j) c.b[std::size_t(kk) * c.n + j] = c.b[std::size_t(kk - 1) * c.n + j];
    if (p == Pattern::Cancel && c.k > 2 && rng() % 2) c.a[std::size_t(c.k - 1)] ^= 1; // cancel all but one last bit
    return c;
}

// The general model over k in [k0, k1), C = 0.
std::vector<std::uint32_t> general(const Case& c, int k0, int k1) {
    const int len = k1 - k0;
    std::vector<std::uint32_t> a(std::size_t(c.m) * len), b(std::size_t(len) * c.n), zero(std::size_t(c.m) * c.n, 0),
        d(zero.size());
    for (int i = 0; i < c.m; ++i)
        for (int t = 0; t < len; ++t) a[std::size_t(i) * len + t] = c.a[std::size_t(i) * c.k + k0 + t];
    for (int t = 0; t < len; ++t)
        for (int j = 0; j < c.n; ++j) b[std::size_t(t) * c.n + j] = c.b[std::size_t(k0 + t) * c.n + j];
    tc::GemmOptions o;
    o.threads = 1;
    tc::emulateGemm(hopperFp8CarrierModel(), {c.m, c.n, len}, a, b, zero, d, o);
    return d;
}

float valueOf(std::uint32_t e5m3) { return std::bit_cast<float>(std::uint32_t(convert(kE5m3, e5m3, kFp32).bits)); }

// From E5M3 bits, and from the values as floats (the training path's entry): both must agree.
std::vector<std::uint32_t> fast(const Case& c, int k0, int k1) {
    const Fp8Operands a = decodeFp8Operands(c.a, c.m, c.k, std::size_t(c.k), 1);
    const Fp8Operands b = decodeFp8Operands(c.b, c.n, c.k, 1, std::size_t(c.n));
    std::vector<std::uint32_t> d(std::size_t(c.m) * c.n), fromValues(d.size());
    hopperFp8Gemm(a, b, k0, k1, d);
    std::vector<float> av, bv;
    for (std::uint32_t x : c.a) av.push_back(valueOf(x));
    for (std::uint32_t x : c.b) bv.push_back(valueOf(x));
    hopperFp8Gemm(decodeFp8Codes(av, c.m, c.k, std::size_t(c.k), 1), decodeFp8Codes(bv, c.n, c.k, 1, std::size_t(c.n)),
                  k0, k1, fromValues);
    for (std::size_t t = 0; t < d.size(); ++t)
        if (fromValues[t] != d[t]) d[t] = ~d[t]; // shows up as a mismatch against the general model
    return d;
}

// Runs `cases` random GEMMs of each pattern; returns the number of cells that differ.
long mismatches(const std::vector<std::uint32_t>& aCodes, const std::vector<std::uint32_t>& bCodes, int cases,
                std::uint64_t seed, long* cells) {
    std::mt19937_64 rng(seed);
    long bad = 0;
    for (Pattern p :
         {Pattern::Uniform, Pattern::FiniteWithZeros, Pattern::Cancel, Pattern::WideRange, Pattern::Saturated})
        for (int n = 0; n < cases; ++n) {
            const Case c = makeCase(aCodes, bCodes, p, rng);
            // The whole k, and a promotion-style slice starting at a multiple of 32.
            const int k0 = c.k > 32 ? 32 * int(rng() % std::uint64_t(c.k / 32 + 1)) : 0;
            for (auto [lo, hi] : {std::pair{0, c.k}, std::pair{std::min(k0, c.k), c.k}}) {
                const std::vector<std::uint32_t> want = general(c, lo, hi), got = fast(c, lo, hi);
                for (std::size_t t = 0; t < want.size(); ++t) {
                    ++*cells;
                    if (want[t] == got[t]) continue;
                    if (bad++ == 0)
                        std::printf("pattern %d, %dx%dx%d, k [%d, %d), cell %zu: model %08x, fast path %08x\n", int(p),
                                    c.m, c.n, c.k, lo, hi, t, want[t], got[t]);
                }
            }
        }
    std::printf("%ld cells compared, %ld differ\n", *cells, bad);
    return bad;
}

TEST(HopperFp8Gemm, MatchesTheGeneralModelOnE4m3) {
    long cells = 0;
    EXPECT_EQ(mismatches(codesOf(kE4m3), codesOf(kE4m3), 400, 1, &cells), 0);
    EXPECT_GT(cells, 10000);
}

TEST(HopperFp8Gemm, MatchesTheGeneralModelOnE5m2) {
    long cells = 0;
    EXPECT_EQ(mismatches(codesOf(kE5m2), codesOf(kE5m2), 400, 2, &cells), 0);
    EXPECT_GT(cells, 10000);
}

TEST(HopperFp8Gemm, MatchesTheGeneralModelOnMixedAndCarrierCodes) {
    long cells = 0;
    EXPECT_EQ(mismatches(codesOf(kE5m2), codesOf(kE4m3), 300, 3, &cells), 0); // the backward's dY x W
    EXPECT_EQ(mismatches(codesOf(kE5m3), codesOf(kE5m3), 300, 4, &cells), 0); // every carrier code
    EXPECT_GT(cells, 10000);
}

// One block per cell: the fast path against tc::blockFma itself, the function the steps view shows.
TEST(HopperFp8Gemm, OneBlockIsTheBlockFma) {
    const std::vector<std::uint32_t> codes = codesOf(kE5m3);
    std::mt19937_64 rng(5);
    for (int n = 0; n < 3000; ++n) {
        const int len = 1 + int(rng() % 32);
        Case c{1, 1, len, {}, {}};
        std::vector<std::uint64_t> a, b;
        for (int t = 0; t < len; ++t) {
            c.a.push_back(rng() % 3 == 0 ? 0u : pick(codes, rng, n % 2 == 0));
            c.b.push_back(pick(codes, rng, n % 2 == 0));
            a.push_back(c.a.back());
            b.push_back(c.b.back());
        }
        const std::uint64_t want = tc::blockFma(hopperFp8CarrierModel(), a, b, 0).bits;
        ASSERT_EQ(fast(c, 0, len)[0], want) << "block " << n << " of " << len << " products";
    }
}

TEST(HopperFp8Gemm, RejectsBadRanges) {
    const Fp8Operands a = decodeFp8Operands(std::vector<std::uint32_t>(64, 0x40), 1, 64, 64, 1);
    std::vector<std::uint32_t> d(1);
    EXPECT_THROW(hopperFp8Gemm(a, a, 16, 64, d), std::invalid_argument);
    EXPECT_THROW(hopperFp8Gemm(a, a, 0, 65, d), std::invalid_argument);
    const Fp8Operands shorter = decodeFp8Operands(std::vector<std::uint32_t>(32, 0x40), 1, 32, 32, 1);
    EXPECT_THROW(hopperFp8Gemm(a, shorter, 0, 32, d), std::invalid_argument);
    EXPECT_THROW(decodeFp8Operands(std::vector<std::uint32_t>{512}, 1, 1, 1, 1), std::invalid_argument);
}

// blockScaledGemm on the tensor core = the general model per promotion interval, its FP32 partial sums
// times sa * sb added in FP32 (the rule of block_dot.h, restated on emulateGemm).
TEST(HopperFp8Gemm, BlockScaledGemmIsTheGeneralModelWithPromotion) {
    std::mt19937_64 rng(6);
    std::normal_distribution<float> g(0.0f, 1.0f);
    for (int promote : {0, 64, 128}) {
        const int m = 5, k = 256, n = 6;
        std::vector<float> x(std::size_t(m) * k), w(std::size_t(k) * n);
        for (float& v : x) v = g(rng) * (rng() % 50 == 0 ? 300.0f : 1.0f);
        for (float& v : w) v = g(rng) * 0.01f;
        const int tile = promote == 0 ? k : promote;
        const ScaledMatrix a = quantizeBlocks(x, m, k, 1, tile, Fp8Element::E4m3);
        const ScaledMatrix b = quantizeBlocks(w, k, n, tile, 1, Fp8Element::E5m2);
        const std::vector<double> got = blockScaledGemm(a, b, {Accumulation::HopperFp8, promote});
        Case c{m, n, k, {}, {}};
        for (float v : a.codes) c.a.push_back(e5m3CarrierBits(v));
        for (float v : b.codes) c.b.push_back(e5m3CarrierBits(v));
        std::vector<float> acc(std::size_t(m) * n, 0.0f);
        for (int k0 = 0; k0 < k; k0 += tile) {
            const std::vector<std::uint32_t> part = general(c, k0, k0 + tile);
            for (int i = 0; i < m; ++i)
                for (int j = 0; j < n; ++j)
                    acc[std::size_t(i) * n + j] += std::bit_cast<float>(part[std::size_t(i) * n + j]) *
                                                   (a.scaleAt(i, k0) * b.scaleAt(k0, j));
        }
        for (std::size_t t = 0; t < acc.size(); ++t)
            EXPECT_EQ(std::bit_cast<std::uint32_t>(float(got[t])), std::bit_cast<std::uint32_t>(acc[t]))
                << "promote " << promote << " cell " << t;
    }
}

} // namespace
} // namespace fplab::blockscale
