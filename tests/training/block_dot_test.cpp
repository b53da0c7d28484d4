// The block-scaled FP8 GEMM model (core/blockscale) against oracles that share no code with core:
// the element casts against values from the OCP FP8 tables, the exact accumulation against a long
// double sum, and the Hopper FP8 tensor core against a re-statement of docs/tensor-core-model.md's
// sm_90 FP8 rule in doubles (32 products per block, every term cut to 2^(E-13), the sum truncated
// to 14 significant bits), with and without FP32 promotion.
#include "core/blockscale/block_dot.h"
#include "core/blockscale/long_k_error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

namespace fplab::blockscale {
namespace {

// OCP 8-bit FP spec: E4M3 max 448 (S.1111.110), min subnormal 2^-9; E5M2 max 57344, min subnormal 2^-16.
TEST(Fp8Cast, FollowsTheSpecTablesAndSaturates) {
    EXPECT_EQ(castToFp8(448.0f, 1, Fp8Element::E4m3).value, 448.0f);
    EXPECT_FALSE(castToFp8(460.0f, 1, Fp8Element::E4m3).saturated); // nearest even is 448
    EXPECT_EQ(castToFp8(460.0f, 1, Fp8Element::E4m3).value, 448.0f);
    const Fp8Cast big = castToFp8(-1000.0f, 1, Fp8Element::E4m3);
    EXPECT_TRUE(big.saturated);
    EXPECT_EQ(big.value, -448.0f);
    EXPECT_EQ(castToFp8(0.3f, 1, Fp8Element::E4m3).value, 0.3125f); // 1.010 x 2^-2
    EXPECT_EQ(castToFp8(0x1p-9f, 1, Fp8Element::E4m3).value, 0x1p-9f);
    const Fp8Cast tiny = castToFp8(0x1p-11f, 1, Fp8Element::E4m3);
    EXPECT_TRUE(tiny.flushed);
    EXPECT_EQ(tiny.value, 0.0f);
    EXPECT_EQ(castToFp8(57344.0f, 1, Fp8Element::E5m2).value, 57344.0f);
    EXPECT_TRUE(castToFp8(70000.0f, 1, Fp8Element::E5m2).saturated);
    EXPECT_EQ(castToFp8(0x1p-16f, 1, Fp8Element::E5m2).value, 0x1p-16f);
    EXPECT_TRUE(castToFp8(0x1p-18f, 1, Fp8Element::E5m2).flushed);
    EXPECT_EQ(castToFp8(10.0f, 4.0f, Fp8Element::E4m3).value, 2.5f); // x / scale
}

TEST(BlockScales, AreAmaxOver448PerTile) {
    std::vector<float> x(2 * 256, 0.25f);
    x[3] = -7.0f;        // row 0, tile 0
    x[256 + 200] = 3.5f; // row 1, tile 1
    const std::vector<float> s = blockAmaxScales(x, 2, 256, 1, 128, Fp8Element::E4m3);
    ASSERT_EQ(s.size(), 4u);
    EXPECT_EQ(s[0], 7.0f / 448.0f);
    EXPECT_EQ(s[1], 0.25f / 448.0f);
    EXPECT_EQ(s[2], 0.25f / 448.0f);
    EXPECT_EQ(s[3], 3.5f / 448.0f);
    const ScaledMatrix q = quantizeBlocks(x, 2, 256, 1, 128, Fp8Element::E4m3);
    EXPECT_EQ(q.codes[3], -448.0f); // amax lands on the largest element
    EXPECT_EQ(q.saturated, 0);
    const std::vector<float> w = blockAmaxScales(std::vector<float>(256 * 256, 1.0f), 256, 256, 128, 128,
                                                 Fp8Element::E4m3);
    EXPECT_EQ(w.size(), 4u);
    EXPECT_THROW(blockAmaxScales(x, 3, 256, 1, 128, Fp8Element::E4m3), std::invalid_argument);
}

// --- oracles --------------------------------------------------------------------------------------

// floor(log2 |v|) of a nonzero double, from its bits' exponent via frexp (v normal here).
int exponentOf(double v) {
    int e = 0;
    std::frexp(v, &e);
    return e - 1;
}

// The sm_90 FP8 block FMA restated: E = max(exponent of c, exponents ea + eb of the products);
// every term truncated toward zero to a multiple of 2^(E - 13); the sum truncated to 14 bits.
double hopperBlock(const std::vector<double>& a, const std::vector<double>& b, std::size_t k0, std::size_t len,
                   double c) {
    int e = c != 0 ? exponentOf(c) : -126;
    for (std::size_t t = k0; t < k0 + len; ++t)
        if (a[t] != 0 && b[t] != 0) e = std::max(e, exponentOf(a[t]) + exponentOf(b[t]));
    const double grid = std::ldexp(1.0, e - 13);
    double s = std::trunc(c / grid);
    for (std::size_t t = k0; t < k0 + len; ++t) s += std::trunc(a[t] * b[t] / grid);
    s *= grid;
    if (s == 0) return 0;
    const double unit = std::ldexp(1.0, exponentOf(s) - 13);
    return std::trunc(s / unit) * unit;
}

// One cell: the tensor core over chunks of `chunk` products, each promoted as FP32: acc += partial * (sa * sb).
float hopperCell(const std::vector<double>& a, const std::vector<double>& b, std::size_t chunk, float sa, float sb) {
    float acc = 0;
    for (std::size_t k0 = 0; k0 < a.size(); k0 += chunk) {
        double d = 0;
        const std::size_t end = std::min(a.size(), k0 + chunk);
        for (std::size_t b0 = k0; b0 < end; b0 += 32) d = hopperBlock(a, b, b0, std::min<std::size_t>(32, end - b0), d);
        acc += float(d) * (sa * sb);
    }
    return acc;
}

struct Operands {
    ScaledMatrix a, b;
    std::vector<std::vector<double>> rows, cols; // codes as doubles: a's rows, b's columns
};

Operands makeOperands(int m, int k, int n, unsigned seed, double spread) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * n);
    for (float& v : a) v = float(std::exp(spread * g(rng)) * (g(rng) < 0 ? -1 : 1));
    for (float& v : b) v = float(std::exp(spread * g(rng)));
    Operands o;
    o.a = quantizeWithScale(a, m, k, amaxScale(amaxOf(a), Fp8Element::E4m3), Fp8Element::E4m3);
    o.b = quantizeWithScale(b, k, n, amaxScale(amaxOf(b), Fp8Element::E5m2), Fp8Element::E5m2);
    o.rows.assign(std::size_t(m), std::vector<double>(std::size_t(k)));
    o.cols.assign(std::size_t(n), std::vector<double>(std::size_t(k)));
    for (int i = 0; i < m; ++i)
        for (int t = 0; t < k; ++t) o.rows[i][t] = o.a.codes[std::size_t(i) * k + t];
    for (int j = 0; j < n; ++j)
        for (int t = 0; t < k; ++t) o.cols[j][t] = o.b.codes[std::size_t(t) * n + j];
    return o;
}

