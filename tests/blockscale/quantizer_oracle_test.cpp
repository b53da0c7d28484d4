// Every scheme's dequantized values and scales against the host-double oracle (oracle.cpp), on seeded
// vectors of several shapes: normal, heavy-tailed, with outliers, tiny and subnormal values, zeros.
#include "core/blockscale/quantizer.h"
#include "oracle.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

namespace fplab::blockscale {
namespace {

std::vector<std::vector<float>> testVectors() {
    std::mt19937 rng(12345);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::student_t_distribution<float> heavy(1.5f);
    std::uniform_int_distribution<int> exponent(-149, 127);
    std::vector<std::vector<float>> out;
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<float> v(trial % 5 == 0 ? 300 : 256 + trial);
        for (float& x : v) {
            switch (trial % 4) {
            case 0: x = normal(rng); break;
            case 1: x = heavy(rng); break;
            case 2: x = std::ldexp(normal(rng), exponent(rng) / 4); break; // wide range, some subnormal
            default: x = normal(rng) * 1e-3f; break;
            }
        }
        if (trial % 3 == 0) v[7] = 1000.0f * (trial + 1);                    // an outlier
        if (trial % 7 == 0) std::fill(v.begin() + 32, v.begin() + 64, 0.0f); // a zero block
        if (trial == 5) v[40] = 1e-45f;                                      // the smallest FP32 subnormal
        if (trial == 6) std::fill(v.begin(), v.end(), 3e38f);                // near FLT_MAX
        out.push_back(std::move(v));
    }
    return out;
}

// On one row fp8-channel and fp8-block128x128 equal fp8-tensor and fp8-block128; Fp8Matrix tests them on matrices.
std::vector<Scheme> vectorSchemes() {
    std::vector<Scheme> out;
    for (const SchemeInfo& info : allSchemes())
        if (info.grouping != Grouping::Row && info.grouping != Grouping::Tile128x128) out.push_back(info.scheme);
    return out;
}

class OracleTest : public ::testing::TestWithParam<Scheme> {};

TEST_P(OracleTest, DequantizedValuesAndScalesMatch) {
    const SchemeInfo& info = schemeInfo(GetParam());
    for (const std::vector<float>& x : testVectors()) {
        const QuantizeOutcome q = quantize(info.scheme, x, {1, x.size()});
        ASSERT_TRUE(q.value) << q.error;
        const Report r = analyse(*q.value, x);
        EXPECT_TRUE(r.exact);
        const std::vector<oracle::Element> expected = oracle::quantizeVector(info.name, x);
        ASSERT_EQ(expected.size(), x.size());
        const BlockLayout layout(info.grouping, {1, x.size()});
        for (std::size_t i = 0; i < x.size(); ++i) {
            ASSERT_EQ(blockScaleValue(*q.value, layout.blockOf(i)), expected[i].scale) << info.name << " element " << i;
            ASSERT_EQ(r.dequantized[i], expected[i].dequantized) << info.name << " element " << i << " x " << x[i];
            ASSERT_EQ(r.error[i], double(x[i]) - expected[i].dequantized) << info.name << " element " << i;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(VectorSchemes, OracleTest, ::testing::ValuesIn(vectorSchemes()), [](const auto& p) {
    std::string name(schemeName(p.param));
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
});

// The element value sets the oracle builds, against the OCP tables' largest values.
TEST(Oracle, ElementSetsMatchTheSpecificationMaxima) {
    EXPECT_EQ(oracle::positiveValues(4, 3, 7, false, true).back(), 448.0);
    EXPECT_EQ(oracle::positiveValues(5, 2, 15, true, false).back(), 57344.0);
    EXPECT_EQ(oracle::positiveValues(3, 2, 3, false, false).back(), 28.0);
    EXPECT_EQ(oracle::positiveValues(2, 3, 1, false, false).back(), 7.5);
    EXPECT_EQ(oracle::positiveValues(2, 1, 1, false, false), (std::vector<double>{0, 0.5, 1, 1.5, 2, 3, 4, 6}));
    EXPECT_EQ(oracle::positiveValues(4, 3, 7, false, true)[1], std::ldexp(1.0, -9));
}

} // namespace
} // namespace fplab::blockscale

namespace fplab::blockscale {
namespace {

// The fast paths (MX element table, NVFP4 midpoint comparison, FP32-scale host quotient) give the codes of one
// core conversion per element, under every scale rule of every scheme, on random bit patterns (every exponent, subnormals included) and on exact ties.
TEST(FastPath, EqualsOneCoreConversionPerElement) {
    std::mt19937 rng(777);
    std::vector<std::vector<float>> vectors = testVectors();
    for (int trial = 0; trial < 20; ++trial) {
        std::vector<float> v(512);
        const int shift = trial * 12 % 256;
        for (float& x : v) {
            std::uint32_t bits = static_cast<std::uint32_t>(rng());
            if ((bits & 0x7F800000) == 0x7F800000) bits ^= 0x40000000; // keep it finite
            x = std::bit_cast<float>(bits);
            if (trial % 2 == 1) x = std::ldexp(std::fmod(x, 1.0f) + 0.001f * float(trial), shift - 130);
        }
        vectors.push_back(std::move(v));
    }
    std::vector<float> ties = {2688.0f, 6.0f};
    for (float m : {0.25f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5.0f}) ties.insert(ties.end(), {m, -m});
    ties.resize(16, 0.0f);
    ties.insert(ties.end(), {6.0f, 0.25f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5.0f});
    vectors.push_back(ties);
    for (const SchemeInfo& info : allSchemes())
        for (const ScaleRule rule : rulesFor(info.scheme))
            for (const std::vector<float>& x : vectors) {
                const Recipe recipe{info.scheme, rule, info.grouping};
                const QuantizeOutcome fast = quantize(recipe, x, {1, x.size()}, Path::Fast);
                const QuantizeOutcome reference = quantize(recipe, x, {1, x.size()}, Path::Reference);
                ASSERT_TRUE(fast.value && reference.value);
                ASSERT_EQ(fast.value->scaleBits, reference.value->scaleBits) << info.name << " " << scaleRuleName(rule);
                for (std::size_t i = 0; i < x.size(); ++i)
                    ASSERT_EQ(fast.value->codes[i], reference.value->codes[i])
                        << info.name << " " << scaleRuleName(rule) << " element " << i << " = " << x[i];
            }
}

// FP8's fast path (host double quotient, exact path near E4M3 rounding boundaries) next to every boundary:
// inputs x near mu * s for each midpoint mu between neighbouring E4M3 values, a few FP32 ulps either side.
TEST(FastPath, Fp8NearEveryRoundingBoundary) {
    const std::vector<double> e4m3 = oracle::positiveValues(4, 3, 7, false, true);
    for (const float amax : {1.0f, 3.7f, 448.0f, 1e-30f, 6.02e23f}) {
        const float s = amax / 448.0f;
        std::vector<float> x = {amax};
        for (std::size_t k = 0; k + 1 < e4m3.size(); ++k) {
            const float centre = static_cast<float>((e4m3[k] + e4m3[k + 1]) / 2 * double(s));
            std::uint32_t b = std::bit_cast<std::uint32_t>(centre);
            for (std::uint32_t d = b - 3; d <= b + 3; ++d) {
                x.push_back(std::bit_cast<float>(d));
                x.push_back(-std::bit_cast<float>(d));
            }
        }
        for (const Scheme scheme : {Scheme::Fp8Tensor, Scheme::Fp8Block128}) {
            const QuantizeOutcome fast = quantize(scheme, x, {1, x.size()}, Path::Fast);
            const QuantizeOutcome reference = quantize(scheme, x, {1, x.size()}, Path::Reference);
            ASSERT_TRUE(fast.value && reference.value);
            for (std::size_t i = 0; i < x.size(); ++i)
                ASSERT_EQ(fast.value->codes[i], reference.value->codes[i]) << "amax " << amax << " x " << x[i];
        }
    }
}

// The FP8 groupings on matrices (edges that are not multiples of 128 included) against the oracle.
TEST(Fp8Matrix, EveryGroupingMatchesTheOracle) {
    std::mt19937 rng(99);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (const auto& [rows, cols] : {std::pair<std::size_t, std::size_t>{3, 300}, {130, 129}, {1, 5}}) {
        std::vector<float> x(rows * cols);
        for (float& v : x) v = normal(rng) * (rng() % 7 == 0 ? 30.0f : 1.0f);
        for (const Scheme scheme :
             {Scheme::Fp8Tensor, Scheme::Fp8Channel, Scheme::Fp8Block128, Scheme::Fp8Block128x128}) {
            const QuantizeOutcome q = quantize(scheme, x, {rows, cols});
            ASSERT_TRUE(q.value) << q.error;
            const Report r = analyse(*q.value, x);
            const std::vector<oracle::Element> expected = oracle::quantizeFp8Matrix(schemeName(scheme), x, rows, cols);
            const BlockLayout layout(schemeInfo(scheme).grouping, {rows, cols});
            for (std::size_t i = 0; i < x.size(); ++i) {
                ASSERT_EQ(blockScaleValue(*q.value, layout.blockOf(i)), expected[i].scale)
                    << schemeName(scheme) << " " << i;
                ASSERT_EQ(r.dequantized[i], expected[i].dequantized) << schemeName(scheme) << " " << i;
            }
        }
    }
}

} // namespace
} // namespace fplab::blockscale
