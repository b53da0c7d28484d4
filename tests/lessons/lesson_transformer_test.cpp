// Lesson 15 (where a transformer breaks in FP16), its four experiments asserted: the first overflow at exp of the
// FP16 value 0x498C (e^11.09375 > 65520, so +inf), none with the row maximum subtracted; the BF16 residual stream
// losing every 0.01 at 64 (spacing 0.5) while FP32 keeps them (the host FPU's float additions, written out here);
// FP8 delayed scaling clamping an outlier that current scaling keeps.
#include "lesson_test_support.h"

#include <cmath>

namespace fplab::lessons::test {
namespace {

const char* const kLesson = "transformer-fp16";

TEST(LessonTransformer, Fp16SoftmaxWithoutMaxSubtractionOverflowsAtExp) {
    EXPECT_EQ(result(kLesson, "plain", "overflowed").count, 1);
    EXPECT_EQ(result(kLesson, "plain", "tensor").text.en, "attn.exp");
    EXPECT_EQ(result(kLesson, "plain", "operation").text.en, "softmax.exp");
    EXPECT_EQ(result(kLesson, "plain", "layer").count, 0);
    EXPECT_EQ(result(kLesson, "plain", "element").count, 0);
    EXPECT_EQ(result(kLesson, "plain", "operand").bits, 0x498Cu);
    EXPECT_GT(std::exp(11.09375), 65520.0);                      // why it overflows: above the midpoint 65504 | 65536
    EXPECT_EQ(result(kLesson, "plain", "result").bits, 0x7C00u); // +infinity
    EXPECT_FALSE(std::isfinite(toValue(result(kLesson, "plain", "loss"))));
}

TEST(LessonTransformer, MaxSubtractionSurvivesTheSameLogits) {
    EXPECT_EQ(result(kLesson, "shifted", "overflowed").count, 0);
    EXPECT_TRUE(std::isfinite(toValue(result(kLesson, "shifted", "loss"))));
}

TEST(LessonTransformer, Bf16ResidualLosesTheUpdatesFp32Keeps) {
    EXPECT_EQ(result(kLesson, "stream", "bf16_lost").count, 100);
    EXPECT_EQ(toValue(result(kLesson, "stream", "bf16_final")), 64.0);
    float host = 64.0f;
    for (int i = 0; i < 100; ++i) host += 0.01f;
    EXPECT_EQ(result(kLesson, "stream", "fp32_final").bits, bitsOf(host));
    EXPECT_EQ(result(kLesson, "stream", "fp32_lost").count, 0);
}

TEST(LessonTransformer, CurrentScalingRescuesAnOutlierDelayedScalingClamps) {
    EXPECT_GT(result(kLesson, "delayed", "saturated").count, 0);
    EXPECT_EQ(result(kLesson, "current", "saturated").count, 0);
    const double amax = result(kLesson, "current", "amax").real; // LayerNorm's bias of 1024 plus its normalised part
    EXPECT_GT(amax, 1024.0);
    EXPECT_LT(amax, 1030.0);
    EXPECT_FLOAT_EQ(float(result(kLesson, "current", "scale").real), float(amax) / 448.0f); // amax / E4M3's largest
    EXPECT_GT(result(kLesson, "delayed", "logit_error").real, 10 * result(kLesson, "current", "logit_error").real);
}

TEST(LessonTransformer, BothLanguagesRun) {
    for (Language language : {Language::English, Language::Chinese}) {
        const LessonRun& run = shippedRun(kLesson, language);
        for (const char* block : {"plain", "shifted", "stream", "delayed", "current"}) {
            const ExperimentRun* r = run.find(block);
            ASSERT_NE(r, nullptr) << block;
            EXPECT_TRUE(r->result.has_value()) << block << ": " << r->error;
        }
    }
}

} // namespace
} // namespace fplab::lessons::test
