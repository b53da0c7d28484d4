// The GPU Lab: the section opens with Ctrl+4 and says why there is no GPU; a CPU-model GEMM runs on
// the worker and fills the table and the heat map with the bits an unsliced run gives; Cancel stops
// a long run; GPU errors become messages; TF32 loses what its 10 fraction bits predict; the speed
// table shows a chosen datasheet; settings survive a restart; the table models pass the model tester.
#include "app/gui/gpu_lab/device_panel.h"
#include "app/gui/gpu_lab/gemm_panel.h"
#include "app/gui/gpu_lab/gpu_lab_section.h"
#include "app/gui/gpu_lab/gpu_lab_settings.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/gpu_lab/speed_panel.h"
#include "app/gui/gpu_lab/text_table_model.h"
#include "app/gui/gpu_lab/tf32_panel.h"
#include "app/gui/gpu_lab/ulp_heat_map.h"
#include "gpu/backend_choice.h"
#include "gpu/backends.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gui_fixture.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QBarSeries>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QSet>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

#include <QStatusBar>

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

namespace fplab::gui {
namespace {

GpuLabSection* openLab(testing::GuiHarness& harness) {
    harness.window().showSection(QStringLiteral("gpu-lab"));
    auto* lab = harness.section<GpuLabSection>(QStringLiteral("gpu-lab"));
    if (lab) lab->queryDevice();
    return lab;
}

void select(QComboBox* combo, const QString& data) {
    const int i = combo->findData(data);
    ASSERT_GE(i, 0) << data.toStdString();
    combo->setCurrentIndex(i);
}

// A small FP16 GEMM with the three CPU backends.
void chooseSmallGemm(GemmPanel* gemm) {
    select(gemm->inputCombo(), QStringLiteral("fp16"));
    select(gemm->accumCombo(), QStringLiteral("fp32"));
    select(gemm->archCombo(), QStringLiteral("sm_80"));
    gemm->mSpin()->setValue(8);
    gemm->nSpin()->setValue(12);
    gemm->kSpin()->setValue(64);
    gemm->seedSpin()->setValue(3);
    gemm->backendCheck(gpu::BackendChoice::Sequential)->setChecked(true);
}

// Counts what QAbstractItemModelTester reports (it logs in the category qt.modeltest).
std::atomic<int> g_modelTesterReports{0};
void countModelTesterReports(QtMsgType, const QMessageLogContext& context, const QString& text) {
    if (context.category && QByteArray(context.category).startsWith("qt.modeltest")) {
        ++g_modelTesterReports;
        std::fprintf(stderr, "model tester: %s\n", qPrintable(text));
    }
}

TEST(GpuLabTest, CtrlFourOpensItAndWithoutAGpuItSaysWhy) {
    testing::GuiHarness harness;
    MainWindow& w = harness.window();
    w.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_4, Qt::ControlModifier);
    ASSERT_EQ(w.currentSection()->id(), QStringLiteral("gpu-lab"));
    auto* lab = harness.section<GpuLabSection>(QStringLiteral("gpu-lab"));
    ASSERT_NE(lab, nullptr);
    if (gpu::queryDevices().available) GTEST_SKIP() << "this machine has a GPU; the no-GPU message is not shown";
    const QString text = lab->devicePanel()->text();
    EXPECT_TRUE(
        text.contains(FPLAB_EXPECT_CUDA ? QStringLiteral("No usable GPU") : QStringLiteral("built without CUDA")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("CPU model"))) << text.toStdString();
    // The GPU backends cannot be chosen and say why; measuring is off and the speed table says so.
    for (gpu::BackendChoice b : gpu::allBackendChoices()) {
        if (!gpu::isGpuBackend(b)) continue;
        const std::string_view key = gpu::backendKey(b);
        QCheckBox* check = lab->gemmPanel()->backendCheck(b);
        EXPECT_FALSE(check->isEnabled()) << key;
        EXPECT_TRUE(check->toolTip().contains(QStringLiteral("Cannot run here"))) << key;
    }
    EXPECT_FALSE(lab->measureAction()->isEnabled());
    EXPECT_TRUE(lab->speedPanel()->noteLabel()->text().contains(QStringLiteral("Measurements need a GPU")));
}

TEST(GpuLabTest, ACpuModelGemmRunsOnTheWorkerAndFillsTableAndHeatMap) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    ASSERT_NE(lab, nullptr);
    GemmPanel* gemm = lab->gemmPanel();
    chooseSmallGemm(gemm);
    lab->runGemmAction()->trigger();
    EXPECT_TRUE(lab->runner()->isBusy());
    EXPECT_FALSE(lab->runGemmAction()->isEnabled());
    EXPECT_TRUE(lab->cancelAction()->isEnabled());
    ASSERT_TRUE(lab->runner()->waitUntilIdle(120000));
    EXPECT_FALSE(lab->progressBar()->isVisible());
    ASSERT_TRUE(gemm->result().has_value());

