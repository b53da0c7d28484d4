// The Training section's comparison of runs, offscreen: four modes overlaid, one hidden (its series
// hidden, the others shown), renamed and removed, at most eight kept, long runs decimated, the
// update-ratio and memory views, and a run's CSV byte for byte as `fplab-cli train --csv` writes it.
#include "tests/cli/cli_run.h"
#include "tests/gui/gui_fixture.h"

#include "app/gui/common/series_decimation.h"
#include "app/gui/training/compare_charts_view.h"
#include "app/gui/training/compare_runs_tab.h"
#include "app/gui/training/memory_by_mode_view.h"
#include "app/gui/training/run_list_view.h"
#include "app/gui/training/run_store.h"
#include "app/gui/training/update_ratio_view.h"
#include "core/training/mode_memory.h"

#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QLineSeries>
#include <QListView>
#include <QPushButton>
#include <QTemporaryDir>

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
    for (TrainingMode m : standardComparisonModes())
        store.add(finishedRun(small(m), QString::fromLatin1(modeName(m))));
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
    QList<QPointF> points;
    for (int i = 0; i < 100000; ++i) points.push_back({double(i + 1), i == 77777 ? 1e6 : (i == 33333 ? -5.0 : 1.0)});
    const QList<QPointF> few = decimateMinMax(points, 500);
    EXPECT_LE(few.size(), 1000);
    EXPECT_GE(few.size(), 500);
    EXPECT_TRUE(std::is_sorted(few.begin(), few.end(), [](QPointF a, QPointF b) { return a.x() < b.x(); }));
    EXPECT_TRUE(few.contains(QPointF(77778, 1e6)));  // the spike
    EXPECT_TRUE(few.contains(QPointF(33334, -5.0))); // and the dip survive
    EXPECT_EQ(decimateMinMax(points.mid(0, 900), 500).size(), 900); // few enough: all of them

    RunStore store;
    CompareChartsView charts(&store);
    store.add(finishedRun(small(TrainingMode::Fp32, 3000), QStringLiteral("long")));
    EXPECT_LE(charts.series(CompareChartsView::Loss, 0)->count(), 2 * CompareChartsView::kBuckets);
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
    view.setMemory(memory, {QStringLiteral("FP32"), QStringLiteral("FP16"), QStringLiteral("FP16 + scaler"),
                            QStringLiteral("BF16")});
    ASSERT_EQ(view.categories().size(), 4);
    for (int m = 0; m < 4; ++m) {
        const MemoryReport& b = memory[std::size_t(m)].bytes;
        EXPECT_EQ(view.barSet(MemoryByModeView::Weights)->at(m), double(b.weights));
        EXPECT_EQ(view.barSet(MemoryByModeView::Master)->at(m), double(b.master));
        EXPECT_EQ(view.barSet(MemoryByModeView::Gradients)->at(m), double(b.gradients));
        EXPECT_EQ(view.barSet(MemoryByModeView::Optimizer)->at(m), double(b.optimizer));
        EXPECT_EQ(view.barSet(MemoryByModeView::Activations)->at(m), double(b.activations));
    }
    EXPECT_EQ(view.barSet(MemoryByModeView::Master)->at(0), 0.0); // FP32 has no master copy
}

TEST(CompareRunsGui, AKeptRunsCsvIsTheClisByteForByte) {
    QTemporaryDir dir;
    const QString cli = dir.filePath(QStringLiteral("cli.csv")), gui = dir.filePath(QStringLiteral("gui.csv"));
    const cli::test::CliRun r = cli::test::runInProcess(
        {"train", "--mode", "fp16-dynamic", "--steps", "25", "--width", "16", "--seed", "7", "--csv", cli.toStdString()});
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
    EXPECT_TRUE(list.exportComparison(dir.filePath(QStringLiteral("no/such/dir/x.csv"))).startsWith(QStringLiteral("Cannot write")));
}

TEST(CompareRunsGui, TheTabKeepsARunAndItsGpuTwin) {
    CompareRunsTab tab;
    const StoredRun cpu = finishedRun(small(TrainingMode::Bf16, 6), QString());
    tab.beginRun(QStringLiteral("BF16"), cpu.config, cpu.columns, true);
    tab.addSteps({cpu.steps.begin(), cpu.steps.begin() + 3}, {cpu.steps.begin(), cpu.steps.begin() + 2});
    tab.addSteps({cpu.steps.begin() + 3, cpu.steps.end()}, {cpu.steps.begin() + 2, cpu.steps.end()});
    tab.endRun(cpu.state, cpu.state);
    ASSERT_EQ(tab.store()->rowCount(), 2);
    EXPECT_EQ(tab.store()->runs()[0].name, QStringLiteral("BF16 (CPU)"));
    EXPECT_EQ(tab.store()->runs()[1].name, QStringLiteral("BF16 (GPU)"));
    EXPECT_EQ(tab.store()->runs()[1].steps.size(), 6u);
    EXPECT_FALSE(tab.store()->runs()[1].columns.stats);
    EXPECT_EQ(tab.charts()->series(CompareChartsView::Underflow, 1)->count(), 0); // the GPU measures none
    EXPECT_EQ(tab.charts()->series(CompareChartsView::Loss, 1)->count(), 6);
    // A run that made no step is not kept.
    tab.beginRun(QStringLiteral("FP32"), cpu.config, cpu.columns, false);
    tab.endRun(RunState{}, std::nullopt);
    EXPECT_EQ(tab.store()->rowCount(), 2);
}

} // namespace
} // namespace fplab::gui
