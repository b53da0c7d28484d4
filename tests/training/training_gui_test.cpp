// The Training section on the offscreen platform: a run on the worker thread reaching the
// charts, pause / single step / cancel, a diverged run's explanation, the gradient histogram of
// an FP16 run without scaling, the dtype and memory tables (QAbstractItemModelTester), settings
// kept across a restart, the GPU backend's choice without a GPU and the CPU-vs-GPU table.
#include "tests/gui/gui_fixture.h"
#include "tests/training/training_gui_support.h"

#include "app/gui/training/comparison_table_model.h"
#include "app/gui/training/decision_boundary_view.h"
#include "app/gui/training/fp8_charts_view.h"
#include "app/gui/training/gradient_histogram_view.h"
#include "app/gui/training/memory_table_model.h"
#include "app/gui/training/run_charts_view.h"
#include "app/gui/training/trace_table_model.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_section.h"
#include "core/training/lockstep_comparison.h"
#include "app/gui/training/comparison_view.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/tensors_view.h"
#include "app/gui/training/training_form.h"
#include "app/gui/common/chart_export.h"
#include "app/gui/common/chart_style.h"
#include "app/gui/common/enum_combo.h"
#include "app/gui/shell/theme.h"
#include "app/gui/common/series_decimator.h"
#include "app/gui/training/training_settings.h"
#include "gpu/training/gpu_step_kernels.h"
#include "tests/training/stopping_kernels.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QToolButton>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLogValueAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLoggingCategory>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <QXYSeries>

#include <cmath>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using namespace fplab::training;

using testing::trainingOf;
using testing::waitUntil;

template <class E>
void choose(QComboBox* combo, E value) {
    ASSERT_TRUE(selectEnum(combo, value));
}

// The combo's current enum (an empty combo has none: -1 is no enumerator).
template <class E>
E current(const QComboBox* combo) {
    return enumAt<E>(combo, combo->currentIndex());
}

int stepsShown(const TrainingSection* s) { return int(s->runControls()->run().steps.size()); }

TEST(TrainingGui, ARunOnTheWorkerThreadReachesEveryView) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    choose(s->form()->modeCombo(), TrainingMode::Fp16Dynamic);
    s->form()->stepsSpin()->setValue(60);
    s->runControls()->startAction()->trigger();
    EXPECT_FALSE(s->runControls()->startAction()->isEnabled());
    EXPECT_FALSE(s->form()->modeCombo()->isEnabled()); // the settings are fixed while it runs
    ASSERT_TRUE(waitUntil([&] { return !s->runControls()->controller()->isRunning() && stepsShown(s) == 60; }));
    EXPECT_EQ(s->charts()->lossSeries()->count(), 60);
    EXPECT_EQ(s->charts()->scaleSeries()->count(), 60);
    EXPECT_EQ(s->charts()->scaleSeries()->at(0).y(), 65536.0);
    EXPECT_TRUE(s->runControls()->statusLabel()->text().startsWith(QStringLiteral("Finished. Step 60 of 60.")))
        << s->runControls()->statusLabel()->text().toStdString();
    EXPECT_TRUE(s->runControls()->summaryLabel()->text().contains(QStringLiteral("All data: loss")))
        << s->runControls()->summaryLabel()->text().toStdString();
    EXPECT_TRUE(s->histogram()->hasData());
    EXPECT_EQ(s->boundary()->grid().classes.size(),
              std::size_t(TrainingController::kGridSize * TrainingController::kGridSize));
    EXPECT_TRUE(s->runControls()->startAction()->isEnabled());
    EXPECT_TRUE(s->form()->modeCombo()->isEnabled());
}

TEST(TrainingGui, PauseSingleStepAndCancel) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    choose(s->form()->modeCombo(), TrainingMode::Bf16);
    s->form()->stepsSpin()->setValue(100000);
    s->runControls()->stepAction()->trigger(); // starts paused and does one step
    ASSERT_TRUE(waitUntil([&] { return stepsShown(s) == 1 && s->runControls()->phase() == RunPhase::Paused; }));
    s->runControls()->stepAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return stepsShown(s) == 2 && s->runControls()->phase() == RunPhase::Paused; }));
    QTest::qWait(200);
    EXPECT_EQ(stepsShown(s), 2); // paused: nothing more
    EXPECT_TRUE(s->runControls()->controller()->isPaused());
    EXPECT_EQ(s->runControls()->pauseAction()->text(), QStringLiteral("Resume"));
    EXPECT_TRUE(s->runControls()->statusLabel()->text().startsWith(QStringLiteral("Paused. Step 2 of 100000.")))
        << s->runControls()->statusLabel()->text().toStdString();
    s->runControls()->pauseAction()->trigger(); // resume
    ASSERT_TRUE(waitUntil([&] { return stepsShown(s) > 20; }));
    s->runControls()->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !s->runControls()->controller()->isRunning(); }));
    EXPECT_TRUE(s->runControls()->statusLabel()->text().startsWith(QStringLiteral("Cancelled.")))
        << s->runControls()->statusLabel()->text().toStdString();
    EXPECT_LT(stepsShown(s), 100000);
}