    // The same problem run whole, without the panel's row blocks.
    gpu::ProblemSpec spec;
    spec.type = gpu::GemmType::Fp16Fp32;
    spec.m = 8;
    spec.n = 12;
    spec.k = 64;
    spec.seed = 3;
    const gpu::GemmProblem problem = gpu::makeRandomProblem(spec);
    gpu::CpuModelBackend modelBackend(tc::Arch::Sm80);
    gpu::CpuReferenceBackend referenceBackend;
    const gpu::GemmOutput model = modelBackend.run(problem);
    const gpu::GemmOutput reference = referenceBackend.run(problem);
    const gpu::OutputComparison expected = gpu::compareOutputs(spec.type, 8, 12, model, reference);

    const auto& outputs = gemm->result()->report.outputs;
    ASSERT_EQ(outputs.size(), 3u);
    EXPECT_EQ(outputs[0].backend, "reference");
    EXPECT_EQ(outputs[0].d, reference.d);
    EXPECT_EQ(outputs[2].backend, "cpu-model-sm_80");
    EXPECT_EQ(outputs[2].d, model.d);

    TextTableModel* table = gemm->resultsModel();
    ASSERT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->text(2, GemmPanel::Backend), QStringLiteral("cpu-model-sm_80"));
    EXPECT_EQ(table->text(2, GemmPanel::MaxUlps), QString::number(expected.maxAbsUlps));
    EXPECT_EQ(table->text(0, GemmPanel::IdenticalToModel), QStringLiteral("%1 of 96").arg(expected.identicalCount));
    EXPECT_FALSE(table->text(1, GemmPanel::Time).isEmpty());
    EXPECT_GT(expected.maxAbsUlps, 0); // the model truncates: it must differ somewhere, or the map shows nothing

    // The heat map shows the model against the reference; each cell's colour follows its ulps.
    UlpHeatMap* map = gemm->heatMap();
    ASSERT_TRUE(map->hasData());
    EXPECT_EQ(map->rows(), 8);
    EXPECT_EQ(map->columns(), 12);
    EXPECT_TRUE(gemm->pairCombo()->currentText().contains(QStringLiteral("cpu-model-sm_80")));
    int differing = -1;
    for (int cell = 0; cell < 96; ++cell) {
        const int row = cell / 12, column = cell % 12;
        const bool same = expected.identical[std::size_t(cell)] != 0;
        EXPECT_EQ(map->bandOf(row, column) == UlpHeatMap::Identical, same) << cell;
        if (!same && differing < 0) differing = cell;
    }
    ASSERT_GE(differing, 0);
    const int row = differing / 12, column = differing % 12;
    const QString tip = gemm->cellToolTip(row, column);
    EXPECT_TRUE(tip.contains(QStringLiteral("D[%1, %2]").arg(row).arg(column))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("0x"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("ulps"))) << tip.toStdString();

    // Clicking the cell lists every backend's value of it.
    lab->resize(1280, 800);
    lab->show();
    QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(row, column).center());
    const QString values = gemm->cellLabel()->text();
    EXPECT_TRUE(values.contains(QStringLiteral("D[%1, %2]").arg(row).arg(column))) << values.toStdString();
    for (const char* name : {"reference", "cpu-sequential", "cpu-model-sm_80"})
        EXPECT_TRUE(values.contains(QLatin1String(name))) << name;
}

