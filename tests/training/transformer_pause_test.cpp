// Issue 23 with issue 26 item 10: Pause and Cancel interrupt a transformer step in progress (a step of the
// larger models the form offers takes seconds on the emulator) instead of waiting for its end, and a run
// paused in mid-step ten times trains exactly as one that was never paused.
#include "app/gui/training/transformer/transformer_job.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

namespace fplab::gui {
namespace {

using namespace fplab::training;
using Clock = std::chrono::steady_clock;

TransformerRunConfig largeConfig(int steps) {
    TransformerRunConfig c;
    c.run.shape.dim = 128;
    c.run.shape.layers = 4;
    c.run.shape.heads = 4;
    c.run.shape.context = 16;
    c.run.digits = 2;
    c.run.batch = 512;
    c.steps = steps;
    return c;
}

TEST(TransformerJob, CancelInterruptsTheStepInProgress) {
    TransformerJobState state;
    state.reset(largeConfig(3));
    std::atomic<bool> cancel{false};
    std::optional<Clock::time_point> noticed;
    JobControl control;
    control.progress = [](double) {};
    control.cancelled = [&] {
        const bool c = cancel.load();
        if (c && !noticed) noticed = Clock::now();
        return c;
    };
    bool threwCancelled = false;
    std::thread worker([&] {
        try {
            runTransformer(largeConfig(3), state, control);
        } catch (const JobCancelled&) {
            threwCancelled = true;
        }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300)); // into the first step, which takes seconds
    const Clock::time_point pressed = Clock::now();
    cancel = true;
    worker.join();
    EXPECT_TRUE(threwCancelled);
    ASSERT_TRUE(noticed.has_value());
    const auto latency = std::chrono::duration_cast<std::chrono::milliseconds>(*noticed - pressed).count();
    std::printf("[ measured ] the worker noticed Cancel after %lld ms\n", static_cast<long long>(latency));
    EXPECT_LT(latency, 200);
    EXPECT_EQ(state.snapshot().stepsDone, 0); // the first step was interrupted, not finished first
}

TEST(TransformerJob, ARunPausedInMidStepTrainsAsOneNeverPaused) {
    TransformerRunConfig config = largeConfig(2);
    config.run.shape.dim = 32;
    config.run.shape.layers = 2;
    config.run.batch = 64;
    config.preset = TransformerPreset::Fp8Delayed; // its amax histories must be put back too
    const JobControl plain{[](double) {}, [] { return false; }};
    TransformerJobState reference;
    reference.reset(config);
    runTransformer(config, reference, plain);

    TransformerJobState paused;
    paused.reset(config);
    std::thread pauser([&] { // ten pauses, the first ones inside the first step
        for (int i = 0; i < 10; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            paused.setPaused(true);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            paused.setPaused(false);
        }
    });
    runTransformer(config, paused, plain);
    pauser.join();
    const TransformerRunRecord a = reference.snapshot(), b = paused.snapshot();
    EXPECT_EQ(a.stepsDone, 2);
    EXPECT_EQ(a.loss, b.loss);
    EXPECT_EQ(a.accuracy, b.accuracy);
    EXPECT_GT(paused.interruptions(), 0);
}

} // namespace
} // namespace fplab::gui