TEST(TrainingGui, ADivergedRunIsExplained) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Static;
    c.staticScale = 0x1p30f;
    c.steps = 10;
    s->runControls()->showCompletedRun(c);
    const std::string status = s->runControls()->statusLabel()->text().toStdString();
    EXPECT_NE(status.find("Diverged."), std::string::npos) << status;
    EXPECT_NE(status.find("only the dynamic scaler checks the gradients"), std::string::npos) << status;
    EXPECT_EQ(stepsShown(s), 2);
    EXPECT_EQ(s->charts()->lossSeries()->count(), 1); // the NaN loss is not drawn
}

TEST(TrainingGui, TheHistogramShowsFp16Underflow) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    TrainingConfig c;
    c.mode = TrainingMode::Fp16;
    c.dataset = DatasetKind::TinyGrad;
    c.steps = 3;
    s->runControls()->showCompletedRun(c);
    ASSERT_TRUE(s->histogram()->hasData());
    EXPECT_LE(s->histogram()->firstExponent(), -26); // the gradients sit left of FP16's subnormals
    EXPECT_TRUE(s->runControls()->summaryLabel()->text().contains(
        QStringLiteral("Nonzero gradients rounded to zero in FP16: 100.0%")))
        << s->runControls()->summaryLabel()->text().toStdString();
    s->histogram()->resize(640, 360);
    QImage image(s->histogram()->size(), QImage::Format_ARGB32);
    s->histogram()->render(&image); // paints without trouble
}

TEST(TrainingGui, Fp8RunOnTheWorkerThreadFillsTheFp8ChartsWithABf16Reference) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    choose(s->form()->modeCombo(), TrainingMode::Fp8Current);
    s->form()->stepsSpin()->setValue(40);
    s->runControls()->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !s->runControls()->controller()->isRunning() && stepsShown(s) == 40; }));
    Fp8ChartsView* f = s->fp8Charts();
    ASSERT_EQ(f->scaleSeries().size(), 6u); // fc1/fc2 x input, weight, grad_output
    EXPECT_EQ(f->scaleSeries()[0]->name(), QStringLiteral("fc1.input"));
    EXPECT_EQ(f->scaleSeries()[0]->count(), 40);
    EXPECT_EQ(f->lossSeries()->count(), 40);
    EXPECT_EQ(f->bf16LossSeries()->count(), 40);
}

// Issue 26 item 6: the first FP8 run started while the FP8 tab was still disabled, and its charts kept the
// disabled grey (both themes); an exported per-tensor chart had no key (the tensor key is a label beside it).
TEST(TrainingGui, TheFirstFp8RunIsDrawnEnabledAndItsExportsCarryTheTensorKey) {
    for (ThemeMode theme : {ThemeMode::Light, ThemeMode::Dark}) {
        GuiHarness h;
        h.theme().apply(theme);
        TrainingSection* s = trainingOf(h);
        ASSERT_NE(s, nullptr);
        ASSERT_FALSE(s->tabs()->isTabEnabled(s->tabs()->indexOf(s->fp8Charts())));
        TrainingConfig c;
        c.mode = TrainingMode::Fp8Delayed;
        c.steps = 5;
        s->runControls()->showCompletedRun(c);
        s->tabs()->setCurrentWidget(s->fp8Charts());
        QApplication::processEvents();
        Fp8ChartsView* f = s->fp8Charts();
        ASSERT_TRUE(f->isEnabled());
        const QColor text = f->palette().color(QPalette::Active, QPalette::WindowText);
        ASSERT_NE(text, f->palette().color(QPalette::Disabled, QPalette::WindowText));
        for (QChartView* v : f->chartViews())
            EXPECT_EQ(v->chart()->titleBrush().color(), text) << v->chart()->title().toStdString();

        QChartView* amax = f->chartViews()[0];
        ASSERT_FALSE(amax->chart()->legend()->isVisible()); // the key beside the charts stands for it on screen
        const QString svg = QString::fromUtf8(chartImage(*amax, ChartImageFormat::Svg)); // the first export, too
        // Each name whole, on lines of its own where the legend beside a small chart is too narrow for it.
        QStringList keyed;
        for (QLegendMarker* marker : amax->chart()->legend()->markers()) {
            for (const QString& line : marker->label().split(QStringLiteral("<br>")))
                EXPECT_TRUE(svg.contains(line)) << marker->label().toStdString();
            keyed << marker->label().remove(QStringLiteral("<br>"));
        }
        for (const QLineSeries* series : f->scaleSeries())
            EXPECT_TRUE(keyed.contains(series->name())) << series->name().toStdString();
        EXPECT_FALSE(amax->chart()->legend()->isVisible());
    }
}

