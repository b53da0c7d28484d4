// The GEMM ladder in the GPU Lab's speed panel: without recorded results it says there are none; from a
// results file (a fixture in the bench's CSV, not a measurement) it draws TFLOPS per rung as bars, cuBLAS
// and the datasheet peak as lines, labels them "recorded on <device>, <date>", and lists each rung's idea,
// in English and Chinese.
#include "app/gui/gpu_lab/gpu_lab_section.h"
#include "app/gui/gpu_lab/ladder_chart.h"
#include "app/gui/gpu_lab/ladder_text.h"
#include "app/gui/gpu_lab/speed_panel.h"
#include "gpu/device_info.h"
#include "gpu/ladder.h"
#include "gpu/ladder_results.h"
#include "gpu/verified_claims.h"
#include "gui_fixture.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QLabel>
#include <QLineSeries>
#include <QToolButton>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace fplab::gui {
namespace {

// What `fplab-cli gpu bench --impl ladder --csv` prints, with made-up round figures (a test fixture).
constexpr const char* kFixtureCsv =
    "# device: Fixture GPU (test data, not a measurement)\n"
    "# datasheet entry: H100 SXM5\n"
    "# date: 2026-01-02\n"
    "type,rung,kernel,size,median ms,TFLOPS,cuBLAS TFLOPS,% of cuBLAS,datasheet TFLOPS,% of datasheet,idea,status\n"
    "fp16-fp32,0,cublas,4096,1,100.00,-,-,989.4,10.1,\"the library, for comparison\",ok\n"
    "fp16-fp32,1,simt-naive,4096,1,1.00,100.00,1.0,989.4,0.1,x,ok\n"
    "fp16-fp32,0,cublas,8192,1,700.00,-,-,989.4,70.7,\"the library, for comparison\",ok\n"
    "fp16-fp32,1,simt-naive,8192,1,10.00,700.00,1.4,989.4,1.0,x,ok\n"
    "fp16-fp32,2,smem-mma,8192,1,20.00,700.00,2.9,989.4,2.0,x,ok\n"
    "fp16-fp32,3,ldmatrix-blocked,8192,1,300.00,700.00,42.9,989.4,30.3,x,ok\n"
    "fp16-fp32,4,cp-async-pipeline,8192,1,400.00,700.00,57.1,989.4,40.4,x,ok\n"
    "fp16-fp32,5,wgmma-tma,8192,-,-,700.00,-,989.4,-,x,\"skipped: no sm_90a code\"\n";

gpu::LadderRecord fixtureRecord() {
    const auto dir = std::filesystem::temp_directory_path() / ("fplab-gui-ladder-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "fixture-2026-01-02");
    std::ofstream(dir / "fixture-2026-01-02" / "06-bench.csv") << kFixtureCsv;
    auto record = gpu::latestRecordedLadder(dir);
    std::filesystem::remove_all(dir);
    EXPECT_TRUE(record);
    return record ? *record : gpu::LadderRecord{};
}

TEST(GpuLadderTest, EveryRungsIdeaIsTranslatable) {
    for (const auto& rung : gpu::ladderRungs()) EXPECT_TRUE(ladderIdeaIsTranslatable(rung)) << rung.name;
}

TEST(GpuLadderTest, TheSpeedPanelSaysWhenNoLadderResultsAreRecorded) {
    if (gpu::latestRecordedLadder(gpu::recordedResultsDir()))
        GTEST_SKIP() << "docs/gpu-results holds ladder results now";
    testing::GuiHarness harness;
    harness.window().showSection(QStringLiteral("gpu-lab"));
    auto* lab = harness.section<GpuLabSection>(QStringLiteral("gpu-lab"));
    ASSERT_TRUE(lab);
    lab->queryDevice();
    LadderChart* ladder = lab->speedPanel()->ladderChart();
    EXPECT_TRUE(ladder->noteLabel()->text().startsWith(QStringLiteral("No ladder results recorded yet")))
        << ladder->noteLabel()->text().toStdString();
    if (!gpu::queryDevices().available) {
        EXPECT_FALSE(ladder->measureButton()->isEnabled());
    }
    EXPECT_FALSE(ladder->cublasLine()->isVisible());
    for (int i = 0; i < ladder->rungBars()->count(); ++i) EXPECT_EQ(ladder->rungBars()->at(i), 0);
}

TEST(GpuLadderTest, TheChartDrawsARecordedFileLabelledAsRecorded) {
    testing::GuiHarness harness;
    LadderChart chart;
    chart.showRecord(fixtureRecord(), true);
    // The largest size: 8192, rungs 1-4 ran, rung 5 did not.
    ASSERT_EQ(chart.rungBars()->count(), 5);
    const double expected[] = {10, 20, 300, 400, 0};
    for (int i = 0; i < 5; ++i) EXPECT_DOUBLE_EQ(chart.rungBars()->at(i), expected[i]) << "rung " << i + 1;
    ASSERT_EQ(chart.cublasLine()->count(), 2);
    EXPECT_DOUBLE_EQ(chart.cublasLine()->at(0).y(), 700);
    EXPECT_DOUBLE_EQ(chart.cublasLine()->at(1).y(), 700);
    ASSERT_EQ(chart.peakLine()->count(), 2);
    EXPECT_DOUBLE_EQ(chart.peakLine()->at(0).y(), 989.4);
    const QString note = chart.noteLabel()->text();
    EXPECT_TRUE(note.startsWith(QStringLiteral("Recorded on Fixture GPU (test data, not a measurement), 2026-01-02")))
        << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("fp16-fp32, m = n = k = 8192"))) << note.toStdString();
    const QStringList ideas = chart.ideasLabel()->text().split(QLatin1Char('\n'));
    ASSERT_EQ(ideas.size(), 5);
    EXPECT_TRUE(ideas[4].endsWith(QStringLiteral("(not run: skipped: no sm_90a code)"))) << ideas[4].toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("(fixture-2026-01-02/06-bench.csv)"))) << note.toStdString();
    for (const auto& rung : gpu::ladderRungs())
        EXPECT_TRUE(ideas[rung.number - 1].contains(QString::fromUtf8(rung.idea.data(), qsizetype(rung.idea.size()))))
            << ideas[rung.number - 1].toStdString();

    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
    chart.retranslate();
    EXPECT_FALSE(chart.noteLabel()->text().startsWith(QStringLiteral("Recorded on")));
    for (const auto& rung : gpu::ladderRungs())
        EXPECT_FALSE(
            chart.ideasLabel()->text().contains(QString::fromUtf8(rung.idea.data(), qsizetype(rung.idea.size()))))
            << rung.name;
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
}

