// The one lockstep comparison of two runs (fplab-cli train --compare and the app's Training section
// both step through it): equal runs agree exactly; when one run stops early the other goes on to its
// own end and the verdict judges both ends; cancel ends both.
#include "core/training/lockstep_comparison.h"
#include "tests/training/stopping_kernels.h"

#include <gtest/gtest.h>

namespace fplab::training {
namespace {

TrainingConfig config(int steps) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.steps = steps;
    return c;
}

TEST(LockstepComparison, EqualRunsAgreeExactlyStepByStep) {
    const TrainingConfig c = config(20);
    TrainingRun a(c), b(c, cpuKernelsFactory());
    LockstepComparison lockstep(a, b, toleranceFor(c.mode));
    int calls = 0;
    while (lockstep.step()) {
        ++calls;
        ASSERT_NE(lockstep.lastComparison(), nullptr);
        EXPECT_EQ(lockstep.lastComparison()->step, calls);
        ASSERT_NE(lockstep.a().last, nullptr);
        EXPECT_EQ(lockstep.a().last->step, calls);
    }
    EXPECT_EQ(calls, 20);
    EXPECT_FALSE(lockstep.step()); // over: nothing more
    const RunComparison r = lockstep.result();
    EXPECT_TRUE(r.agrees()) << r.verdict();
    EXPECT_EQ(r.stepsA, 20);
    EXPECT_EQ(r.stepsB, 20);
    EXPECT_EQ(r.maxLossDifference, 0.0);
    EXPECT_EQ(r.maxWeightDifference, 0.0);
}

// The first run stops early (a backend failure at its 4th step): the second is not cut short but runs
// to its own end, and the verdict names how each ended.
TEST(LockstepComparison, WhenTheFirstRunStopsEarlyTheSecondGoesOnToItsOwnEnd) {
    const TrainingConfig c = config(10);
    TrainingRun a(c, test::stoppingKernelsFactory(4)), b(c);
    LockstepComparison lockstep(a, b, toleranceFor(c.mode));
    int compared = 0;
    while (lockstep.step()) compared += lockstep.lastComparison() ? 1 : 0;
    EXPECT_EQ(compared, 3);
    EXPECT_EQ(a.state().status, RunStatus::Failed);
    EXPECT_EQ(b.state().status, RunStatus::Finished);
    const RunComparison r = lockstep.result();
    EXPECT_EQ(r.stepsA, 3);
    EXPECT_EQ(r.stepsB, 10);
    EXPECT_EQ(r.steps.size(), 3u);
    EXPECT_FALSE(r.agrees());
    EXPECT_NE(r.verdict().find("cpu failed after 3 steps, gpu finished after 10"), std::string::npos) << r.verdict();
}

TEST(LockstepComparison, WhenTheSecondRunStopsEarlyTheFirstGoesOnToItsOwnEnd) {
    const TrainingConfig c = config(10);
    TrainingRun a(c), b(c, test::stoppingKernelsFactory(6));
    LockstepComparison lockstep(a, b, toleranceFor(c.mode));
    while (lockstep.step()) {}
    const RunComparison r = lockstep.result();
    EXPECT_EQ(r.stepsA, 10);
    EXPECT_EQ(r.stepsB, 5);
    EXPECT_EQ(r.statusA, RunStatus::Finished);
    EXPECT_EQ(r.statusB, RunStatus::Failed);
    EXPECT_EQ(lockstep.a().steps, 10);
    EXPECT_EQ(lockstep.b().steps, 5);
}

TEST(LockstepComparison, CancelEndsBothRuns) {
    const TrainingConfig c = config(10);
    TrainingRun a(c), b(c, cpuKernelsFactory());
    LockstepComparison lockstep(a, b, toleranceFor(c.mode));
    ASSERT_TRUE(lockstep.step());
    ASSERT_TRUE(lockstep.step());
    lockstep.requestCancel();
    while (lockstep.step()) {}
    EXPECT_EQ(a.state().status, RunStatus::Cancelled);
    EXPECT_EQ(b.state().status, RunStatus::Cancelled);
    EXPECT_TRUE(lockstep.result().agrees()) << lockstep.result().verdict();
    EXPECT_EQ(lockstep.result().stepsA, 2);
}

} // namespace
} // namespace fplab::training