// FP8 on sm_90: the two instructions have two models; every row names its instruction.
TEST(GpuLabTest, EachRowNamesItsInstructionAndFp8HasBothModels) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    ASSERT_NE(lab, nullptr);
    GemmPanel* gemm = lab->gemmPanel();
    chooseSmallGemm(gemm);
    select(gemm->inputCombo(), QStringLiteral("e4m3"));
    select(gemm->archCombo(), QStringLiteral("sm_90"));
    QCheckBox* wgmma = gemm->backendCheck(gpu::BackendChoice::ModelWgmma);
    ASSERT_TRUE(wgmma->isEnabled()) << wgmma->toolTip().toStdString();
    wgmma->setChecked(true);
    gemm->backendCheck(gpu::BackendChoice::Sequential)->setChecked(false);
    lab->runGemmAction()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(120000));
    TextTableModel* table = gemm->resultsModel();
    ASSERT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->text(1, GemmPanel::Backend), QStringLiteral("cpu-model-sm_90"));
    EXPECT_TRUE(table->text(1, GemmPanel::Instruction).contains(QStringLiteral("mma.sync")))
        << table->text(1, 1).toStdString();
    EXPECT_EQ(table->text(2, GemmPanel::Backend), QStringLiteral("cpu-model-sm_90-wgmma"));
    EXPECT_TRUE(table->text(2, GemmPanel::Instruction).contains(QStringLiteral("wgmma")));
    EXPECT_TRUE(table->text(0, GemmPanel::Instruction).contains(QStringLiteral("IEEE")));
    // On sm_80 there is no wgmma, and for FP16 its model adds nothing: the box says why.
    select(gemm->archCombo(), QStringLiteral("sm_80"));
    EXPECT_FALSE(wgmma->isEnabled());
    EXPECT_TRUE(wgmma->toolTip().contains(QStringLiteral("wgmma exists only on sm_90")))
        << wgmma->toolTip().toStdString();
}

TEST(GpuLabTest, CancelStopsALongRunAndKeepsThePreviousResult) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    GemmPanel* gemm = lab->gemmPanel();
    select(gemm->inputCombo(), QStringLiteral("fp16"));
    for (QSpinBox* s : {gemm->mSpin(), gemm->nSpin(), gemm->kSpin()}) s->setValue(512); // minutes on the CPU model
    lab->runGemmAction()->trigger();
    ASSERT_TRUE(lab->runner()->isBusy());
    QTest::qWait(300);
    QElapsedTimer timer;
    timer.start();
    lab->cancelAction()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(20000));
    EXPECT_LT(timer.elapsed(), 20000);
    EXPECT_FALSE(gemm->result().has_value());
    EXPECT_TRUE(lab->jobLabel()->text().contains(QStringLiteral("cancelled"))) << lab->jobLabel()->text().toStdString();
    EXPECT_TRUE(lab->runGemmAction()->isEnabled());
}

TEST(GpuLabTest, AGpuErrorBecomesAMessageAndTheSectionCarriesOn) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    if (gpu::queryDevices().available) GTEST_SKIP() << "this machine has a GPU";
    // The TF32 panel told (wrongly) that a GPU is there: the GPU half throws GpuError, the CPU half stands.
    lab->tf32Panel()->setGpuAvailable(true);
    lab->tf32Panel()->sizeSpin()->setValue(16);
    lab->runTf32Action()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    ASSERT_TRUE(lab->tf32Panel()->result().has_value());
    EXPECT_EQ(lab->tf32Panel()->model()->rowCount(), 2);
    EXPECT_TRUE(lab->tf32Panel()->conclusionLabel()->text().contains(QStringLiteral("The GPU part failed")));
    // A job that throws GpuError outright: its message reaches the caller, and the next job runs.
    JobOutcome outcome;
    ASSERT_TRUE(lab->runner()->start(
        QStringLiteral("failing"),
        [](const JobControl&) { throw gpu::GpuError(gpu::GpuError::Kind::CudaCall, "cudaMalloc failed (planted)"); },
        [&](const JobOutcome& o) { outcome = o; }));
    ASSERT_TRUE(lab->runner()->waitUntilIdle(10000));
    EXPECT_EQ(outcome.error, QStringLiteral("A CUDA call failed (details: cudaMalloc failed (planted))"));
    chooseSmallGemm(lab->gemmPanel());
    lab->runGemmAction()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(120000));
    EXPECT_EQ(lab->gemmPanel()->resultsModel()->rowCount(), 3);
}