TEST(BlockScaledGemm, ExactMatchesALongDoubleSum) {
    const Operands o = makeOperands(4, 300, 3, 7, 1.5);
    const std::vector<double> d = blockScaledGemm(o.a, o.b, {Accumulation::Exact, 0});
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 3; ++j) {
            long double sum = 0;
            for (int t = 0; t < 300; ++t)
                sum += (long double)o.rows[i][t] * o.cols[j][t] * ((long double)o.a.scales[0] * o.b.scales[0]);
            EXPECT_EQ(d[std::size_t(i) * 3 + j], double(sum)) << i << "," << j;
        }
}

TEST(BlockScaledGemm, Fp32IsTheHostLoop) {
    const Operands o = makeOperands(3, 200, 2, 3, 1.0);
    const std::vector<double> d = blockScaledGemm(o.a, o.b, {Accumulation::Fp32, 0});
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 2; ++j) {
            float sum = 0;
            for (int t = 0; t < 200; ++t) sum += float(o.rows[i][t] * o.cols[j][t]) * (o.a.scales[0] * o.b.scales[0]);
            EXPECT_EQ(d[std::size_t(i) * 2 + j], double(sum));
        }
}

TEST(BlockScaledGemm, HopperMatchesTheRestatedRuleWithAndWithoutPromotion) {
    for (double spread : {0.3, 2.0}) {
        const Operands o = makeOperands(3, 1000, 3, 11, spread);
        for (int promote : {0, 32, 128, 512}) {
            const std::vector<double> d = blockScaledGemm(o.a, o.b, {Accumulation::HopperFp8, promote});
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    EXPECT_EQ(float(d[std::size_t(i) * 3 + j]),
                              hopperCell(o.rows[i], o.cols[j], promote ? std::size_t(promote) : 1000, o.a.scales[0],
                                         o.b.scales[0]))
                        << "spread " << spread << " promote " << promote << " cell " << i << "," << j;
        }
    }
}

TEST(BlockScaledGemm, BlockScalesApplyAtEachPromotion) {
    // Two tiles along k with different scales: promotion every 128 applies each tile's scale.
    std::vector<float> a(256), b(256);
    for (int t = 0; t < 256; ++t) {
        a[t] = t < 128 ? 448.0f : 448.0f * 1024; // tile scales 1 and 1024: every step below is exact
        b[t] = 224.0f;                           // scale 0.5
    }
    const ScaledMatrix qa = quantizeBlocks(a, 1, 256, 1, 128, Fp8Element::E4m3);
    const ScaledMatrix qb = quantizeBlocks(b, 256, 1, 128, 128, Fp8Element::E4m3);
    const std::vector<double> d = blockScaledGemm(qa, qb, {Accumulation::HopperFp8, 128});
    EXPECT_EQ(d[0], 128.0 * 448 * 224 + 128.0 * 448 * 1024 * 224);
    EXPECT_THROW(blockScaledGemm(qa, qb, {Accumulation::HopperFp8, 0}), std::invalid_argument);   // needs one scale
    EXPECT_THROW(blockScaledGemm(qa, qb, {Accumulation::HopperFp8, 256}), std::invalid_argument); // straddles tiles
    EXPECT_THROW(blockScaledGemm(qa, qb, {Accumulation::HopperFp8, 100}), std::invalid_argument); // not k32
    EXPECT_THROW(blockScaledGemm(qa, qa, {Accumulation::Exact, 0}), std::invalid_argument);       // 1x256 * 1x256
}

// The figures docs/training.md quotes (`fplab-cli fp8gemm` prints them): at k = 16384 the unpromoted
// error is 2.52e-1 (mean over 8 x 8 cells), promoted every 128: 5.49e-4, a factor of 459.
TEST(LongK, PromotionEvery128KeepsTheErrorFlat) {
    LongKSettings s;
    s.k = 16384;
    const LongKError e = measureLongKError(s);
    EXPECT_GT(e.unpromoted.meanRelative, 0.2);
    EXPECT_LT(e.promoted.meanRelative, 1e-3);
    EXPECT_GT(e.ratio(), 400.0);
    s.k = 512;
    EXPECT_LT(measureLongKError(s).ratio(), 20.0); // short k: little to lose
    s.promoteEvery = 100;
    EXPECT_THROW(measureLongKError(s), std::invalid_argument);
}

} // namespace
} // namespace fplab::blockscale
