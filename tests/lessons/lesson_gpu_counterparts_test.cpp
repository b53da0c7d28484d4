// The real GPU adapter (app/lesson_counterparts) behind the lessons' CPU/GPU switch: which experiments
// it covers, and what it answers without a GPU. With a GPU (scripts/gpu-run.sh), the numbers the
// hardware is known to reproduce must agree with the CPU side bit for bit.
#include "core/tensor_core/mma_config.h"
#include "gpu/backend_choice.h"
#include "app/lesson_counterparts/lesson_counterparts.h"
#include "lessons/lesson_library.h"
#include "lessons/side_by_side.h"

#include <gtest/gtest.h>

namespace fplab::lessons {
namespace {

TEST(LessonGpuCounterparts, CoverTheAccumulationTensorCoreAndTrainingExperiments) {
    const auto counterpart = gpu::lessonGpuCounterpart();
    std::vector<std::string> names;
    for (const std::string_view name : gpu::lessonCounterpartExperiments()) {
        EXPECT_NE(findExperiment(name), nullptr) << name;
        EXPECT_TRUE(counterpart->hasCounterpart(name)) << name;
        names.emplace_back(name);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"accumulate", "accumulate_fixes", "summation_order", "loss_scaling_runs",
                                               "mma_block_steps", "tf32_gemm_error"}));
    EXPECT_FALSE(counterpart->hasCounterpart("format_fields"));
    EXPECT_EQ(counterpart->unavailableReason(), gpu::noGpuReason());
}

TEST(LessonGpuCounterparts, WithoutAGpuEachSaysWhyInOneLine) {
    const std::string reason = gpu::noGpuReason();
    if (reason.empty()) GTEST_SKIP() << "this machine has a GPU";
    EXPECT_EQ(reason.find('\n'), std::string::npos);
    for (const std::string_view name : gpu::lessonCounterpartExperiments()) {
        const GpuSide side = runCounterpart(*gpu::lessonGpuCounterpart(), name, {});
        EXPECT_FALSE(side.result) << name;
        EXPECT_FALSE(side.refused) << name;
        EXPECT_EQ(side.error, reason) << name;
    }
}

std::string paramOf(const ExperimentRun& run, std::string_view name) {
    for (const auto& [key, value] : run.params)
        if (key == name) return value;
    return {};
}

// Every block of the shipped lessons whose experiment has a counterpart, on the GPU beside the CPU.
TEST(LessonGpuCounterparts, OnAGpuTheDeterministicResultsAgreeBitForBit) {
    if (!gpu::noGpuReason().empty()) GTEST_SKIP() << gpu::noGpuReason();
    const LessonLibrary library = LessonLibrary::loadDirectory(FPLAB_TEST_LESSONS_DIR);
    int compared = 0;
    for (const char* id : {"accumulation", "loss-scaling", "tensor-cores"}) {
        const LessonRun run = runLesson(*library.find(id)->in(Language::English));
        for (const auto& [block, side] : runGpuSides(run, *gpu::lessonGpuCounterpart())) {
            const ExperimentRun* cpu = run.find(block);
            ASSERT_TRUE(side.result) << id << "." << block << ": " << side.error;
            const SideBySide s = compareResults(*cpu->result, *side.result);
            ++compared;
            const std::string& name = cpu->call->name;
            if (name == "loss_scaling_runs") continue; // GEMM order and expf/logf differ (docs/training.md)
            for (const QuantityPair& p : s.rows) {
                if (p.match != Match::Differs) continue;
                const bool varies = p.key.rfind("atomic_", 0) == 0; // atomicAdd order changes from run to run
                const bool otherArch = name == "tf32_gemm_error" &&
                                       paramOf(*cpu, "arch") != tc::archName(gpu::defaultModelArch());
                EXPECT_TRUE(varies || otherArch) << id << "." << block << "." << p.key << " differs";
            }
        }
    }
    EXPECT_GE(compared, 9);
}

} // namespace
} // namespace fplab::lessons
