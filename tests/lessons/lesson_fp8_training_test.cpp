// Lesson 12, "Training in FP8": the numbers its text quotes, reproduced headless. The FP8 format limits
// are checked against the OCP FP8 specification's values; the training and GEMM figures against the
// bounds docs/training.md states (the exact figures are the acceptance tests' in tests/training).
#include "lesson_test_support.h"

#include <cmath>

namespace fplab::lessons::test {
namespace {

constexpr const char* kLesson = "fp8-training";

// The casts step, worked from the OCP FP8 specification: without saturation 500 and -1000 overflow to the NaN
// bytes 0x7f and 0xff; 464 (halfway between 448 and 480) and 4.25 (between 4 and 4.5) are ties to the even
// mantissa, 448 and 4. With saturation 500 and -1000 become +-448.
TEST(LessonFp8Training, SaturatingCastsAndNanBytes) {
    EXPECT_EQ(result(kLesson, "plain", "byte2").bits, 0x7Fu);
    EXPECT_EQ(result(kLesson, "plain", "byte3").bits, 0xFFu);
    EXPECT_EQ(toValue(result(kLesson, "plain", "byte1")), 448.0);
    EXPECT_EQ(toValue(result(kLesson, "plain", "byte4")), 4.0);
    EXPECT_EQ(result(kLesson, "plain", "specials").count, 2);
    EXPECT_EQ(result(kLesson, "plain", "ties").count, 2);
    EXPECT_EQ(result(kLesson, "sat", "specials").count, 0);
    EXPECT_EQ(result(kLesson, "sat", "saturated").count, 2);
    EXPECT_EQ(toValue(result(kLesson, "sat", "byte3")), -448.0);
}

TEST(LessonFp8Training, FormatLimitsAreTheSpecs) {
    EXPECT_EQ(toValue(result(kLesson, "formats", "e4m3_max")), 448.0);
    EXPECT_EQ(toValue(result(kLesson, "formats", "e5m2_max")), 57344.0);
    EXPECT_EQ(toValue(result(kLesson, "formats", "e4m3_min_subnormal")), std::ldexp(1.0, -9));
    EXPECT_EQ(toValue(result(kLesson, "formats", "e5m2_min_subnormal")), std::ldexp(1.0, -16));
    EXPECT_EQ(toValue(result(kLesson, "formats", "e4m3_min_normal")), std::ldexp(1.0, -6));
    EXPECT_DOUBLE_EQ(result(kLesson, "formats", "e4m3_binades").real, std::log2(448.0) + 9);
    EXPECT_DOUBLE_EQ(result(kLesson, "formats", "e5m2_binades").real, std::log2(57344.0) + 16);
}

TEST(LessonFp8Training, TheOutlierStaysInALongMaxHistory) {
    EXPECT_EQ(result(kLesson, "delayed", "saturated_at_outlier").count, 1);
    EXPECT_GT(result(kLesson, "delayed", "flushed_after").real, 0.3);
    EXPECT_GT(result(kLesson, "delayed", "final_scale").real, 131072.0 / 448 * 0.99); // 2^17 / 448
    EXPECT_GT(result(kLesson, "delayed", "loss").real, 10 * result(kLesson, "delayed", "bf16_loss").real);
    EXPECT_EQ(result(kLesson, "current", "saturated_at_outlier").count, 0);
    EXPECT_LT(result(kLesson, "current", "flushed_after").real, 0.01);
    EXPECT_NEAR(result(kLesson, "current", "loss").real, result(kLesson, "current", "bf16_loss").real, 0.01);
    EXPECT_LT(result(kLesson, "recent", "flushed_after").real, 0.01);
}

TEST(LessonFp8Training, PromotionEvery128Wins) {
    EXPECT_EQ(result(kLesson, "longk", "k_last").count, 16384);
    EXPECT_GT(result(kLesson, "longk", "unpromoted_last").real, 0.2);
    EXPECT_LT(result(kLesson, "longk", "promoted_last").real, 1e-3);
    EXPECT_GT(result(kLesson, "longk", "ratio_last").real, 400.0);
}

} // namespace
} // namespace fplab::lessons::test
