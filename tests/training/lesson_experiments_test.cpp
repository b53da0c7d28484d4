// The training lessons' experiments give the facts the lessons state: the autocast trace of the toy model
// of Stanford CS336 assignment 2 (systems), as answers to it print it, LayerNorm's reduction failing in FP16/BF16, GradScaler's trajectory, the FP16 runs.
#include "lessons/experiment_registry.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include "tests/oracle/host_cpu.h"

#include <immintrin.h>
#define FPLAB_HAVE_X86 1
#endif

namespace fplab::lessons {
namespace {

const Quantity& get(const ExperimentResult& r, const std::string& key) {
    const Quantity* q = r.find(key);
    if (!q) throw std::runtime_error("no result " + key);
    return *q;
}

ExperimentResult run(const std::string& name, const ParamList& params = {}) {
    ExperimentOutcome o = runExperiment(name, params);
    if (!o.result) throw std::runtime_error(o.error);
    return *o.result;
}

TEST(TrainingLessons, AutocastTraceReadsLikeTheCs336Answers) {
    const ExperimentResult r = run("autocast_trace");
    EXPECT_EQ(get(r, "after_fc1").text.en, "float16");
    EXPECT_EQ(get(r, "after_ln").text.en, "float32");
    EXPECT_EQ(get(r, "after_fc2").text.en, "float16");
    EXPECT_EQ(get(r, "output").text.en, "float16");
    for (const char* p : {"fc1_weight", "fc2_weight", "ln_weight", "ln_bias"})
        EXPECT_EQ(get(r, p).text.en, "float32") << p;
    EXPECT_EQ(run("autocast_trace", {{"mode", "bf16"}}).find("after_fc1")->text.en, "bfloat16");
    EXPECT_EQ(run("autocast_trace", {{"mode", "fp16"}, {"master_weights", "false"}}).find("fc1_weight")->text.en,
              "float16");
    EXPECT_NE(runExperiment("autocast_trace", {{"mode", "fp32"}, {"master_weights", "false"}}).error, "");
}

#ifdef FPLAB_HAVE_X86
__attribute__((target("f16c"))) float f16c(float x) {
    return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtps_ph(_mm_set_ss(x), _MM_FROUND_TO_NEAREST_INT)));
}
#endif

// Round to nearest even keeping 7 mantissa bits, on the integer bits (no NaN inputs).
float bf16(float x) {
    const std::uint32_t b = std::bit_cast<std::uint32_t>(x);
    return std::bit_cast<float>(((b + 0x7FFFu + ((b >> 16) & 1u)) >> 16) << 16);
}

TEST(TrainingLessons, LayerNormsReductionNeedsFp32) {
    const ExperimentResult r = run("norm_reduction");
    // The oracle: each running sum s + 100 is exact in float, then rounded once to the format.
    std::int64_t bf16Stall = 0;
    float s = 0;
    for (int i = 1; i <= 1024 && bf16Stall == 0; ++i) {
        const float next = bf16(s + 100.0f);
        if (next == s) bf16Stall = i;
        s = next;
    }
    EXPECT_EQ(get(r, "stalled_at_bf16").count, bf16Stall);
    EXPECT_GT(bf16Stall, 0);
#ifdef FPLAB_HAVE_X86
    if (host::cpuHasF16c()) {
        std::int64_t fp16Overflow = 0;
        float h = 0;
        for (int i = 1; i <= 1024 && fp16Overflow == 0; ++i) {
            h = f16c(h + 100.0f);
            if (std::isinf(h)) fp16Overflow = i;
        }
        EXPECT_EQ(get(r, "overflow_at_fp16").count, fp16Overflow);
    }
#endif
    EXPECT_GT(get(r, "overflow_at_fp16").count, 0);
    EXPECT_EQ(get(r, "overflow_at_fp32").count, 0);
    EXPECT_EQ(get(r, "stalled_at_fp32").count, 0);
    EXPECT_EQ(get(r, "exact_mean").real, 100.0);
}

TEST(TrainingLessons, ScalerTrajectoryOfTheLesson) {
    const ExperimentResult r = run("scaler_trajectory");
    EXPECT_EQ(get(r, "final_scale").real, 65536.0);
    EXPECT_EQ(get(r, "skipped").count, 3);
    EXPECT_EQ(get(r, "growths").count, 3);
    EXPECT_EQ(get(r, "final_tracker").count, 1);
    EXPECT_NE(runExperiment("scaler_trajectory", {{"overflow_steps", "1.5"}}).error, "");
}

TEST(TrainingLessons, LossScalingRunsShowTheUnderflow) {
    const ExperimentResult r = run("loss_scaling_runs");
    const double fp32 = get(r, "loss_fp32").real;
    EXPECT_NEAR(get(r, "loss_fp16_dynamic").real, fp32, 0.01);
    EXPECT_NEAR(get(r, "loss_bf16").real, fp32, 0.01);
    EXPECT_GT(get(r, "loss_fp16").real, fp32 + 0.5);
    EXPECT_GT(get(r, "underflow_fp16").real, 0.95);
    EXPECT_GT(get(r, "first_step_below_fp16").real, 0.9);
}

} // namespace
} // namespace fplab::lessons