TEST(TrainingGui, TheFp8ControlsReachTheRun) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    choose(s->form()->modeCombo(), TrainingMode::Fp8Current);
    EXPECT_FALSE(s->form()->amaxHistorySpin()->isEnabled()); // delayed scaling only
    choose(s->form()->modeCombo(), TrainingMode::Fp8Delayed);
    EXPECT_TRUE(s->form()->amaxHistorySpin()->isEnabled());
    EXPECT_EQ(s->form()->amaxHistorySpin()->value(), 1024);
    choose(s->form()->amaxAlgoCombo(), AmaxAlgo::Max);
    s->form()->outlierStepSpin()->setValue(20);
    s->form()->stepsSpin()->setValue(60);
    s->runControls()->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !s->runControls()->controller()->isRunning() && stepsShown(s) == 60; }));
    EXPECT_EQ(s->runControls()->controller()->setup().config.outlierStep, 20);
    const QLineSeries* flushed = s->fp8Charts()->flushedSeries().at(0);
    ASSERT_EQ(flushed->count(), 60);
    EXPECT_GT(flushed->at(40).y(), 0.3); // the 1024-step max history still holds the outlier
    // Values below half the smallest FP8 step round to zero; "flushed" is the FTZ mode lesson 9 teaches.
    EXPECT_EQ(flushed->chart()->title(), QStringLiteral("Fraction of nonzero values rounded to zero"));
    EXPECT_GT(s->fp8Charts()->saturatedSeries().at(0)->at(19).y(), 0.0);
}

TEST(TrainingGui, Fp8ChartsShowTheOutlierAndThinLongRuns) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    TrainingConfig c;
    c.mode = TrainingMode::Fp8Delayed;
    c.steps = 1200;
    c.outlierStep = 100;
    s->runControls()->showCompletedRun(c);
    Fp8ChartsView* f = s->fp8Charts();
    ASSERT_EQ(f->saturatedSeries().size(), 6u);
    // 1200 steps thinned to every third: at most kMaxPoints points.
    EXPECT_LE(f->flushedSeries()[0]->count(), Fp8ChartsView::kMaxPoints);
    EXPECT_GE(f->flushedSeries()[0]->count(), Fp8ChartsView::kMaxPoints / 2);
    double flushedLate = 0;
    for (const QPointF& p : f->flushedSeries()[0]->points())
        if (p.x() > 150) flushedLate = std::max(flushedLate, p.y());
    EXPECT_GT(flushedLate, 0.3); // the stale delayed scale flushes fc1's inputs
    EXPECT_EQ(f->bf16LossSeries()->count(), f->lossSeries()->count());
}

TEST(TrainingGui, SkippedStepsAreMarkedOnTheScaleChart) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.scaler.initScale = 0x1p30f;
    c.steps = 20;
    s->runControls()->showCompletedRun(c);
    EXPECT_GE(s->charts()->skippedSeries()->count(), 10);
    EXPECT_EQ(s->charts()->skippedSeries()->at(0).y(), double(0x1p30f));
}

TEST(TrainingGui, TheTablesPassTheModelTester) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    QAbstractItemModelTester traceTester(s->tensors()->traceModel(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester memoryTester(s->tensors()->memoryModel(),
                                          QAbstractItemModelTester::FailureReportingMode::Fatal);
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.model.depth = 1;
    c.steps = 2;
    s->runControls()->showCompletedRun(c);
    const TraceTableModel* m = s->tensors()->traceModel();
    bool sawAfterFc1 = false;
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, TraceTableModel::TensorColumn).data().toString() == QStringLiteral("after fc1")) {
            sawAfterFc1 = true;
            EXPECT_EQ(m->index(r, TraceTableModel::DtypeColumn).data().toString(), QStringLiteral("float16"));
        }
    EXPECT_TRUE(sawAfterFc1);
    const MemoryReport& mem = s->tensors()->memoryModel()->report();
    EXPECT_EQ(mem.master, 4 * mem.parameters);
    EXPECT_FALSE(s->tensors()
                     ->memoryModel()
                     ->index(MemoryTableModel::TotalRow, MemoryTableModel::BytesColumn)
                     .data()
                     .toString()
                     .isEmpty());
    c.mode = TrainingMode::Fp32;
    s->runControls()->showCompletedRun(c);
    EXPECT_EQ(s->tensors()->memoryModel()->report().master, 0);
}

TEST(TrainingGui, TensorNamesFollowTheInterfaceLanguage) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.model.depth = 1;
    c.steps = 2;
    s->runControls()->showCompletedRun(c);
    const auto hasRow = [&](const QString& name) {
        const TraceTableModel* m = s->tensors()->traceModel();
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, TraceTableModel::TensorColumn).data().toString() == name) return true;
        return false;
    };
    // As the View menu does it: the setting first, then the translators.
    h.settings().language.set(QStringLiteral("zh_CN"));
    ASSERT_TRUE(h.language().setLanguage(QStringLiteral("zh_CN")));
    EXPECT_TRUE(hasRow(QStringLiteral("fc1 之后")));
    EXPECT_FALSE(hasRow(QStringLiteral("after fc1")));
    h.settings().language.set(QStringLiteral("en"));
    ASSERT_TRUE(h.language().setLanguage(QStringLiteral("en")));
    EXPECT_TRUE(hasRow(QStringLiteral("after fc1")));
}