TEST(GpuLabTest, Tf32LosesWhatItsTenFractionBitsPredict) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    Tf32Panel* tf32 = lab->tf32Panel();
    tf32->setGpuAvailable(false);
    tf32->sizeSpin()->setValue(32);
    tf32->seedSpin()->setValue(1);
    lab->runTf32Action()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    ASSERT_TRUE(tf32->result().has_value());
    const auto& rows = tf32->result()->rows;
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_FALSE(rows[0].tf32);
    EXPECT_TRUE(rows[1].tf32);
    // Each TF32 input carries a relative error of at most 2^-11, FP32's 2^-24: the GEMM's error follows.
    EXPECT_LT(rows[0].relativeError, std::ldexp(1.0, -20));
    EXPECT_GT(rows[1].relativeError, std::ldexp(1.0, -16));
    EXPECT_LT(rows[1].relativeError, std::ldexp(1.0, -10));
    EXPECT_GT(rows[1].relativeError, 100 * rows[0].relativeError);
    EXPECT_EQ(tf32->model()->rowCount(), 2);
    ASSERT_EQ(tf32->errorBars()->count(), 1);
    EXPECT_EQ(tf32->errorBars()->barSets().first()->count(), 2);
}

TEST(GpuLabTest, TheSpeedTableShowsTheDatasheetOfTheChosenGpu) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    SpeedPanel* speed = lab->speedPanel();
    TextTableModel* table = speed->model();
    ASSERT_EQ(table->rowCount(), 7); // FP64 FP32 TF32 FP16 BF16 FP8 INT8
    select(speed->datasheetCombo(), QStringLiteral("A100 SXM4"));
    EXPECT_EQ(table->text(2, SpeedPanel::Type), QStringLiteral("TF32"));
    EXPECT_EQ(table->text(2, SpeedPanel::Peak), QStringLiteral("156"));
    EXPECT_EQ(table->text(5, SpeedPanel::Peak), QStringLiteral("—")); // no FP8 on the A100
    select(speed->datasheetCombo(), QStringLiteral("H100 SXM5"));
    EXPECT_EQ(table->text(2, SpeedPanel::Peak), QStringLiteral("494.7"));
    ASSERT_EQ(speed->barSeries()->count(), 2); // the peaks and the committed H100 record
    EXPECT_DOUBLE_EQ(speed->barSeries()->barSets().first()->at(2), 494.7);
    // Measured rows appear next to the peak, with the percentage, and as a second set of bars.
    gpu::BenchRow row;
    row.type = gpu::GemmType::Tf32;
    row.ran = true;
    row.size = 4096;
    row.tflops = 400;
    speed->showMeasured({row});
    EXPECT_EQ(table->text(2, SpeedPanel::Measured), QStringLiteral("400.0"));
    EXPECT_EQ(table->text(2, SpeedPanel::PercentOfPeak), QStringLiteral("81%"));
    EXPECT_EQ(speed->barSeries()->count(), 2);
}

