// The GPU Lab's Fingerprint tab: the recorded H100 FP8 answers, saved as a fingerprint file, load on
// the worker and fill the table (inferred beside built-in, the deciding probe); without a GPU the
// run button is off and says why; Save writes a file that loads back.
#include "app/gui/gpu_lab/fingerprint_panel.h"
#include "app/gui/gpu_lab/gpu_lab_section.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/gpu_lab/text_table_model.h"
#include "core/platform/atomic_file.h"
#include "core/tensor_core/fingerprint/answers_file.h"
#include "gpu/device_info.h"
#include "gui_fixture.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

namespace fp = tc::fingerprint;

// The measured e4m3 cells as a fingerprint file, as `fplab-cli gpu fingerprint --load ... --save` writes it.
QString savedE4m3(const QTemporaryDir& dir) {
    std::string error;
    const auto text = fp::readWholeFile(std::string(FPLAB_TC_DATA_DIR) + "/h100/mma_e4m3.txt", error);
    EXPECT_TRUE(text) << error;
    fp::AnswerSet meta;
    meta.device = "NVIDIA H100 80GB HBM3";
    meta.computeCapability = 90;
    meta.driver = "13.0";
    meta.date = "2026-11-24";
    meta.shape = "m16n8k32";
    meta.input = tc::InputType::E4m3;
    meta.k = 32;
    const auto parsed = fp::parseBareCells(text.value_or(""), meta, "mma_e4m3.txt");
    EXPECT_TRUE(parsed.answers) << parsed.error;
    const QString path = dir.filePath(QStringLiteral("h100-e4m3.fingerprint"));
    EXPECT_EQ(platform::writeFileAtomically(path.toStdString(), fp::formatAnswers(*parsed.answers)), std::nullopt);
    return path;
}

int rowOf(const TextTableModel* m, const QString& parameter) {
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->text(r, FingerprintPanel::Parameter) == parameter) return r;
    return -1;
}

