// Lesson 11 (microscaling): its numbers against the spec-derived values worked by hand and the
// host-double oracle of tests/blockscale/oracle.cpp, which shares no code with core/.
#include "lesson_test_support.h"

#include "../blockscale/oracle.h"

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace fplab::lessons::test {
namespace {

const std::string kLesson = "microscaling";

double real(const std::string& block, const std::string& key) { return result(kLesson, block, key).real; }

// microxcaling issue #4: amax 960 -> X = floor(log2 960) - 8 = 1; 957 / 2 = 478.5 saturates to 448.
TEST(LessonMicroscaling, Microxcaling4Block) {
    EXPECT_EQ(toValue(result(kLesson, "mx8", "scale0")), 2.0);
    EXPECT_EQ(result(kLesson, "mx8", "scale0").bits, 128u); // E8M0: 127 + 1
    EXPECT_EQ(real("mx8", "element0"), 448.0);
    EXPECT_EQ(real("mx8", "dequantized0"), 896.0);
    EXPECT_EQ(real("mx8", "error0"), 61.0);
    EXPECT_EQ(real("mx8", "dequantized4"), 832.0);
    // Clipped: 957, 957, 960 lie above 2 * 464, the midpoint between 448 and the next step 480; 902.4 also
    // comes back as 896, but by rounding to nearest.
    EXPECT_EQ(result(kLesson, "mx8", "saturated").count, 3);
}

// The new step's rules, worked by hand: round-up (Mishra et al.) gives X = ceil(log2(960 / 448)) = 2, so
// 957 / 4 = 239.25 -> 240 comes back as 960 and nothing is clipped; nearest (ml_dtypes) rounds 600 / 448 =
// 1.34 to the scale 1, so 600 is clipped to 448.
TEST(LessonMicroscaling, ScaleRulesStep) {
    EXPECT_EQ(toValue(result(kLesson, "up", "scale0")), 4.0);
    EXPECT_EQ(result(kLesson, "up", "scale0").bits, 129u);
    EXPECT_EQ(real("up", "dequantized0"), 960.0);
    EXPECT_EQ(result(kLesson, "up", "saturated").count, 0);
    EXPECT_EQ(toValue(result(kLesson, "near", "scale0")), 1.0);
    EXPECT_EQ(real("near", "dequantized0"), 448.0);
}

void expectMatchesOracle(const std::string& block, const std::string& scheme, const std::vector<float>& x) {
    const std::vector<blockscale::oracle::Element> expected = blockscale::oracle::quantizeVector(scheme, x);
    double worst = 0, squares = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const std::string n = std::to_string(i);
        EXPECT_EQ(real(block, "dequantized" + n), expected[i].dequantized) << block << " " << i;
        const double error = double(x[i]) - expected[i].dequantized;
        EXPECT_EQ(real(block, "error" + n), error) << block << " " << i;
        worst = std::max(worst, std::fabs(error));
        squares += error * error;
    }
    EXPECT_EQ(real(block, "max_abs_error"), worst);
    EXPECT_DOUBLE_EQ(real(block, "rms_error"), std::sqrt(squares / double(x.size())));
}

TEST(LessonMicroscaling, Mxfp4AndNvfp4MatchTheOracle) {
    const std::vector<float> x = {6, 7.9f, 1, 0.3f, -2.6f, 0.2f};
    expectMatchesOracle("fp4", "mxfp4", x);
    expectMatchesOracle("nv", "nvfp4", x);
    EXPECT_EQ(toValue(result(kLesson, "fp4", "scale0")), 1.0);  // floor(log2 7.9) - 2 = 0
    EXPECT_EQ(real("fp4", "dequantized1"), 6.0);                // 7.9 clipped to E2M1's 6
    EXPECT_EQ(toValue(result(kLesson, "nv", "scale0")), 448.0); // one block: the tensor's amax
    EXPECT_EQ(result(kLesson, "nv", "tensor_scale").bits, bitsOf(7.9f / 2688.0f));
    // What the narration says: NVFP4 has the smaller largest and RMS error here.
    EXPECT_LT(real("nv", "max_abs_error"), real("fp4", "max_abs_error"));
    EXPECT_LT(real("nv", "rms_error"), real("fp4", "rms_error"));
}

TEST(LessonMicroscaling, OutlierBlockMatchesTheOracle) {
    std::mt19937 rng(1);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> clean(64);
    for (float& v : clean) v = normal(rng);
    std::vector<float> spiked = clean;
    spiked[5] = 40.0f;
    for (const auto& [scheme, key, width] :
         {std::tuple{"mxfp4", "mxfp4", 32}, {"nvfp4", "nvfp4", 16}, {"mxfp8-e4m3", "mxfp8", 32}}) {
        // Init-captures: Clang 14 cannot capture structured bindings by [&] (P1091 came in Clang 16).
        const auto stats = [&, scheme = scheme, width = width](const std::vector<float>& x, int& flushed) {
            const auto q = blockscale::oracle::quantizeVector(scheme, x);
            double sum = 0;
            flushed = 0;
            for (int i = 0; i < width; ++i) {
                if (i == 5) continue;
                const double e = double(x[i]) - q[i].dequantized;
                sum += e * e;
                flushed += x[i] != 0 && q[i].dequantized == 0;
            }
            return std::sqrt(sum / (width - 1));
        };
        int flushedClean = 0, flushedSpiked = 0;
        EXPECT_DOUBLE_EQ(real("out", std::string(key) + "_rms_clean"), stats(clean, flushedClean)) << scheme;
        EXPECT_DOUBLE_EQ(real("out", std::string(key) + "_rms_outlier"), stats(spiked, flushedSpiked)) << scheme;
        EXPECT_EQ(result(kLesson, "out", std::string(key) + "_flushed").count, flushedSpiked) << scheme;
        EXPECT_EQ(result(kLesson, "out", std::string(key) + "_block").count, width);
    }
    // The narration: MXFP4's outlier scale is 8, flushing neighbours below 2; MXFP8 keeps them all.
    EXPECT_GT(result(kLesson, "out", "mxfp4_flushed").count, 25);
    EXPECT_EQ(result(kLesson, "out", "mxfp8_flushed").count, 0);
    EXPECT_EQ(real("out", "mxfp8_rms_clean"), real("out", "mxfp8_rms_outlier"));
}

} // namespace
} // namespace fplab::lessons::test
