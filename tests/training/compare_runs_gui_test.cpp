// The Training section's comparison of runs, offscreen: four modes overlaid, one hidden (its series
// hidden, the others shown), renamed and removed, at most eight kept, long runs decimated, the
// update-ratio and memory views, a run's CSV byte for byte as `fplab-cli train --csv` writes it,
// "Run all modes" queueing the four modes (and Cancel stopping it), a GPU run as a second series.
#include "tests/cli/cli_run.h"
#include "tests/gui/gui_fixture.h"
#include "tests/training/training_gui_support.h"

#include "app/gui/training/compare_charts_view.h"
#include "app/gui/training/compare_runs_tab.h"
#include "app/gui/training/memory_by_mode_view.h"
#include "app/gui/training/run_list_view.h"
#include "app/gui/training/run_store.h"
#include "app/gui/training/run_all_modes.h"
#include "app/gui/training/run_charts_view.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/run_phase.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_run_data.h"
#include "app/gui/training/training_section.h"
#include "app/gui/training/update_ratio_view.h"
#include "app/gui/common/enum_combo.h"
#include "core/training/mode_memory.h"

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QChart>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QListView>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using namespace fplab::training;

StoredRun finishedRun(TrainingConfig c, const QString& name) {
    TrainingRun run(c);
    StoredRun r;
    r.name = name;
    r.config = run.config();
    r.columns = stepCsvColumns(run);
    while (const StepRecord* s = run.step()) r.steps.push_back(*s);
    r.state = run.state();
    return r;
}