TEST(FingerprintPanelTest, LoadsTheRecordedH100AnswersAndShowsTheInferredModel) {
    testing::GuiHarness harness;
    harness.window().showSection(QStringLiteral("gpu-lab"));
    auto* lab = harness.section<GpuLabSection>(QStringLiteral("gpu-lab"));
    ASSERT_NE(lab, nullptr);
    lab->queryDevice();
    lab->tabs()->setCurrentIndex(GpuLabSection::FingerprintTab);
    FingerprintPanel* panel = lab->fingerprintPanel();
    if (!gpu::queryDevices().available) {
        EXPECT_FALSE(panel->runButton()->isEnabled());
        EXPECT_TRUE(panel->runButton()->toolTip().contains(QStringLiteral("Cannot run here")))
            << panel->runButton()->toolTip().toStdString();
    }
    EXPECT_FALSE(panel->saveButton()->isEnabled());

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ASSERT_TRUE(panel->startLoad(savedE4m3(dir)));
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    ASSERT_TRUE(panel->result().has_value()) << lab->jobLabel()->text().toStdString();
    const TextTableModel* m = panel->model();
    ASSERT_EQ(m->rowCount(), 11);
    const int n = rowOf(m, QStringLiteral("Products per block (n)"));
    ASSERT_GE(n, 0);
    EXPECT_EQ(m->text(n, FingerprintPanel::Inferred), QStringLiteral("16"));
    EXPECT_EQ(m->text(n, FingerprintPanel::BuiltIn), QStringLiteral("16")); // sm_90 FP8 mma.sync, as measured
    EXPECT_EQ(m->text(n, FingerprintPanel::DecidedBy), QStringLiteral("mma_e4m3.txt:3"));
    EXPECT_EQ(m->text(n, FingerprintPanel::Agree), QStringLiteral("yes"));
    EXPECT_EQ(panel->typeCombo()->currentData().toString(), QStringLiteral("e4m3-fp32")) << "the loaded type is shown";
    const int c = rowOf(m, QStringLiteral("Where c enters"));
    EXPECT_EQ(m->text(c, FingerprintPanel::Inferred), QStringLiteral("last, one FP32 addition (RNE)"));
    const int g = rowOf(m, QStringLiteral("k grouping into blocks"));
    EXPECT_EQ(m->text(g, FingerprintPanel::Inferred), QStringLiteral("FP8 pairs {4t, 4t+1, 16+4t, 16+4t+1} first"));
    const int f = rowOf(m, QStringLiteral("Fraction bits kept (F)"));
    EXPECT_EQ(m->text(f, FingerprintPanel::Inferred), QStringLiteral("25"));
    const int r = rowOf(m, QStringLiteral("Final rounding"));
    EXPECT_EQ(m->text(r, FingerprintPanel::Agree), QStringLiteral("yes"));
    const QString summary = panel->summaryLabel()->text();
    EXPECT_TRUE(summary.contains(QStringLiteral("NVIDIA H100 80GB HBM3"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("The built-in model reproduces 5120 of 5120 cells.")))
        << summary.toStdString();

    // Save and load back.
    EXPECT_TRUE(panel->saveButton()->isEnabled());
    const QString copy = dir.filePath(QStringLiteral("copy.fingerprint"));
    ASSERT_TRUE(panel->saveTo(copy));
    ASSERT_TRUE(panel->startLoad(copy));
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    EXPECT_EQ(panel->model()->text(n, FingerprintPanel::Inferred), QStringLiteral("16"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 2) << "no temporary file left behind";

    // A file that is neither a fingerprint nor recorded cells: a message naming it, the table unchanged.
    const QString junk = dir.filePath(QStringLiteral("junk.txt"));
    {
        QFile f(junk);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("hello\n");
    }
    ASSERT_TRUE(panel->startLoad(junk));
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    EXPECT_TRUE(lab->jobLabel()->text().contains(QStringLiteral("junk.txt: line 1")))
        << lab->jobLabel()->text().toStdString();
    EXPECT_EQ(panel->model()->text(n, FingerprintPanel::Inferred), QStringLiteral("16"));

    // Bare recorded cells load as the type chosen in the panel (the H100 evidence as it was printed).
    panel->typeCombo()->setCurrentIndex(panel->typeCombo()->findData(QStringLiteral("e5m2-fp32")));
    ASSERT_TRUE(panel->startLoad(QString::fromStdString(std::string(FPLAB_TC_DATA_DIR) + "/h100/mma_e5m2.txt")));
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    ASSERT_TRUE(panel->result().has_value());
    EXPECT_EQ(panel->result()->answers.cells.size(), 5120u);
    EXPECT_EQ(panel->model()->text(n, FingerprintPanel::Inferred), QStringLiteral("16"));
}

// Issue 26 item 11: recorded FP8 cells (66 numbers a line) loaded with the type box on its default (tf32)
// are read as the FP8 type the file's name names; with a name that does not say, the message lists the
// types that fit.
TEST(FingerprintPanelTest, BareCellsOfAnotherWidthAreReadAsTheTypeTheyFit) {
    testing::GuiHarness harness;
    harness.window().showSection(QStringLiteral("gpu-lab"));
    auto* lab = harness.section<GpuLabSection>(QStringLiteral("gpu-lab"));
    ASSERT_NE(lab, nullptr);
    lab->tabs()->setCurrentIndex(GpuLabSection::FingerprintTab);
    FingerprintPanel* panel = lab->fingerprintPanel();
    panel->typeCombo()->setCurrentIndex(panel->typeCombo()->findData(QStringLiteral("tf32")));
    const QString recorded = QString::fromStdString(std::string(FPLAB_TC_DATA_DIR) + "/h100/mma_e4m3.txt");
    ASSERT_TRUE(panel->startLoad(recorded));
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    ASSERT_TRUE(panel->result().has_value()) << lab->jobLabel()->text().toStdString();
    EXPECT_EQ(panel->result()->answers.input, tc::InputType::E4m3);
    EXPECT_EQ(panel->typeCombo()->currentData().toString(), QStringLiteral("e4m3-fp32"));
    EXPECT_TRUE(panel->summaryLabel()->text().contains(QStringLiteral("do not fit tf32")))
        << panel->summaryLabel()->text().toStdString();
    EXPECT_TRUE(panel->summaryLabel()->text().contains(QStringLiteral("recorded cells from")))
        << panel->summaryLabel()->text().toStdString();
    // Issue 26 item 9: in Chinese, the summary's sentences and the reason are Chinese too.
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
    const QString chinese = panel->summaryLabel()->text() + panel->runButton()->toolTip();
    EXPECT_FALSE(chinese.contains(QStringLiteral("recorded cells from"))) << chinese.toStdString();
    EXPECT_FALSE(chinese.contains(QStringLiteral("do not fit"))) << chinese.toStdString();
    EXPECT_FALSE(chinese.contains(QStringLiteral("Cannot run here"))) << chinese.toStdString();
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));

    QTemporaryDir dir;
    const QString unnamed = dir.filePath(QStringLiteral("cells.txt"));
    ASSERT_TRUE(QFile::copy(recorded, unnamed));
    panel->typeCombo()->setCurrentIndex(panel->typeCombo()->findData(QStringLiteral("tf32")));
    ASSERT_TRUE(panel->startLoad(unnamed));
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    const QString message = lab->jobLabel()->text();
    EXPECT_TRUE(message.contains(QStringLiteral("66 numbers"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("e4m3-fp32 and e5m2-fp32"))) << message.toStdString();
}

} // namespace
} // namespace fplab::gui