// Issue 26 item 14: without a run here, the Measured column shows the committed H100 record (cuBLAS,
// 2026-11-24) at the chosen size, marked with the GPU and the date; a run replaces it.
TEST(GpuLabTest, TheSpeedTableShowsTheRecordedH100FiguresUntilARunReplacesThem) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    SpeedPanel* speed = lab->speedPanel();
    TextTableModel* table = speed->model();
    select(speed->datasheetCombo(), QStringLiteral("H100 SXM5"));
    speed->sizeCombo()->setCurrentIndex(speed->sizeCombo()->findData(8192));
    // docs/gpu-results/h100-2026-11-24/06-bench.csv: fp16-fp32,FP16,cublas,8192,...,747.52,989.4,75.6,ok
    EXPECT_EQ(table->text(3, SpeedPanel::Type), QStringLiteral("FP16"));
    EXPECT_EQ(table->text(3, SpeedPanel::Measured), QStringLiteral("747.5"));
    EXPECT_EQ(table->text(3, SpeedPanel::PercentOfPeak), QStringLiteral("76%"));
    EXPECT_EQ(table->text(5, SpeedPanel::Measured), QStringLiteral("—")); // FP8 through cuBLASLt failed there
    const QString note = speed->noteLabel()->text();
    EXPECT_TRUE(note.contains(QStringLiteral("cuBLAS on NVIDIA H100 80GB HBM3 on 2026-11-24"))) << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("docs/gpu-results/h100-2026-11-24/06-bench.csv"))) << note.toStdString();
    speed->sizeCombo()->setCurrentIndex(speed->sizeCombo()->findData(1024));
    EXPECT_EQ(table->text(3, SpeedPanel::Measured), QStringLiteral("114.5"));
    gpu::BenchRow row;
    row.type = gpu::GemmType::Fp16Fp32;
    row.ran = true;
    row.size = 1024;
    row.tflops = 100;
    speed->showMeasured({row});
    EXPECT_EQ(table->text(3, SpeedPanel::Measured), QStringLiteral("100.0"));
    EXPECT_EQ(table->text(2, SpeedPanel::Measured), QStringLiteral("—")); // the record is gone with the run
    EXPECT_FALSE(speed->noteLabel()->text().contains(QStringLiteral("2026-11-24")));
}

TEST(GpuLabTest, SettingsSurviveARestart) {
    testing::GuiHarness harness;
    {
        GpuLabSection* lab = openLab(harness);
        GemmPanel* gemm = lab->gemmPanel();
        select(gemm->inputCombo(), QStringLiteral("bf16"));
        select(gemm->archCombo(), QStringLiteral("sm_90"));
        gemm->mSpin()->setValue(20);
        gemm->kSpin()->setValue(96);
        gemm->seedSpin()->setValue(7);
        gemm->backendCheck(gpu::BackendChoice::Sequential)->setChecked(false);
        select(lab->speedPanel()->datasheetCombo(), QStringLiteral("A100 PCIe"));
        lab->tf32Panel()->sizeSpin()->setValue(64);
        lab->tabs()->setCurrentIndex(GpuLabSection::Tf32Tab);
    }
    harness.restart();
    GpuLabSection* lab = openLab(harness);
    GemmPanel* gemm = lab->gemmPanel();
    EXPECT_EQ(gemm->inputCombo()->currentData().toString(), QStringLiteral("bf16"));
    EXPECT_EQ(gemm->archCombo()->currentData().toString(), QStringLiteral("sm_90"));
    EXPECT_EQ(gemm->mSpin()->value(), 20);
    EXPECT_EQ(gemm->kSpin()->value(), 96);
    EXPECT_EQ(gemm->seedSpin()->value(), 7);
    EXPECT_FALSE(gemm->backendCheck(gpu::BackendChoice::Sequential)->isChecked());
    EXPECT_EQ(lab->speedPanel()->datasheetCombo()->currentData().toString(), QStringLiteral("A100 PCIe"));
    EXPECT_EQ(lab->tf32Panel()->sizeSpin()->value(), 64);
    EXPECT_EQ(lab->tabs()->currentIndex(), int(GpuLabSection::Tf32Tab));
}

