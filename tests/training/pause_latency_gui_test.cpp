// Issue 26 item 10: Pause and Cancel take effect within 200 ms at every size the form offers, because they
// interrupt the step in progress (a step of the largest model takes seconds on the emulator), and a run
// paused in mid-step many times still writes the CSV of `fplab-cli train --csv`, byte for byte.
//
// The latency is measured in two parts, so that a loaded test machine does not make it flaky: from the
// request (the action triggered on the GUI thread) to the worker noticing it inside the step
// (TrainingController::stopNoticedAt), which must be under 200 ms; and from the request to the section
// showing Paused or Ended, which also waits for the GUI thread's event loop and the worker's scheduling on a
// shared machine, under a generous 3 s (before the change it was the rest of the step: 5 to 9 s).
#include "tests/cli/cli_run.h"
#include "tests/gui/gui_fixture.h"
#include "tests/training/training_gui_support.h"

#include "app/gui/common/enum_combo.h"
#include "app/gui/training/compare_runs_tab.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/run_list_view.h"
#include "app/gui/training/run_phase.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_form.h"
#include "core/training/step_csv.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace fplab::gui {
namespace {

using namespace fplab::training;
using testing::trainingOf;
using testing::waitUntil;
using Clock = std::chrono::steady_clock;

constexpr auto kCoreBound = std::chrono::milliseconds(200);
constexpr int kGuiBoundMs = 3000;

long long msSince(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(end - start).count();
}

void setLargest(TrainingForm* form) {
    for (QSpinBox* spin : {form->widthSpin(), form->depthSpin(), form->batchSpin(), form->stepsSpin()})
        spin->setValue(spin->maximum());
}

// Presses `action` half a second into a step (which takes seconds at this size) and checks how soon the run
// reports `phase`, and that the step in progress was interrupted, not finished first.
void pressMidStepAndTime(RunControls* c, QAction* action, RunPhase phase, const char* what) {
    QTest::qWait(500);
    const int stepsAtPress = c->controller()->workerSteps();
    const int interruptedBefore = c->controller()->interruptedSteps();
    const Clock::time_point pressed = Clock::now();
    action->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == phase; }, 60000)) << what;
    const Clock::time_point shown = Clock::now();
    const std::optional<Clock::time_point> noticed = c->controller()->stopNoticedAt();
    ASSERT_TRUE(noticed.has_value()) << what;
    EXPECT_LT(*noticed - pressed, kCoreBound)
        << what << ": the worker noticed after " << msSince(pressed, *noticed) << " ms";
    EXPECT_LT(msSince(pressed, shown), kGuiBoundMs) << what;
    EXPECT_EQ(c->controller()->workerSteps(), stepsAtPress) << what << ": the step in progress was finished first";
    EXPECT_EQ(c->controller()->interruptedSteps(), interruptedBefore + 1) << what;
    std::printf("[ measured ] %s: noticed after %lld ms, shown after %lld ms\n", what, msSince(pressed, *noticed),
                msSince(pressed, shown));
}

void checkPauseAndCancelAtTheLargestSize(TrainingMode mode) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    RunControls* c = s->runControls();
    c->setCancelConfirmer([](int) { return true; }, 0); // the question is answered at once
    ASSERT_TRUE(selectEnum(s->form()->modeCombo(), mode));
    setLargest(s->form());
    c->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->run().gridSerial > 0; }, 120000)); // then the first step begins
    pressMidStepAndTime(c, c->pauseAction(), RunPhase::Paused, "Pause");
    c->pauseAction()->trigger(); // Resume: the interrupted step is done again
    pressMidStepAndTime(c, c->cancelAction(), RunPhase::Ended, "Cancel");
    EXPECT_EQ(c->run().state.status, RunStatus::Cancelled);
}

TEST(PauseLatencyGui, PauseAndCancelTakeEffectWithin200MsInTheLargestBf16Run) {
    checkPauseAndCancelAtTheLargestSize(TrainingMode::Bf16);
}

// The FP8 GEMMs run on another kernel (the tensor-core model), and a BF16 reference run steps alongside.
TEST(PauseLatencyGui, PauseAndCancelTakeEffectWithin200MsInTheLargestFp8Run) {
    checkPauseAndCancelAtTheLargestSize(TrainingMode::Fp8Delayed);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string number(double v) { return csvNumber(v); }

TEST(PauseLatencyGui, ARunPausedInMidStepWritesTheClisCsvByteForByte) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    RunControls* c = s->runControls();
    ASSERT_TRUE(selectEnum(s->form()->modeCombo(), TrainingMode::Fp16Dynamic));
    s->form()->widthSpin()->setValue(256);
    s->form()->depthSpin()->setValue(4);
    s->form()->batchSpin()->setValue(512);
    s->form()->stepsSpin()->setValue(5);
    const TrainingConfig config = s->form()->config();
    c->startAction()->trigger();
    for (int pause = 0; pause < 4 && c->phase() != RunPhase::Ended; ++pause) {
        QTest::qWait(120 + 70 * pause);
        if (c->phase() != RunPhase::Running) break;
        c->pauseAction()->trigger();
        ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Paused || c->phase() == RunPhase::Ended; }));
        if (c->phase() == RunPhase::Paused) c->pauseAction()->trigger(); // Resume
    }
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }, 300000));
    EXPECT_GE(c->controller()->interruptedSteps(), 1) << "no Pause came in mid-step";
    ASSERT_EQ(c->run().state.status, RunStatus::Finished);

    QTemporaryDir dir;
    const QString gui = dir.filePath(QStringLiteral("gui.csv")), cli = dir.filePath(QStringLiteral("cli.csv"));
    ASSERT_EQ(s->compareRuns()->runList()->exportRun(0, gui), QString());
    const cli::test::CliRun r = cli::test::runInProcess({"train",
                                                         "--mode",
                                                         "fp16-dynamic",
                                                         "--steps",
                                                         std::to_string(config.steps),
                                                         "--width",
                                                         std::to_string(config.model.width),
                                                         "--depth",
                                                         std::to_string(config.model.depth),
                                                         "--batch",
                                                         std::to_string(config.batchSize),
                                                         "--seed",
                                                         std::to_string(config.seed),
                                                         "--optimizer",
                                                         std::string(optimizerName(config.optimizer.kind)),
                                                         "--lr",
                                                         number(config.optimizer.learningRate),
                                                         "--init-scale",
                                                         number(config.scaler.initScale),
                                                         "--growth-interval",
                                                         std::to_string(config.scaler.growthInterval),
                                                         "--csv",
                                                         cli.toStdString()});
    ASSERT_EQ(r.code, 0) << r.err;
    const QByteArray expected = readAll(cli);
    ASSERT_FALSE(expected.isEmpty());
    EXPECT_EQ(readAll(gui), expected);
}

} // namespace
} // namespace fplab::gui