TEST(TrainingGui, MasterWeightsOnlyForSixteenBitModesAndSettingsSurviveARestart) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    choose(s->form()->modeCombo(), TrainingMode::Fp32);
    EXPECT_FALSE(s->form()->masterWeightsCheck()->isEnabled());
    choose(s->form()->modeCombo(), TrainingMode::Bf16);
    EXPECT_TRUE(s->form()->masterWeightsCheck()->isEnabled());
    choose(s->form()->datasetCombo(), DatasetKind::TinyGrad);
    s->form()->stepsSpin()->setValue(123);
    h.restart();
    s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(current<TrainingMode>(s->form()->modeCombo()), TrainingMode::Bf16);
    EXPECT_EQ(current<DatasetKind>(s->form()->datasetCombo()), DatasetKind::TinyGrad);
    EXPECT_EQ(s->form()->stepsSpin()->value(), 123);
    const TrainingConfig c = s->form()->config();
    EXPECT_EQ(c.mode, TrainingMode::Bf16);
    EXPECT_EQ(c.steps, 123);
}

TEST(TrainingGui, TheFp8MarginReachesTheRunAndFp8SettingsSurviveARestart) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    choose(s->form()->modeCombo(), TrainingMode::Fp8Block);
    EXPECT_FALSE(s->form()->marginSpin()->isEnabled()); // per-tensor recipes only
    choose(s->form()->modeCombo(), TrainingMode::Fp8Current);
    EXPECT_TRUE(s->form()->marginSpin()->isEnabled());
    choose(s->form()->modeCombo(), TrainingMode::Fp8Delayed);
    EXPECT_TRUE(s->form()->marginSpin()->isEnabled());
    EXPECT_EQ(s->form()->marginSpin()->value(), 0);
    s->form()->marginSpin()->setValue(3);
    s->form()->amaxHistorySpin()->setValue(16);
    choose(s->form()->amaxAlgoCombo(), AmaxAlgo::MostRecent);
    s->form()->outlierStepSpin()->setValue(7);
    s->form()->stepsSpin()->setValue(5);
    s->runControls()->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !s->runControls()->controller()->isRunning() && stepsShown(s) == 5; }));
    const TrainingConfig& run = s->runControls()->controller()->setup().config;
    EXPECT_EQ(run.fp8.margin, 3);
    EXPECT_EQ(run.fp8.amaxHistory, 16);
    EXPECT_EQ(run.fp8.algo, AmaxAlgo::MostRecent);
    EXPECT_EQ(run.outlierStep, 7);
    h.restart();
    s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(current<TrainingMode>(s->form()->modeCombo()), TrainingMode::Fp8Delayed);
    EXPECT_EQ(s->form()->marginSpin()->value(), 3);
    EXPECT_EQ(s->form()->amaxHistorySpin()->value(), 16);
    EXPECT_EQ(current<AmaxAlgo>(s->form()->amaxAlgoCombo()), AmaxAlgo::MostRecent);
    EXPECT_EQ(s->form()->outlierStepSpin()->value(), 7);
    const TrainingConfig c = s->form()->config();
    EXPECT_EQ(c.mode, TrainingMode::Fp8Delayed);
    EXPECT_EQ(c.fp8.margin, 3);
    EXPECT_EQ(c.fp8.amaxHistory, 16);
}

// Corrupt FP8 values in the settings file fall back to the defaults, each with a note.
TEST(TrainingGui, CorruptFp8SettingsFallBackWithANote) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.ini"));
    {
        SettingsStore store(path);
        store.settings().setValue(QStringLiteral("training/fp8Margin"), 99);
        store.settings().setValue(QStringLiteral("training/fp8AmaxHistory"), QStringLiteral("lots"));
        store.settings().setValue(QStringLiteral("training/fp8AmaxAlgo"), QStringLiteral("median"));
        store.settings().setValue(QStringLiteral("training/mode"), QStringLiteral("fp8-current"));
        store.sync();
    }
    SettingsStore store(path);
    const TrainingSettings settings(store);
    EXPECT_EQ(settings.fp8Margin.get(), 0);
    EXPECT_EQ(settings.fp8AmaxHistory.get(), 1024);
    EXPECT_EQ(settings.fp8AmaxAlgo.get(), AmaxAlgo::Max);
    EXPECT_EQ(settings.mode.get(), TrainingMode::Fp8Current); // a valid FP8 mode is kept
    EXPECT_EQ(store.problems().size(), 3) << store.problems().join(QStringLiteral("; ")).toStdString();
}

TEST(TrainingGui, WithoutAGpuTheGpuBackendIsDisabledWithTheReason) {
    const std::string why = gpu::gpuTrainingUnavailableReason();
    if (why.empty()) GTEST_SKIP() << "a GPU is usable here";
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    EXPECT_FALSE(s->form()->backendCombo()->isEnabled());
    EXPECT_EQ(current<gpu::TrainingBackend>(s->form()->backendCombo()), gpu::TrainingBackend::Cpu);
    EXPECT_TRUE(s->form()->backendCombo()->toolTip().contains(QString::fromStdString(why)))
        << s->form()->backendCombo()->toolTip().toStdString();
    EXPECT_TRUE(s->comparison()->note()->text().contains(QStringLiteral("not available")));
    // A GPU choice made anyway is neither used nor kept.
    choose(s->form()->backendCombo(), gpu::TrainingBackend::Gpu);
    s->saveState();
    h.restart();
    s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(current<gpu::TrainingBackend>(s->form()->backendCombo()), gpu::TrainingBackend::Cpu);
}