TrainingConfig small(TrainingMode mode, int steps = 40) {
    TrainingConfig c;
    c.mode = mode;
    c.model.width = 16;
    c.steps = steps;
    return c;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(CompareRunsGui, FourModesOverlaidOneHiddenRenamedAndRemoved) {
    RunStore store;
    QAbstractItemModelTester tester(&store, QAbstractItemModelTester::FailureReportingMode::Fatal);
    CompareChartsView charts(&store);
    for (TrainingMode m : standardComparisonModes()) store.add(finishedRun(small(m), QString::fromLatin1(modeName(m))));
    ASSERT_EQ(store.rowCount(), 4);
    for (int c = 0; c < CompareChartsView::ChartCount; ++c) {
        const auto chart = CompareChartsView::Chart(c);
        EXPECT_EQ(charts.chart(chart)->series().size(), 4);
        for (int row = 0; row < 4; ++row) {
            ASSERT_NE(charts.series(chart, row), nullptr);
            EXPECT_EQ(charts.series(chart, row)->count(), 40) << c << " " << row;
            EXPECT_TRUE(charts.series(chart, row)->isVisible());
            EXPECT_EQ(charts.series(chart, row)->name(), store.runs()[std::size_t(row)].name);
        }
    }
    // Four colours, each run its own.
    for (int a = 0; a < 4; ++a)
        for (int b = a + 1; b < 4; ++b)
            EXPECT_NE(charts.series(CompareChartsView::Loss, a)->pen().color(),
                      charts.series(CompareChartsView::Loss, b)->pen().color());
    // The same loss as the run's steps, the scale of the dynamic scaler.
    EXPECT_EQ(charts.series(CompareChartsView::Loss, 1)->at(0).y(), double(store.runs()[1].steps[0].loss));
    EXPECT_EQ(charts.series(CompareChartsView::Scale, 2)->at(0).y(), 65536.0);

    // Hide FP16 without scaling (the check box of its row).
    ASSERT_TRUE(store.setData(store.index(1), Qt::Unchecked, Qt::CheckStateRole));
    for (int c = 0; c < CompareChartsView::ChartCount; ++c) {
        const auto chart = CompareChartsView::Chart(c);
        EXPECT_FALSE(charts.series(chart, 1)->isVisible());
        for (int row : {0, 2, 3}) EXPECT_TRUE(charts.series(chart, row)->isVisible()) << row;
    }

    ASSERT_TRUE(store.setData(store.index(2), QStringLiteral("with GradScaler"), Qt::EditRole));
    EXPECT_EQ(charts.series(CompareChartsView::Accuracy, 2)->name(), QStringLiteral("with GradScaler"));
    EXPECT_FALSE(store.setData(store.index(2), QStringLiteral("  "), Qt::EditRole)); // an empty name is refused
    ASSERT_TRUE(store.setData(store.index(3), QStringLiteral("with GradScaler"), Qt::EditRole));
    EXPECT_EQ(store.runs()[3].name, QStringLiteral("with GradScaler (2)")); // names stay apart

    RunListView list(&store);
    list.list()->setCurrentIndex(store.index(0));
    ASSERT_TRUE(list.removeButton()->isEnabled());
    list.removeButton()->click();
    ASSERT_EQ(store.rowCount(), 3);
    EXPECT_EQ(charts.chart(CompareChartsView::Loss)->series().size(), 3);
    EXPECT_EQ(charts.series(CompareChartsView::Loss, 0)->name(), QString::fromLatin1(modeName(TrainingMode::Fp16)));
    EXPECT_FALSE(charts.series(CompareChartsView::Loss, 0)->isVisible()); // still hidden
}

TEST(CompareRunsGui, EightRunsAreKeptTheOldestGoesFirst) {
    RunStore store;
    for (int i = 0; i < 9; ++i) store.add(finishedRun(small(TrainingMode::Fp32, 2), QStringLiteral("run %1").arg(i)));
    ASSERT_EQ(store.rowCount(), RunStore::kMaxRuns);
    EXPECT_EQ(store.runs().front().name, QStringLiteral("run 1"));
    EXPECT_EQ(store.runs().back().name, QStringLiteral("run 8"));
    EXPECT_EQ(store.runs().back().colorSlot, 0); // the colour the removed run had
}

TEST(CompareRunsGui, ALongRunIsDrawnWithBoundedPoints) {
    RunStore store;
    CompareChartsView charts(&store);
    store.add(finishedRun(small(TrainingMode::Fp32, 3000), QStringLiteral("long")));
    EXPECT_LE(charts.series(CompareChartsView::Loss, 0)->count(), 2 * CompareChartsView::kBuckets + 1);
    EXPECT_EQ(charts.series(CompareChartsView::Accuracy, 0)->points().back().x(), 3000.0); // it ends at the last step
    EXPECT_GE(charts.series(CompareChartsView::Loss, 0)->count(), CompareChartsView::kBuckets);
}

TEST(CompareRunsGui, UpdateRatiosPerTensorAgainstTheSwampingLines) {
    RunStore store;
    UpdateRatioView view(&store);
    TrainingConfig c = small(TrainingMode::Fp16, 20);
    c.masterWeights = false;
    store.add(finishedRun(c, QStringLiteral("fp16 without master weights")));
    ASSERT_EQ(view.runCombo()->count(), 1);
    const StoredRun& run = store.runs()[0];
    ASSERT_EQ(view.ratioSeries().size(), run.columns.parameters.size());
    ASSERT_EQ(view.vanishedSeries().size(), run.columns.parameters.size());
    EXPECT_EQ(view.ratioSeries()[0]->name(), QStringLiteral("fc1.weight"));
    EXPECT_EQ(view.vanishedSeries()[0]->count(), 20);
    EXPECT_EQ(view.vanishedSeries()[2]->at(4).y(), run.steps[4].vanishedPerTensor[2]);
    EXPECT_EQ(view.fp16Line()->at(0).y(), 0x1p-11);
    EXPECT_EQ(view.bf16Line()->at(1).y(), 0x1p-8);
    EXPECT_EQ(view.bf16Line()->at(1).x(), 20.0);

    StoredRun gpu = run; // a GPU run has no per-tensor statistics
    gpu.name = QStringLiteral("gpu");
    gpu.columns.stats = false;
    store.add(gpu);
    view.showRun(1);
    EXPECT_TRUE(view.ratioSeries().empty());
    EXPECT_NE(view.fp16Line(), nullptr);
}

TEST(CompareRunsGui, TheMemoryBarsAreTheCoresBytes) {
    MemoryByModeView view;
    TrainingConfig c;
    c.model.width = 16;
    const std::vector<ModeMemory> memory = memoryByMode(c, standardComparisonModes());
    view.setMemory(
        memory,
        {QStringLiteral("FP32"), QStringLiteral("FP16"), QStringLiteral("FP16 + scaler"), QStringLiteral("BF16")},
        false);
    // The bars are numbered beside them; the note names each number.
    EXPECT_EQ(view.categories(),
              (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4")}));
    ASSERT_EQ(view.barNames().size(), 4);
    for (int m = 0; m < 4; ++m) {
        const MemoryReport& b = memory[std::size_t(m)].bytes;
        EXPECT_EQ(view.barSet(MemoryByModeView::Weights)->at(m), double(b.weights));
        EXPECT_EQ(view.barSet(MemoryByModeView::Master)->at(m), double(b.master));
        EXPECT_EQ(view.barSet(MemoryByModeView::Gradients)->at(m), double(b.gradients));
        EXPECT_EQ(view.barSet(MemoryByModeView::Optimizer)->at(m), double(b.optimizer));
        EXPECT_EQ(view.barSet(MemoryByModeView::WeightCopies)->at(m), double(b.weightCopies));
        EXPECT_EQ(view.barSet(MemoryByModeView::Activations)->at(m), double(b.activations));
        // Issue 26 item 13: every bar names its total, every segment has a tooltip with its bytes.
        EXPECT_TRUE(view.note().contains(
            QStringLiteral("%1. %2: %3 bytes")
                .arg(view.categories()[m], view.barNames()[m], QLocale().toString(qlonglong(b.total())))))
            << view.note().toStdString();
        EXPECT_TRUE(
            view.toolTipFor(MemoryByModeView::Optimizer, m).contains(QLocale().toString(qlonglong(b.optimizer))));
        EXPECT_TRUE(view.toolTipFor(MemoryByModeView::Optimizer, m).startsWith(view.barNames()[m]));
    }
    EXPECT_EQ(view.barSet(MemoryByModeView::Master)->at(0), 0.0); // FP32 has no master copy
    // Static memory is 16 bytes per parameter in each mode (lesson 7); the note says whether the halved
    // activations outweigh the copies, with the numbers.
    for (const ModeMemory& m : memory) EXPECT_EQ(m.bytes.staticBytes(), 16 * m.bytes.parameters);
    const qlonglong saved = memory[0].bytes.activations - memory[1].bytes.activations;
    EXPECT_TRUE(view.note().contains(QLocale().toString(saved))) << view.note().toStdString();
    EXPECT_TRUE(view.note().contains(QLocale().toString(qlonglong(memory[1].bytes.weightCopies))))
        << view.note().toStdString();
}

// Issue 26 item 13: the ninth run says which run it dropped; the memory chart shows the kept runs (FP8 too),
// not a dropped one.
TEST(CompareRunsGui, TheNinthRunSaysWhichItDroppedAndTheMemoryChartShowsTheKeptRuns) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    QStringList messages;
    QObject::connect(s, &Section::statusMessage, [&](const QString& text, int) { messages << text; });
    RunStore* store = s->compareRuns()->store();
    store->add(finishedRun(small(TrainingMode::Fp32, 2), QStringLiteral("baseline")));
    store->add(finishedRun(small(TrainingMode::Fp8Delayed, 2), QStringLiteral("fp8")));
    s->compareRuns()->views()->setCurrentWidget(s->compareRuns()->memory());
    ASSERT_EQ(s->compareRuns()->memory()->barNames().size(), 2);
    EXPECT_EQ(s->compareRuns()->memory()->barNames()[1], QStringLiteral("fp8"));
    EXPECT_GT(s->compareRuns()->memory()->barSet(MemoryByModeView::WeightCopies)->at(1), 0.0);
    for (int i = 2; i < 8; ++i) store->add(finishedRun(small(TrainingMode::Bf16, 2), QStringLiteral("run %1").arg(i)));
    EXPECT_TRUE(messages.isEmpty());
    store->add(finishedRun(small(TrainingMode::Bf16, 2), QStringLiteral("ninth")));
    ASSERT_EQ(messages.size(), 1);
    EXPECT_TRUE(messages[0].contains(QStringLiteral("“baseline” was dropped to keep “ninth”")))
        << messages[0].toStdString();
    const QStringList bars = s->compareRuns()->memory()->barNames();
    ASSERT_EQ(bars.size(), RunStore::kMaxRuns);
    EXPECT_FALSE(bars.contains(QStringLiteral("baseline")));
}

TEST(CompareRunsGui, AKeptRunsCsvIsTheClisByteForByte) {
    QTemporaryDir dir;
    const QString cli = dir.filePath(QStringLiteral("cli.csv")), gui = dir.filePath(QStringLiteral("gui.csv"));
    const cli::test::CliRun r = cli::test::runInProcess({"train", "--mode", "fp16-dynamic", "--steps", "25", "--width",
                                                         "16", "--seed", "7", "--csv", cli.toStdString()});
    ASSERT_EQ(r.code, 0) << r.err;
    TrainingConfig c = small(TrainingMode::Fp16Dynamic, 25);
    c.seed = 7;
    RunStore store;
    store.add(finishedRun(c, QStringLiteral("fp16-dynamic")));
    RunListView list(&store);
    EXPECT_EQ(list.exportRun(0, gui), QString());
    const QByteArray expected = readAll(cli);
    ASSERT_FALSE(expected.isEmpty());
    EXPECT_EQ(readAll(gui), expected);

    // The comparison: a run column, then each run's rows.
    store.add(finishedRun(small(TrainingMode::Bf16, 5), QStringLiteral("bf16, short")));
    const QString all = dir.filePath(QStringLiteral("all.csv"));
    EXPECT_EQ(list.exportComparison(all), QString());
    const QList<QByteArray> lines = readAll(all).split('\n');
    EXPECT_TRUE(lines[0].startsWith("run,step,loss,accuracy,"));
    EXPECT_EQ(lines[1], "fp16-dynamic," + expected.split('\n')[1]);
    EXPECT_TRUE(lines[26].startsWith("\"bf16, short\",1,"));
    EXPECT_EQ(lines.size(), 1 + 25 + 5 + 1); // the last line ends with a newline
    // A file that cannot be written says why.
    EXPECT_TRUE(list.exportComparison(dir.filePath(QStringLiteral("no/such/dir/x.csv")))
                    .startsWith(QStringLiteral("Cannot write")));
}

// Processes events until `done` holds (the runs go on a worker thread).
TEST(CompareRunsGui, KeptRunsSurviveASessionFileByteForByte) {
    RunStore store;
    store.add(finishedRun(small(TrainingMode::Fp32, 3), QStringLiteral("spare")));
    store.add(finishedRun(small(TrainingMode::Fp16Dynamic, 12), QStringLiteral("dynamic")));
    store.add(finishedRun(small(TrainingMode::Fp8Delayed, 5), QStringLiteral("fp8, delayed")));
    TrainingConfig overflow = small(TrainingMode::Fp16Static, 5);
    overflow.staticScale = 0x1p30f; // diverges at step 2: a NaN loss and a step without an update
    store.add(finishedRun(overflow, QStringLiteral("diverged")));
    StoredRun gpu = finishedRun(small(TrainingMode::Bf16, 4), QStringLiteral("gpu"));
    gpu.onGpu = true;
    gpu.columns.stats = false;
    for (StepRecord& r : gpu.steps) r.updateRatio.clear(), r.vanishedPerTensor.clear();
    store.add(gpu);
    store.remove(0); // colours 1 to 4 remain
    store.rename(0, QStringLiteral("renamed"));
    store.setVisible(1, false);
    ASSERT_EQ(store.runs()[2].state.status, RunStatus::Diverged);
    ASSERT_NE(store.runCsv(2).find("nan"), std::string::npos);

    // Through the bytes of a file, as a session keeps them.
    const QJsonArray saved = QJsonDocument::fromJson(QJsonDocument(store.toJson()).toJson()).array();
    RunStore restored;
    EXPECT_EQ(restored.addFromJson(saved), QStringList());
    ASSERT_EQ(restored.rowCount(), store.rowCount());
    for (int i = 0; i < store.rowCount(); ++i) {
        const StoredRun &a = store.runs()[std::size_t(i)], &b = restored.runs()[std::size_t(i)];
        EXPECT_EQ(b.name, a.name);
        EXPECT_EQ(b.visible, a.visible);
        EXPECT_EQ(b.colorSlot, a.colorSlot);
        EXPECT_EQ(b.onGpu, a.onGpu);
        EXPECT_EQ(b.config.mode, a.config.mode);
        EXPECT_EQ(b.config.steps, a.config.steps);
        EXPECT_EQ(b.state.status, a.state.status);
        EXPECT_EQ(restored.runCsv(i), store.runCsv(i)) << a.name.toStdString();
    }
    EXPECT_EQ(restored.comparisonCsv(), store.comparisonCsv());

    // A run that cannot be read is left out with a sentence; the others come back.
    QJsonArray damaged = saved;
    QJsonObject bad = damaged[1].toObject();
    QJsonObject steps = bad.value(QStringLiteral("steps")).toObject();
    steps.insert(QStringLiteral("loss"), QJsonArray{1.0}); // shorter than the steps
    bad.insert(QStringLiteral("steps"), steps);
    damaged[1] = bad;
    QJsonObject unknown = damaged[0].toObject();
    QJsonObject config = unknown.value(QStringLiteral("config")).toObject();
    config.insert(QStringLiteral("mode"), QStringLiteral("fp12"));
    unknown.insert(QStringLiteral("config"), config);
    damaged.append(unknown);
    damaged.append(QStringLiteral("not a run"));
    RunStore partial;
    const QStringList problems = partial.addFromJson(damaged);
    ASSERT_EQ(problems.size(), 3) << problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(problems[0].contains(QStringLiteral("fp8, delayed"))) << problems[0].toStdString();
    EXPECT_TRUE(problems[0].contains(QStringLiteral("steps are missing or incomplete")));
    EXPECT_TRUE(problems[1].contains(QStringLiteral("not one FP Lab knows")));
    ASSERT_EQ(partial.rowCount(), 3);
    EXPECT_EQ(partial.runCsv(0), store.runCsv(0));
    EXPECT_EQ(partial.runCsv(1), store.runCsv(2));
    EXPECT_EQ(partial.runCsv(2), store.runCsv(3));
}

using testing::trainingOf;

// QTest::qWaitFor (one pass over the events, then a sleep), not testing::waitUntil (events processed
// throughout): CancelStopsTheQueue fails under the latter.
template <class Pred>
bool waitUntil(Pred done) {
    return QTest::qWaitFor(done, 60000);
}

bool idle(TrainingSection* s) { return !s->runControls()->controller()->isRunning(); }

TEST(CompareRunsGui, RunAllModesQueuesTheFourModesAndKeepsEach) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    ASSERT_TRUE(selectEnum(s->form()->modeCombo(), TrainingMode::Fp8Block));
    s->form()->stepsSpin()->setValue(30);
    s->form()->widthSpin()->setValue(16);
    ASSERT_TRUE(s->menuActions().contains(s->runAllModes()->action()));
    ASSERT_TRUE(s->runAllModes()->action()->isEnabled());
    s->runAllModes()->action()->trigger();
    EXPECT_TRUE(s->runAllModes()->active());
    EXPECT_EQ(s->runAllModes()->waiting(), 3); // the first runs, three wait
    EXPECT_FALSE(s->runAllModes()->action()->isEnabled());
    ASSERT_TRUE(waitUntil([&] { return !s->runAllModes()->active() && idle(s); }));
    RunStore* store = s->compareRuns()->store();
    ASSERT_EQ(store->rowCount(), 4);
    const auto modes = standardComparisonModes();
    for (int i = 0; i < 4; ++i) {
        const StoredRun& r = store->runs()[std::size_t(i)];
        EXPECT_EQ(r.config.mode, modes[std::size_t(i)]);
        EXPECT_EQ(r.config.steps, 30); // the form's other settings
        EXPECT_EQ(r.config.model.width, 16);
        EXPECT_EQ(r.steps.size(), 30u);
        const int item = s->form()->modeCombo()->findData(QVariant::fromValue(int(modes[std::size_t(i)])));
        EXPECT_EQ(r.name, s->form()->modeCombo()->itemText(item));
        EXPECT_EQ(s->compareRuns()->charts()->series(CompareChartsView::Loss, i)->count(), 30);
    }
    EXPECT_EQ(currentEnum(s->form()->modeCombo(), TrainingMode::Fp32), TrainingMode::Fp8Block); // the form's mode back
    EXPECT_TRUE(s->runAllModes()->action()->isEnabled());
    // Issue 26 item 5: the charts show the last mode's run and say so; the form's other mode is named as not run.
    const QString bf16 = s->form()->modeCombo()->itemText(
        s->form()->modeCombo()->findData(QVariant::fromValue(int(TrainingMode::Bf16))));
    const QString fp8 = s->form()->modeCombo()->currentText();
    EXPECT_TRUE(s->charts()->lossSeries()->chart()->title().contains(bf16))
        << s->charts()->lossSeries()->chart()->title().toStdString();
    EXPECT_TRUE(s->shownRunLabel()->isVisibleTo(s));
    EXPECT_TRUE(s->shownRunLabel()->text().contains(bf16)) << s->shownRunLabel()->text().toStdString();
    EXPECT_TRUE(s->shownRunLabel()->text().contains(QStringLiteral("not this run's (%1)").arg(fp8)))
        << s->shownRunLabel()->text().toStdString();
    // Set the form back to the shown run's mode: it matches again.
    ASSERT_TRUE(selectEnum(s->form()->modeCombo(), TrainingMode::Bf16));
    s->form()->masterWeightsCheck()->setChecked(store->runs().back().config.masterWeights);
    EXPECT_FALSE(s->shownRunLabel()->text().contains(QStringLiteral("not this run's")))
        << s->shownRunLabel()->text().toStdString();
    // Reset clears the kept runs (the settings stay).
    s->runControls()->resetAction()->trigger();
    EXPECT_EQ(store->rowCount(), 0);
    EXPECT_EQ(s->form()->stepsSpin()->value(), 30);
}

TEST(CompareRunsGui, CancelStopsTheQueue) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    s->form()->stepsSpin()->setValue(100000);
    s->form()->widthSpin()->setValue(16);
    ASSERT_TRUE(s->runAllModes()->start());
    // Paused at once, so that the first run cannot end on its own before Cancel (a start-up stall of the
    // GUI thread, e.g. the CUDA build asking for a GPU, once let all 100000 steps finish first).
    ASSERT_TRUE(s->runControls()->pauseAction()->isEnabled());
    s->runControls()->pauseAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return s->runControls()->phase() == RunPhase::Paused; }));
    s->runControls()->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !s->runAllModes()->active() && idle(s); }));
    QTest::qWait(50);
    EXPECT_TRUE(idle(s));
    // The cancelled FP32 run is kept if it made a step before the pause; nothing more ran.
    RunStore* store = s->compareRuns()->store();
    ASSERT_LE(store->rowCount(), 1);
    if (store->rowCount() == 1) {
        EXPECT_EQ(store->runs()[0].config.mode, TrainingMode::Fp32);
    }
}