// A cuBLAS row of a measured ladder run: FP16 at 4096^3, 50 TFLOPS (made-up test data).
gpu::BenchRow cublasRowAt4096() {
    gpu::BenchRow cublas;
    cublas.type = gpu::GemmType::Fp16Fp32;
    cublas.size = 4096;
    cublas.ran = true;
    cublas.tflops = 50;
    return cublas;
}

TEST(GpuLadderTest, AMeasuredRunIsLabelledMeasured) {
    testing::GuiHarness harness;
    LadderChart chart;
    const gpu::BenchRow cublas = cublasRowAt4096();
    gpu::BenchRow rung = cublas;
    rung.rung = 3;
    rung.tflops = 25;
    rung.cublasTflops = 50;
    chart.showRecord(gpu::ladderRecordFromRows({cublas, rung}, "Some GPU", "2026-01-03"), false);
    EXPECT_TRUE(chart.noteLabel()->text().startsWith(QStringLiteral("Measured on Some GPU, 2026-01-03")));
    EXPECT_DOUBLE_EQ(chart.rungBars()->at(2), 25);
    EXPECT_FALSE(chart.peakLine()->isVisible()); // no datasheet entry
}

// A rung whose sampled cells failed their check before timing (gpu/bench_check.h) has no bar and says WRONG;
// the ladder carries the "not yet measured on a GPU" mark while docs/gpu-results/verified.tsv says so.
TEST(GpuLadderTest, AWrongRungHasNoBarAndSaysWrong) {
    testing::GuiHarness harness;
    LadderChart chart;
    const gpu::BenchRow cublas = cublasRowAt4096();
    gpu::BenchRow rung = cublas;
    rung.rung = 4;
    rung.ran = false;
    rung.tflops = 0;
    rung.wrong = "cell (0, 0): got 0x3f800001, model 0x3f800000";
    chart.showRecord(gpu::ladderRecordFromRows({cublas, rung}, "Some GPU", "2026-01-03"), false);
    EXPECT_DOUBLE_EQ(chart.rungBars()->at(3), 0);
    const QStringList ideas = chart.ideasLabel()->text().split(QLatin1Char('\n'));
    ASSERT_EQ(ideas.size(), 5);
    EXPECT_TRUE(
        ideas[3].endsWith(QStringLiteral("(WRONG, no TFLOPS: WRONG: cell (0, 0): got 0x3f800001, model 0x3f800000)")))
        << ideas[3].toStdString();
    if (gpu::featureStatus(gpu::loadClaimTable(gpu::claimTableFile()), "ladder-rung-") ==
        gpu::ClaimStatus::NotMeasured) {
        EXPECT_EQ(chart.rungAxis()->titleText(), QStringLiteral("Rung (Not yet measured on a GPU)"));
    }
}

} // namespace
} // namespace fplab::gui