TEST(TrainingGui, TheComparisonTableShowsEveryStepAndTintsDifferences) {
    ComparisonTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    TrainingConfig c;
    c.steps = 3;
    TrainingRun a(c);
    std::vector<StepComparison> rows;
    while (const StepRecord* r = a.step()) {
        const StepSnapshot snap{*r, flattenWeights(a.model().parameters())};
        StepSnapshot other = snap;
        if (r->step == 2) other.record.loss *= 1.01f; // planted
        rows.push_back(compareStep(snap, other, toleranceFor(c.mode)));
    }
    model.append(rows);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.index(0, ComparisonTableModel::VerdictColumn).data().toString(),
              QStringLiteral("within tolerance"));
    EXPECT_EQ(model.index(1, ComparisonTableModel::VerdictColumn).data().toString(), QStringLiteral("differs"));
    EXPECT_TRUE(model.index(1, ComparisonTableModel::LossDifferenceColumn).data(Qt::ForegroundRole).isValid());
    EXPECT_FALSE(model.index(0, ComparisonTableModel::LossDifferenceColumn).data(Qt::ForegroundRole).isValid());
    EXPECT_EQ(model.index(2, ComparisonTableModel::StepColumn).data().toInt(), 3);
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
}

} // namespace
} // namespace fplab::gui

namespace fplab::gui {
namespace {

// Start, Pause (Resume), Step, Cancel, Reset: which are enabled, written out per state.
std::string enabledSet(const RunControls* c) {
    std::string out;
    for (QAction* a : c->actions())
        if (a->isEnabled()) out += (out.empty() ? "" : " ") + a->text().toStdString();
    return out;
}

TEST(TrainingGui, EveryStateEnablesExactlyTheActionsThatMakeSense) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    RunControls* c = s->runControls();
    EXPECT_EQ(c->phase(), RunPhase::Empty);
    EXPECT_EQ(enabledSet(c), "Start Step");
    // The Training menu holds the same actions (and Run all modes), each with its shortcut shown.
    ASSERT_EQ(s->menuActions().size(), 6);
    for (QAction* a : s->menuActions()) {
        EXPECT_FALSE(a->shortcut().isEmpty()) << a->text().toStdString();
        EXPECT_TRUE(a->isShortcutVisibleInContextMenu()) << a->text().toStdString();
    }

    choose(s->form()->modeCombo(), TrainingMode::Bf16);
    s->form()->stepsSpin()->setValue(100000);
    c->stepAction()->trigger(); // Empty -> Pausing -> Paused after one step
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Paused; }));
    EXPECT_EQ(enabledSet(c), "Resume Step Cancel");
    EXPECT_FALSE(s->form()->modeCombo()->isEnabled());

    c->pauseAction()->trigger(); // Resume: Paused -> Running
    EXPECT_EQ(c->phase(), RunPhase::Running);
    EXPECT_EQ(enabledSet(c), "Pause Cancel");

    c->pauseAction()->trigger(); // Running -> Pausing -> Paused
    EXPECT_EQ(c->phase(), RunPhase::Pausing);
    EXPECT_EQ(enabledSet(c), "Cancel");
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Paused; }));
    EXPECT_EQ(enabledSet(c), "Resume Step Cancel");

    c->cancelAction()->trigger(); // Paused -> Stopping -> Ended
    EXPECT_EQ(c->phase(), RunPhase::Stopping);
    EXPECT_EQ(enabledSet(c), "");
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }));
    EXPECT_EQ(enabledSet(c), "Start Step Reset");
    EXPECT_TRUE(s->form()->modeCombo()->isEnabled());
    EXPECT_GT(s->charts()->scaleSeries()->count(), 0);

    c->resetAction()->trigger(); // Ended -> Empty: runs and charts cleared, settings kept
    EXPECT_EQ(c->phase(), RunPhase::Empty);
    EXPECT_EQ(enabledSet(c), "Start Step");
    EXPECT_EQ(s->charts()->scaleSeries()->count(), 0);
    EXPECT_EQ(s->charts()->lossSeries()->count(), 0);
    EXPECT_FALSE(s->histogram()->hasData());
    EXPECT_TRUE(c->run().steps.empty());
    EXPECT_EQ(s->form()->stepsSpin()->value(), 100000);
    EXPECT_EQ(current<TrainingMode>(s->form()->modeCombo()), TrainingMode::Bf16);
    EXPECT_TRUE(c->statusLabel()->text().startsWith(QStringLiteral("Choose the settings")))
        << c->statusLabel()->text().toStdString();

    // Start from Empty runs to the end on its own: Running -> Ended.
    s->form()->stepsSpin()->setValue(30);
    c->startAction()->trigger();
    EXPECT_EQ(enabledSet(c), "Pause Cancel");
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }));
    EXPECT_EQ(enabledSet(c), "Start Step Reset");
}