TEST(CompareRunsGui, TheSectionsCsvExportIsTheClisByteForByte) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    TrainingConfig c;
    c.mode = TrainingMode::Bf16;
    c.steps = 20;
    c.seed = 11;
    c.model.width = 24;
    c.batchSize = 32;
    s->form()->setConfig(c);
    s->runControls()->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return idle(s) && s->compareRuns()->store()->rowCount() == 1; }));
    QTemporaryDir dir;
    const QString cli = dir.filePath(QStringLiteral("cli.csv")), gui = dir.filePath(QStringLiteral("gui.csv"));
    const cli::test::CliRun r = cli::test::runInProcess({"train", "--mode", "bf16", "--steps", "20", "--seed", "11",
                                                         "--width", "24", "--batch", "32", "--csv", cli.toStdString()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(s->compareRuns()->runList()->exportRun(0, gui), QString());
    const QByteArray expected = readAll(cli);
    ASSERT_EQ(expected.count('\n'), 21);
    EXPECT_EQ(readAll(gui), expected);
}

TEST(CompareRunsGui, AGpuRunIsASecondSeries) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    // The run data as the controller leaves it after a GPU run (the GPU's records stood in for here).
    const StoredRun cpu = finishedRun(small(TrainingMode::Bf16, 6), QString());
    TrainingRun info(cpu.config);
    TrainingRunData data;
    data.begin(setupOf(info, true));
    TrainingUpdate u;
    u.steps = cpu.steps;
    u.gpuSteps = cpu.steps;
    u.state = cpu.state;
    u.gpuState = cpu.state;
    u.ended = true;
    data.apply(std::move(u));
    s->compareRuns()->showRun(data);
    s->compareRuns()->showRun(data); // once per run
    RunStore* store = s->compareRuns()->store();
    ASSERT_EQ(store->rowCount(), 2);
    EXPECT_EQ(store->runs()[0].name, QStringLiteral("BF16 (CPU)"));
    EXPECT_EQ(store->runs()[1].name, QStringLiteral("BF16 (GPU)"));
    EXPECT_TRUE(store->runs()[1].onGpu);
    EXPECT_FALSE(store->runs()[1].columns.stats);
    EXPECT_EQ(s->compareRuns()->charts()->series(CompareChartsView::Underflow, 1)->count(), 0); // the GPU measures none
    EXPECT_EQ(s->compareRuns()->charts()->series(CompareChartsView::Loss, 1)->count(), 6);
    // Its CSV stops before the gradient statistics, as `fplab-cli train --backend gpu --csv` does.
    EXPECT_EQ(store->runCsv(1).substr(0, store->runCsv(1).find('\n')),
              "step,loss,accuracy,scale,scale_after,growth_tracker,skipped,nonfinite_grad,grad_norm,clipped");
}

TEST(CompareRunsGui, TheMemoryTabShowsTheFormsSettingsInEachMode) {
    testing::GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    s->form()->widthSpin()->setValue(16);
    s->compareRuns()->views()->setCurrentWidget(s->compareRuns()->memory());
    const std::vector<ModeMemory> expected = memoryByMode(s->form()->config(), standardComparisonModes());
    ASSERT_EQ(s->compareRuns()->memory()->barNames().size(), 4);
    EXPECT_EQ(s->compareRuns()->memory()->barNames()[0], QStringLiteral("FP32"));
    for (int m = 0; m < 4; ++m)
        EXPECT_EQ(s->compareRuns()->memory()->barSet(MemoryByModeView::Activations)->at(m),
                  double(expected[std::size_t(m)].bytes.activations));
}

} // namespace
} // namespace fplab::gui