// The model's two open corners (core/tensor_core/corner_readings.h): built-in readings first, marked open;
// choosing MMA-Sim's reaches the request and survives a restart.
TEST(GpuLabTest, TheOpenCornersAreAChoiceThatPersists) {
    testing::GuiHarness harness;
    {
        GemmPanel* gemm = openLab(harness)->gemmPanel();
        EXPECT_EQ(gemm->zeroProductsCombo()->currentData().toString(), QStringLiteral("dropped"));
        EXPECT_EQ(gemm->zeroSignCombo()->currentData().toString(), QStringLiteral("sum"));
        EXPECT_TRUE(gemm->zeroProductsCombo()->toolTip().contains(QStringLiteral("no GPU has answered yet")));
        EXPECT_TRUE(gemm->zeroSignCombo()->toolTip().contains(QStringLiteral("--probe-corners")));
        ASSERT_TRUE(gemm->requestFromControls().corners.has_value());
        EXPECT_EQ(*gemm->requestFromControls().corners, tc::kFpLabReadings);
        select(gemm->zeroProductsCombo(), QStringLiteral("counted"));
        select(gemm->zeroSignCombo(), QStringLiteral("positive"));
        EXPECT_EQ(*gemm->requestFromControls().corners, tc::kMmaSimReadings);
    }
    harness.restart();
    GemmPanel* gemm = openLab(harness)->gemmPanel();
    EXPECT_EQ(gemm->zeroProductsCombo()->currentData().toString(), QStringLiteral("counted"));
    EXPECT_EQ(gemm->zeroSignCombo()->currentData().toString(), QStringLiteral("positive"));
    // The job hands the readings to the CPU model: its backend runs under them.
    GemmJobRequest r = gemm->requestFromControls();
    r.spec.m = r.spec.n = r.spec.k = 4;
    r.backends.clear();
    const GemmJobResult result = runGemmJob(r);
    gpu::CpuModelBackend mmaSim(r.arch);
    mmaSim.setCornerReadings(tc::kMmaSimReadings);
    const gpu::GemmOutput expected = mmaSim.run(result.problem);
    for (const gpu::GemmOutput& o : result.report.outputs) {
        if (o.backend == expected.backend) {
            EXPECT_EQ(o.d, expected.d);
        }
    }
}

TEST(GpuLabTest, TheTableModelsPassTheModelTester) {
    g_modelTesterReports = 0;
    const QtMessageHandler previous = qInstallMessageHandler(countModelTesterReports);
    {
        testing::GuiHarness harness;
        GpuLabSection* lab = openLab(harness);
        const auto mode = QAbstractItemModelTester::FailureReportingMode::Warning;
        QAbstractItemModelTester gemmTester(lab->gemmPanel()->resultsModel(), mode);
        QAbstractItemModelTester speedTester(lab->speedPanel()->model(), mode);
        QAbstractItemModelTester tf32Tester(lab->tf32Panel()->model(), mode);
        chooseSmallGemm(lab->gemmPanel());
        lab->runGemmAction()->trigger();
        ASSERT_TRUE(lab->runner()->waitUntilIdle(120000));
        lab->tf32Panel()->sizeSpin()->setValue(16);
        lab->runTf32Action()->trigger();
        ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
        select(lab->speedPanel()->datasheetCombo(), QStringLiteral("L4"));
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
        EXPECT_NE(lab->gemmPanel()->resultsModel()->headerData(GemmPanel::Backend, Qt::Horizontal).toString(),
                  QStringLiteral("Backend"));
        ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
        EXPECT_EQ(lab->gemmPanel()->resultsModel()->rowCount(), 3);
    }
    qInstallMessageHandler(previous);
    EXPECT_EQ(g_modelTesterReports.load(), 0);
}