// Issue 26 item 3: F6 used to hand the focus from the disabled Pause button to Cancel, and the next Space
// cancelled the run; a run that has worked a while asks before it is cancelled.
TEST(TrainingGui, PauseNeverLeavesTheFocusOnCancelAndALongRunAsksBeforeCancelling) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    h.window().activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&h.window()));
    RunControls* c = s->runControls();
    int asked = 0;
    bool answer = false;
    c->setCancelConfirmer(
        [&](int) {
            ++asked;
            return answer;
        },
        0);
    choose(s->form()->modeCombo(), TrainingMode::Bf16);
    s->form()->stepsSpin()->setValue(100000);
    QToolButton* pauseButton = c->buttons()[1];
    QToolButton* cancelButton = c->buttons()[3];
    c->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return stepsShown(s) > 2; }));
    pauseButton->setFocus(Qt::TabFocusReason);
    ASSERT_EQ(QApplication::focusWidget(), pauseButton);
    QTest::keyClick(&h.window(), Qt::Key_F6);
    EXPECT_NE(QApplication::focusWidget(), cancelButton);
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Paused; }));
    EXPECT_NE(QApplication::focusWidget(), cancelButton);
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &h.window(), Qt::Key_Space);
    QTest::qWait(50);
    EXPECT_TRUE(c->controller()->isRunning());
    EXPECT_FALSE(c->controller()->isCancelling());

    // Cancel asks; "Keep running" keeps it, then a yes cancels.
    c->cancelAction()->trigger();
    EXPECT_EQ(asked, 1);
    EXPECT_FALSE(c->controller()->isCancelling());
    EXPECT_EQ(c->phase(), RunPhase::Paused);
    answer = true;
    c->cancelAction()->trigger();
    EXPECT_EQ(asked, 2);
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }));
    EXPECT_EQ(c->run().state.status, RunStatus::Cancelled);

    // A run younger than the threshold is cancelled without a question.
    c->setCancelConfirmer(
        [&](int) {
            ++asked;
            return false;
        },
        600000);
    c->startAction()->trigger();
    c->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }));
    EXPECT_EQ(asked, 2);
    EXPECT_EQ(c->run().state.status, RunStatus::Cancelled);
}

// Issue 26 item 10: a running run shows its pace and the time left; Cancel ends a large run without the
// evaluation on all data and the last boundary grid, which took seconds (9.4 s at width 512, depth 8).
TEST(TrainingGui, ALargeRunShowsItsRateAndCancelSkipsTheFinalEvaluation) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    RunControls* c = s->runControls();
    choose(s->form()->modeCombo(), TrainingMode::Bf16);
    s->form()->stepsSpin()->setValue(100000);
    c->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->stepsPerSecond() > 0 && stepsShown(s) > 0; }));
    const std::string status = c->statusLabel()->text().toStdString();
    EXPECT_NE(status.find(" steps/s, about "), std::string::npos) << status;
    EXPECT_NE(status.find(" left."), std::string::npos) << status;
    // The step axis spans the steps done, not the 100,000 to come.
    EXPECT_GE(s->charts()->stepAxis()->max(), double(stepsShown(s)));
    EXPECT_LT(s->charts()->stepAxis()->max(), 100000.0);
    c->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }));
    EXPECT_EQ(c->statusLabel()->text().indexOf(QStringLiteral("steps/s")), -1); // only while it runs

    // The largest model the form offers: what the worker does after Cancel is the step it is in, nothing more.
    s->form()->widthSpin()->setValue(s->form()->widthSpin()->maximum());
    s->form()->depthSpin()->setValue(s->form()->depthSpin()->maximum());
    c->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->run().gridSerial > 0; })); // the untrained boundary
    const int grids = c->run().gridSerial;
    c->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }, 120000));
    EXPECT_EQ(c->run().state.status, RunStatus::Cancelled);
    EXPECT_FALSE(c->run().evaluation.has_value());
    EXPECT_EQ(c->run().gridSerial, grids);
    EXPECT_LE(c->run().state.stepsDone, 2);
}

// Issue 26 item 10: the FP8 tab's step axes span the steps done, like the loss charts, not the 100,000 to come.
TEST(TrainingGui, TheFp8TabsStepAxesFitTheStepsDone) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    RunControls* c = s->runControls();
    c->setCancelConfirmer([](int) { return true; }, 0);
    choose(s->form()->modeCombo(), TrainingMode::Fp8Delayed);
    s->form()->widthSpin()->setValue(8);
    s->form()->stepsSpin()->setValue(100000);
    c->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return stepsShown(s) > 2; }));
    c->pauseAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Paused; }));
    s->tabs()->setCurrentWidget(s->fp8Charts());
    QApplication::processEvents();
    for (QChartView* view : s->fp8Charts()->chartViews()) {
        auto* x = qobject_cast<QValueAxis*>(view->chart()->axes(Qt::Horizontal).value(0));
        ASSERT_NE(x, nullptr);
        EXPECT_GE(x->max(), double(stepsShown(s))) << view->chart()->title().toStdString();
        EXPECT_LT(x->max(), 100000.0) << view->chart()->title().toStdString();
    }
    // The scale chart's log axis is labelled 2^k (issue 26 item 15), not "1.53e-05".
    QChart* scaleChart = s->fp8Charts()->chartViews().at(1)->chart();
    QLogValueAxis* scaleAxis = nullptr;
    for (QAbstractAxis* axis : scaleChart->axes(Qt::Vertical))
        if (auto* log = qobject_cast<QLogValueAxis*>(axis)) scaleAxis = log;
    ASSERT_NE(scaleAxis, nullptr);
    const QStringList scaleLabels = powerOfTwoLabels(scaleAxis);
    ASSERT_FALSE(scaleLabels.isEmpty());
    for (const QString& label : scaleLabels) EXPECT_TRUE(label.startsWith(QStringLiteral("2^"))) << label.toStdString();
    c->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }));
}

