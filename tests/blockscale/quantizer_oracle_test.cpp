// Every scheme's dequantized values and scales against the host-double oracle (oracle.cpp), on seeded
// vectors of several shapes: normal, heavy-tailed, with outliers, tiny and subnormal values, zeros.
#include "core/blockscale/quantizer.h"
#include "oracle.h"

#include <gtest/gtest.h>

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
        if (trial % 3 == 0) v[7] = 1000.0f * (trial + 1); // an outlier
        if (trial % 7 == 0) std::fill(v.begin() + 32, v.begin() + 64, 0.0f); // a zero block
        if (trial == 5) v[40] = 1e-45f; // the smallest FP32 subnormal
        if (trial == 6) std::fill(v.begin(), v.end(), 3e38f); // near FLT_MAX
        out.push_back(std::move(v));
    }
    return out;
}

class OracleTest : public ::testing::TestWithParam<SchemeInfo> {};

TEST_P(OracleTest, DequantizedValuesAndScalesMatch) {
    const SchemeInfo info = GetParam();
    if (info.grouping == Grouping::Row || info.grouping == Grouping::Tile128x128)
        GTEST_SKIP() << "on a single row these equal fp8-tensor and fp8-block128, tested there";
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

INSTANTIATE_TEST_SUITE_P(AllSchemes, OracleTest, ::testing::ValuesIn(allSchemes().begin(), allSchemes().end()),
                         [](const auto& p) {
                             std::string name(p.param.name);
                             for (char& c : name) if (c == '-') c = '_';
                             return name;
                         });

// The element value sets the oracle builds, against the OCP tables' largest values.
TEST(Oracle, ElementSetsMatchTheSpecificationMaxima) {
    EXPECT_EQ(oracle::positiveValues(4, 3, 7, false, true).back(), 448.0);
    EXPECT_EQ(oracle::positiveValues(5, 2, 15, true, false).back(), 57344.0);
    EXPECT_EQ(oracle::positiveValues(3, 2, 3, false, false).back(), 28.0);
    EXPECT_EQ(oracle::positiveValues(2, 3, 1, false, false).back(), 7.5);
    EXPECT_EQ(oracle::positiveValues(2, 1, 1, false, false),
              (std::vector<double>{0, 0.5, 1, 1.5, 2, 3, 4, 6}));
    EXPECT_EQ(oracle::positiveValues(4, 3, 7, false, true)[1], std::ldexp(1.0, -9));
}

} // namespace
} // namespace fplab::blockscale