// A job's message belongs to its tab: "GEMM done." shows on the GEMM tab only, and the status bar
// forgets it when another tab or section opens.
TEST(GpuLabTest, AJobsMessageStaysWithItsTab) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    ASSERT_NE(lab, nullptr);
    chooseSmallGemm(lab->gemmPanel());
    lab->runGemmAction()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(120000));
    QStatusBar* status = harness.window().statusBar();
    EXPECT_EQ(lab->jobLabel()->text(), QStringLiteral("GEMM done."));
    EXPECT_EQ(status->currentMessage(), QStringLiteral("GEMM done."));
    lab->tabs()->setCurrentIndex(GpuLabSection::SpeedTab);
    EXPECT_FALSE(lab->jobLabel()->text().contains(QStringLiteral("GEMM"))) << lab->jobLabel()->text().toStdString();
    EXPECT_TRUE(status->currentMessage().isEmpty()) << status->currentMessage().toStdString();
    lab->tabs()->setCurrentIndex(GpuLabSection::GemmTab);
    EXPECT_EQ(lab->jobLabel()->text(), QStringLiteral("GEMM done."));
    emit lab->statusMessage(QStringLiteral("GEMM done."), 0);
    harness.window().showSection(QStringLiteral("explorer"));
    EXPECT_TRUE(status->currentMessage().isEmpty()) << status->currentMessage().toStdString();
}

// Without a usable GPU the GPU backends are shown unticked (and say why), and come back ticked when
// they can run; the user's choice is what the settings keep.
TEST(GpuLabTest, UnavailableBackendsAreNotTicked) {
    if (gpu::queryDevices().available) GTEST_SKIP() << "this machine has a GPU";
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    ASSERT_NE(lab, nullptr);
    for (gpu::BackendChoice b : gpu::allBackendChoices()) {
        if (!gpu::isGpuBackend(b)) continue;
        const std::string_view key = gpu::backendKey(b);
        QCheckBox* check = lab->gemmPanel()->backendCheck(b);
        EXPECT_FALSE(check->isEnabled()) << key;
        EXPECT_FALSE(check->isChecked()) << key;
        EXPECT_TRUE(check->toolTip().contains(QStringLiteral("Cannot run here"))) << key;
    }
    // Not ticked, yet still wanted: the saved choice keeps them for a machine with a GPU.
    lab->saveState();
    // (Read through the setting: a list equal to the default is not written to the file.)
    const GpuLabSettings saved(harness.settings().store);
    EXPECT_TRUE(saved.backends.get().contains(QStringLiteral("cublas")))
        << saved.backends.get().join(QLatin1Char(' ')).toStdString();
}

// The GUI has no backend list of its own: a check box per gpu::BackendChoice, worded by the panel's one
// switch (translated), stored by gpu's key; the default is gpu's default set.
TEST(GpuLabTest, BackendsComeFromGpusOneList) {
    testing::GuiHarness harness;
    GpuLabSection* lab = openLab(harness);
    ASSERT_NE(lab, nullptr);
    QStringList defaults;
    QSet<QString> words;
    for (gpu::BackendChoice b : gpu::allBackendChoices()) {
        const std::string_view key = gpu::backendKey(b);
        EXPECT_EQ(gpu::parseBackendKey(key), b) << key;
        QCheckBox* check = lab->gemmPanel()->backendCheck(b);
        ASSERT_NE(check, nullptr) << key;
        EXPECT_EQ(check->objectName(),
                  QStringLiteral("gpuBackend-") + QString::fromLatin1(key.data(), qsizetype(key.size())));
        EXPECT_EQ(check->text(), GemmPanel::backendText(b)) << key;
        EXPECT_FALSE(check->text().isEmpty()) << key;
        words.insert(check->text());
        if (gpu::isDefaultBackend(b)) defaults << QString::fromLatin1(key.data(), qsizetype(key.size()));
    }
    EXPECT_EQ(words.size(), qsizetype(gpu::allBackendChoices().size())) << "two backends share words";
    const GpuLabSettings settings(harness.settings().store);
    EXPECT_EQ(settings.backends.defaultValue(), defaults);
    // An unknown stored key is not a backend: the setting refuses it.
    EXPECT_FALSE(settings.backends.isValid({QStringLiteral("reference"), QStringLiteral("tpu")}));
}

} // namespace
} // namespace fplab::gui
