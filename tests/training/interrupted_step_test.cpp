// Interruptible steps (issue 26 item 10): a step cut short by a stop request leaves the run as it was
// before the step began, so a run interrupted many times in mid-step writes the same CSV, byte for byte,
// and ends with the same weights as a run never interrupted. The oracle is the uninterrupted run.
#include "core/training/step_csv.h"
#include "core/training/training_run.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace fplab::training {
namespace {

TrainingConfig configFor(TrainingMode mode) {
    TrainingConfig c;
    c.mode = mode;
    c.model.width = 24;
    c.model.depth = 2;
    c.steps = 12;
    c.batchSize = 48;
    c.accumulationSteps = 2; // the batch order moves twice per step
    c.outlierStep = 5;       // a scripted outlier lands on a redone step
    c.scaler.growthInterval = 3;
    c.fp8.amaxHistory = 4;
    return c;
}

struct Finished {
    std::string csv;
    std::vector<float> weights;
    Evaluation evaluation;
    int steps = 0;
    int interruptions = 0;
};

std::string csvOf(const TrainingRun& run) {
    const StepCsvColumns columns = stepCsvColumns(run);
    std::string csv = stepCsvHeader(columns);
    for (const StepRecord& r : run.history()) csv += stepCsvRow(r, columns.stats);
    return csv;
}

Finished finish(TrainingRun& run) {
    Finished f;
    f.csv = csvOf(run);
    f.steps = int(run.history().size());
    f.weights = run.weights();
    f.evaluation = run.evaluate();
    return f;
}

Finished uninterrupted(const TrainingConfig& c) {
    TrainingRun run(c);
    while (run.step()) {}
    return finish(run);
}

// Each step is interrupted up to `cuts` times, each time at another of its stop checks (counted from the
// step's start), before it is let through.
Finished interrupted(const TrainingConfig& c, int cuts) {
    TrainingRun run(c);
    int checks = 0, stopAt = 0, interruptions = 0;
    const StopRequest stop = [&] { return ++checks == stopAt; };
    for (int step = 1; !run.over(); ++step) {
        for (int cut = 0; cut < cuts && !run.over() && run.state().stepsDone < step; ++cut) {
            checks = 0;
            stopAt = 1 + (step * 7 + cut * 13) % 20;
            run.step(&stop);
            if (!run.interrupted()) continue; // the step had fewer checks than stopAt: it is done
            ++interruptions;
            EXPECT_EQ(run.state().stepsDone, step - 1);
        }
        if (!run.over() && run.state().stepsDone < step) {
            stopAt = 0;
            run.step(&stop);
            EXPECT_FALSE(run.interrupted());
        }
    }
    Finished f = finish(run);
    f.interruptions = interruptions;
    return f;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

class InterruptedStep : public ::testing::TestWithParam<TrainingMode> {};

TEST_P(InterruptedStep, ARunInterruptedInMidStepMatchesTheUninterruptedRunBitForBit) {
    const TrainingConfig c = configFor(GetParam());
    const Finished plain = uninterrupted(c);
    const Finished cut = interrupted(c, 3);
    EXPECT_GE(cut.interruptions, 2 * cut.steps) << "the stop request was hardly asked";
    EXPECT_GT(cut.steps, 2);
    EXPECT_EQ(cut.csv, plain.csv);
    EXPECT_TRUE(sameBits(cut.weights, plain.weights));
    EXPECT_EQ(std::memcmp(&cut.evaluation, &plain.evaluation, sizeof(Evaluation)), 0);
}

INSTANTIATE_TEST_SUITE_P(EveryMode, InterruptedStep, ::testing::ValuesIn(kAllModes),
                         [](const ::testing::TestParamInfo<TrainingMode>& info) {
                             std::string name(modeName(info.param));
                             for (char& ch : name)
                                 if (ch == '-') ch = '_';
                             return name;
                         });

TEST(InterruptedStep, AnInterruptedFirstStepLeavesTheRunReady) {
    TrainingRun run(configFor(TrainingMode::Fp16Dynamic));
    const StopRequest stop = [] { return true; };
    EXPECT_EQ(run.step(&stop), nullptr);
    EXPECT_TRUE(run.interrupted());
    EXPECT_EQ(run.state().status, RunStatus::Ready);
    EXPECT_FALSE(run.over());
    ASSERT_NE(run.step(), nullptr);
    EXPECT_FALSE(run.interrupted());
}

TEST(InterruptedStep, ACancelAfterAnInterruptionEndsTheRunAsCancelled) {
    TrainingRun run(configFor(TrainingMode::Bf16));
    ASSERT_NE(run.step(), nullptr);
    const StopRequest stop = [] { return true; };
    EXPECT_EQ(run.step(&stop), nullptr);
    run.requestCancel();
    EXPECT_EQ(run.step(), nullptr);
    EXPECT_EQ(run.state().status, RunStatus::Cancelled);
    EXPECT_EQ(run.state().stepsDone, 1);
}

TEST(InterruptedStep, TheBoundaryGridAndTheEvaluationStopWhenAsked) {
    TrainingRun run(configFor(TrainingMode::Fp32));
    const StopRequest stop = [] { return true; };
    EXPECT_THROW(run.predictionGrid(20, 20, &stop), StepInterrupted);
    EXPECT_THROW(run.evaluate(&stop), StepInterrupted);
    const PredictionGrid grid = run.predictionGrid(20, 20); // the stop request no longer holds
    EXPECT_EQ(grid.classes.size(), 400u);
}

} // namespace
} // namespace fplab::training
