// Text built outside tr() (and so unseen by lupdate and fplab_gui_translations_complete) reaches a
// Chinese user in Chinese: every experiment's parameter labels, gpu/'s reasons and errors, the CUDA
// version words, and the status lines the GUI writes.
#include "app/gui/common/gpu_text.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/gpu_lab/gpu_lab_section.h"
#include "app/gui/gpu_lab/tf32_panel.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/shell/main_window.h"
#include "app/gui/lessons/param_editor.h"
#include "gpu/gpu_error.h"
#include "gui_fixture.h"
#include "lessons/experiment_registry.h"

#include <QAction>
#include <QLabel>
#include <QSpinBox>
#include <QStatusBar>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

bool hasCjk(const QString& s) {
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

class ChineseTextTest : public ::testing::Test {
protected:
    testing::GuiHarness harness;
    void SetUp() override { ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN"))); }
};

// Issue 15 item 10: "format", "value", "count", "accumulator", "values" were shown as they are.
TEST_F(ChineseTextTest, EveryExperimentParameterLabelIsChinese) {
    int labels = 0;
    for (const lessons::ExperimentSpec& spec : lessons::experimentCatalog()) {
        ParamEditor editor(spec, {});
        editor.retranslate(lessons::Language::Chinese);
        for (QLabel* label : editor.findChildren<QLabel*>()) {
            if (label->text().isEmpty()) continue; // the hidden problem line
            ++labels;
            // Chinese words, or a formula written the Chinese way ("C（FP32）").
            const bool chinese = hasCjk(label->text()) || label->text().contains(QStringLiteral("（"));
            EXPECT_TRUE(chinese) << spec.name << ": " << label->text().toStdString();
            EXPECT_FALSE(label->toolTip().isEmpty()) << spec.name;
        }
        // In English the label is the parameter's name, as the lesson files and the CLI write it.
        editor.retranslate(lessons::Language::English);
        QStringList english;
        for (QLabel* label : editor.findChildren<QLabel*>())
            if (!label->text().isEmpty()) english << label->text();
        for (const lessons::ParamSpec& p : spec.params)
            EXPECT_TRUE(english.contains(QString::fromStdString(p.name))) << p.name;
    }
    EXPECT_GT(labels, 50);
}

// gpu/ writes English; the GPU error text and "CUDA 驱动 none" reached Chinese users as such.
TEST_F(ChineseTextTest, GpuReasonsErrorsAndVersionWordsAreChinese) {
    using Kind = gpu::GpuError::Kind;
    for (Kind kind :
         {Kind::NotBuilt, Kind::NoDevice, Kind::CudaCall, Kind::CublasCall, Kind::Unsupported, Kind::InvalidArgument}) {
        const QString text = gpuErrorText(gpu::GpuError(kind, "cudaMalloc failed (cudaErrorMemoryAllocation)"));
        EXPECT_TRUE(hasCjk(text)) << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("cudaErrorMemoryAllocation"))) << "the technical detail stays";
    }
    for (const std::string& reason :
         {std::string(gpu::kNotBuiltMessage),
          std::string("no NVIDIA driver is installed (cudaErrorInsufficientDriver)"),
          std::string("no CUDA-capable GPU is visible (cudaErrorNoDevice); check nvidia-smi and CUDA_VISIBLE_DEVICES"),
          std::string("no GPU: ") + std::string(gpu::kNotBuiltMessage),
          std::string("only the CUDA stub driver library was found (cudaErrorStubLibrary); install the NVIDIA "
                      "driver")}) {
        const QString text = gpuReasonText(reason);
        EXPECT_TRUE(hasCjk(text)) << reason;
        EXPECT_FALSE(text.contains(QStringLiteral("FP Lab was built without CUDA"))) << text.toStdString();
    }
    EXPECT_TRUE(hasCjk(cudaVersionLabel(0)));
    EXPECT_EQ(cudaVersionLabel(12040), QStringLiteral("12.4"));
}

// Every status line a run writes is in Chinese, and a line written before switching language goes.
TEST_F(ChineseTextTest, StatusLinesAreChinese) {
    QStringList lines;
    QStatusBar* bar = harness.window().statusBar();
    QObject::connect(bar, &QStatusBar::messageChanged, [&](const QString& text) {
        if (!text.isEmpty()) lines << text;
    });
    harness.window().showSection(QStringLiteral("gpu-lab"));
    auto* lab = harness.section<GpuLabSection>(QStringLiteral("gpu-lab"));
    ASSERT_NE(lab, nullptr);
    lab->tf32Panel()->setGpuAvailable(false);
    lab->tf32Panel()->sizeSpin()->setValue(16);
    lab->runTf32Action()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    // A job that fails with a GpuError.
    lab->runner()->startJob(
        QStringLiteral("failing"),
        [](const JobControl&) { throw gpu::GpuError(gpu::GpuError::Kind::CudaCall, "cudaMalloc failed"); }, [] {},
        {Tf32Panel::tr("The TF32 comparison was cancelled."), Tf32Panel::tr("The TF32 comparison failed: %1"),
         QString()},
        [&](const QString& text, int) { lines << text; });
    ASSERT_TRUE(lab->runner()->waitUntilIdle(10000));
    harness.window().showSection(QStringLiteral("explorer"));
    auto* explorer = harness.section<ExplorerSection>(QStringLiteral("explorer"));
    for (QAction* a : explorer->menuActions())
        if (a && a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H)) a->trigger();
    ASSERT_GE(lines.size(), 3);
    for (const QString& line : lines) EXPECT_TRUE(hasCjk(line)) << line.toStdString();

    // "TF32 comparison done." written in English stays no longer than the English UI.
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("en")));
    harness.window().showSection(QStringLiteral("gpu-lab"));
    lab->runTf32Action()->trigger();
    ASSERT_TRUE(lab->runner()->waitUntilIdle(60000));
    EXPECT_EQ(bar->currentMessage(), QStringLiteral("TF32 comparison done."));
    ASSERT_TRUE(harness.language().setLanguage(QStringLiteral("zh_CN")));
    EXPECT_FALSE(bar->currentMessage().contains(QStringLiteral("TF32 comparison done.")));
    EXPECT_FALSE(lab->jobLabel()->text().contains(QStringLiteral("TF32 comparison done.")));
}

} // namespace
} // namespace fplab::gui