// Stored names the enums do not know fall back to the defaults, each reported (not hidden).
TEST(TrainingGui, UnknownStoredChoicesFallBackWithANote) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.ini"));
    {
        SettingsStore store(path);
        store.settings().setValue(QStringLiteral("training/backend"), QStringLiteral("tpu"));
        store.settings().setValue(QStringLiteral("training/mode"), QStringLiteral("fp12"));
        store.settings().setValue(QStringLiteral("training/dataset"), QStringLiteral("mnist"));
        store.settings().setValue(QStringLiteral("training/optimizer"), QStringLiteral("sgd"));
        store.sync();
    }
    SettingsStore store(path);
    const TrainingSettings settings(store);
    EXPECT_EQ(settings.backend.get(), gpu::TrainingBackend::Cpu);
    EXPECT_EQ(settings.mode.get(), TrainingMode::Fp16Dynamic);
    EXPECT_EQ(settings.dataset.get(), DatasetKind::Spirals);
    EXPECT_EQ(settings.optimizer.get(), OptimizerKind::Sgd); // a known name is read
    ASSERT_EQ(store.problems().size(), 3) << store.problems().join(QStringLiteral("; ")).toStdString();
    EXPECT_TRUE(store.problems().join(QLatin1Char(' ')).contains(QStringLiteral("fp12")));
}

} // namespace
} // namespace fplab::gui

namespace fplab::gui {
namespace {

// A compared run whose CPU side stops early (a failure at its 4th step): the app steps both sides through
// core's LockstepComparison, as fplab-cli train --compare does, so the GPU side runs to its own end and the
// verdict is the CLI's (the app's own loop used to cancel the GPU side, giving another verdict).
TEST(TrainingGui, AComparedRunWhoseCpuSideStopsEarlyEndsAsTheCliJudgesIt) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    s->form()->setGpuUnavailable(std::string()); // the GPU side runs on the CPU's kernels below
    s->runControls()->controller()->setComparedKernels(test::stoppingKernelsFactory(4), cpuKernelsFactory());
    choose(s->form()->backendCombo(), gpu::TrainingBackend::Gpu);
    choose(s->form()->modeCombo(), TrainingMode::Fp16Dynamic);
    s->form()->stepsSpin()->setValue(10);
    s->runControls()->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return s->runControls()->phase() == RunPhase::Ended; }));
    const TrainingRunData& run = s->runControls()->run();
    ASSERT_TRUE(run.setup.onGpu);
    EXPECT_EQ(run.state.status, RunStatus::Failed);
    EXPECT_EQ(run.state.stepsDone, 3);
    ASSERT_TRUE(run.gpuState.has_value());
    EXPECT_EQ(run.gpuState->status, RunStatus::Finished);
    EXPECT_EQ(run.gpuState->stepsDone, 10);
    EXPECT_EQ(run.comparisons.size(), 3u);

    // The same two runs through the CLI's path give the same verdict.
    TrainingConfig c = s->form()->config();
    TrainingRun cpu(c, test::stoppingKernelsFactory(4)), other(c);
    LockstepComparison cli(cpu, other, toleranceFor(c.mode));
    while (cli.step()) {}
    const std::string verdict = cli.result().verdict();
    const QString note = s->comparison()->note()->text();
    EXPECT_TRUE(note.contains(QString::fromStdString(verdict))) << note.toStdString() << "\n" << verdict;
    EXPECT_NE(verdict.find("gpu finished after 10"), std::string::npos) << verdict;
}

} // namespace
} // namespace fplab::gui

namespace fplab::gui {
namespace {

TEST(SeriesDecimator, KeepsABoundedNumberOfPointsWithEverySpikeAndTheLastSample) {
    SeriesDecimator d(50);
    for (int i = 1; i <= 100000; ++i) d.add(i, i == 77777 ? 1000.0 : std::sin(i * 0.001));
    const QList<QPointF> p = d.points();
    EXPECT_LE(p.size(), d.maxPoints());
    EXPECT_GE(p.size(), 50);
    EXPECT_EQ(p.back(), QPointF(100000, std::sin(100000 * 0.001)));
    double top = 0;
    for (int i = 1; i < p.size(); ++i) {
        EXPECT_LE(p[i - 1].x(), p[i].x()); // in x order
        top = std::max(top, p[i].y());
    }
    EXPECT_EQ(top, 1000.0); // the one-step spike survives the decimation
    EXPECT_TRUE(p.contains(QPointF(77777, 1000.0)));
    d.clear();
    EXPECT_TRUE(d.points().isEmpty());
    d.add(1, 2);
    EXPECT_EQ(d.points(), QList<QPointF>{QPointF(1, 2)});
}

StepRecord syntheticStep(int step) {
    StepRecord r;
    r.step = step;
    r.loss = step == 15000 ? 50.0f : 1.0f / float(step); // one spike
    r.scale = step > 10000 ? 32768.0f : 65536.0f;
    r.skipped = step == 10001;
    return r;
}

// A long run's charts stay small: the GUI thread's work per update does not grow with the run.
TEST(TrainingGui, TheChartsKeepABoundedNumberOfPointsForALongRun) {
    RunChartsView charts;
    TrainingSetup setup;
    setup.config.steps = 20000;
    TrainingRunData run;
    run.begin(setup);
    for (int step = 1; step <= 20000;) {
        TrainingUpdate u;
        for (int i = 0; i < 37 && step <= 20000; ++i) u.steps.push_back(syntheticStep(step++));
        u.state.stepsDone = step - 1;
        run.apply(std::move(u));
        charts.showRun(run);
        for (const QXYSeries* s : std::initializer_list<const QXYSeries*>{
                 charts.lossSeries(), charts.smoothedLossSeries(), charts.scaleSeries()}) {
            ASSERT_LE(s->count(), 2 * RunChartsView::kMaxBuckets + 1) << s->name().toStdString();
            ASSERT_EQ(int(s->at(s->count() - 1).x()), step - 1) << s->name().toStdString(); // ends at the latest step
        }
    }
    EXPECT_EQ(run.steps.size(), 20000u); // the full data stays in the run
    double top = 0;
    for (const QPointF& p : charts.lossSeries()->points()) top = std::max(top, p.y());
    EXPECT_EQ(top, 50.0); // the spike is drawn
    ASSERT_EQ(charts.skippedSeries()->count(), 1);
    EXPECT_EQ(charts.skippedSeries()->at(0), QPointF(10001, 32768.0));
    // The smoothed line lies below the raw spike and ends near the raw loss.
    double smoothedTop = 0;
    for (const QPointF& p : charts.smoothedLossSeries()->points())
        if (p.x() > 14000) smoothedTop = std::max(smoothedTop, p.y());
    EXPECT_LT(smoothedTop, 5.0);
    EXPECT_GT(smoothedTop, 1.0 / 15000);
}

// Pause stops the worker after the step in progress; then the status, the run and every chart show the
// step it stopped at, and nothing moves while paused.
TEST(TrainingGui, AfterPauseEveryViewShowsTheStepTheWorkerStoppedAt) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    RunControls* c = s->runControls();
    choose(s->form()->modeCombo(), TrainingMode::Fp16Dynamic);
    s->form()->stepsSpin()->setValue(100000);
    c->startAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->controller()->workerSteps() >= 150; }));
    c->pauseAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Paused; }, 2000));
    const int stopped = c->controller()->workerSteps();
    QTest::qWait(300);
    EXPECT_EQ(c->controller()->workerSteps(), stopped); // the worker stays where it stopped
    EXPECT_EQ(c->run().lastStep(), stopped);
    EXPECT_EQ(c->run().state.stepsDone, stopped);
    EXPECT_TRUE(c->statusLabel()->text().startsWith(QStringLiteral("Paused. Step %1 of 100000.").arg(stopped)))
        << c->statusLabel()->text().toStdString() << " / worker at " << stopped;
    const auto lastX = [](const QXYSeries* series) { return int(series->at(series->count() - 1).x()); };
    EXPECT_EQ(lastX(s->charts()->lossSeries()), stopped);
    EXPECT_EQ(lastX(s->charts()->smoothedLossSeries()), stopped);
    EXPECT_EQ(lastX(s->charts()->scaleSeries()), stopped);
    EXPECT_EQ(s->histogram()->step(), stopped);
    c->cancelAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return c->phase() == RunPhase::Ended; }));
}

} // namespace
} // namespace fplab::gui

namespace fplab::gui {
namespace {

// The summary says what the lost-update figure counts (in which weights), and shows losses with four
// significant digits, every digit in the tooltip.
TEST(TrainingGui, TheSummaryExplainsLostUpdatesAndShowsShortLosses) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    TrainingConfig c;
    c.mode = TrainingMode::Bf16;
    c.steps = 20;
    s->runControls()->showCompletedRun(c);
    const QString summary = s->runControls()->summaryLabel()->text();
    EXPECT_TRUE(summary.contains(QStringLiteral("Updates lost in the FP32 master weights: "))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("smaller than half the spacing of FP32 at their weight")))
        << summary.toStdString();
    const float loss = s->runControls()->run().steps.back().loss;
    EXPECT_TRUE(summary.contains(QStringLiteral("Last step: loss %1,").arg(QString::number(double(loss), 'g', 4))))
        << summary.toStdString();
    EXPECT_FALSE(summary.contains(QString::number(double(loss), 'g', 9))) << summary.toStdString();
    EXPECT_TRUE(s->runControls()->summaryLabel()->toolTip().contains(QString::number(double(loss), 'g', 9)));

    c.masterWeights = false;
    s->runControls()->showCompletedRun(c);
    EXPECT_TRUE(s->runControls()->summaryLabel()->text().contains(QStringLiteral("Updates lost in the BF16 weights: ")))
        << s->runControls()->summaryLabel()->text().toStdString();
}

} // namespace
} // namespace fplab::gui
