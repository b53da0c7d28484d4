// The transformer page's per-operation overrides and dtype trace on the offscreen platform: overrides typed in the
// form reach the run's precision as core's applyPrecisionOverrides makes it, the dtype trace tab shows core's trace
// of that run row for row, a bad override is named under the field and refused by Start, and the overrides survive a
// restart and a session file; Run every preset overlays the seven presets, one named colour each, and Cancel stops it.
#include "tests/gui/gui_fixture.h"
#include "tests/training/transformer_gui_support.h"

#include "app/gui/training/transformer/dtype_trace_view.h"
#include "app/gui/training/transformer/transformer_charts_view.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_panel.h"
#include "app/gui/training/transformer/transformer_settings.h"

#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using testing::transformerOf;
using testing::waitUntil;
using namespace fplab::training;

// Two blocks, so that an override can name block 1.
TransformerRunConfig tinyConfig(int steps) {
    TransformerRunConfig c = testing::tinyTransformerConfig(steps);
    c.run.shape.layers = 2;
    return c;
}

TEST(TransformerPrecisionGui, TypedOverridesRunAndTheDtypeTraceIsTheCoresTrace) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    panel->form()->setConfig(tinyConfig(2));
    QLineEdit* edit = panel->form()->overridesEdit();
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("softmax=fp16,residual@1=bf16"));
    EXPECT_TRUE(panel->form()->overridesProblemLabel()->isHidden());
    const TransformerRunConfig config = panel->form()->config();
    EXPECT_EQ(config.overrides, "softmax=fp16,residual@1=bf16");
    TransformerPrecision expected = transformerPreset(TransformerPreset::Fp32, 2);
    ASSERT_EQ(applyPrecisionOverrides(expected, "softmax=fp16,residual@1=bf16"), "");
    TransformerRunSettings settings = config.run;
    settings.precision = config.precision();
    EXPECT_EQ(settings.precision.layer.softmax, FormatId::Fp16);
    EXPECT_EQ(settings.precision.at(1).residual, FormatId::Bf16);
    EXPECT_EQ(settings.precision.at(0).residual, FormatId::Fp32);

    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    ASSERT_TRUE(panel->lastRun().finished);
    // The same first step straight on the core, with the precision built by core's own functions.
    settings.precision = expected;
    TransformerRun direct(settings);
    direct.step();
    const std::vector<PrecisionTraceEntry> trace = direct.precisionTrace();
    ASSERT_FALSE(trace.empty());
    EXPECT_EQ(panel->lastRun().dtypeTrace, trace);
    QTableWidget* table = panel->dtypeTrace()->table();
    ASSERT_EQ(table->rowCount(), int(trace.size()));
    int softmaxRows = 0, bf16ResidualRows = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
        const PrecisionTraceEntry& t = trace[std::size_t(row)];
        EXPECT_EQ(table->item(row, 1)->text(), DtypeTraceView::opText(t.op));
        if (t.op == TransformerOp::Softmax) {
            ++softmaxRows;
            EXPECT_EQ(table->item(row, 3)->text(), QStringLiteral("fp16")) << row;
        }
        if (t.op == TransformerOp::Residual && table->item(row, 3)->text() == QStringLiteral("bf16")) {
            ++bf16ResidualRows;
            EXPECT_EQ(table->item(row, 0)->text(), QStringLiteral("1")) << row;
        }
    }
    EXPECT_GT(softmaxRows, 0);
    EXPECT_GT(bf16ResidualRows, 0);
}

TEST(TransformerPrecisionGui, ABadOverrideIsNamedUnderTheFieldAndStartRefusesIt) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    panel->form()->setConfig(tinyConfig(2));
    QLineEdit* edit = panel->form()->overridesEdit();
    QLabel* problem = panel->form()->overridesProblemLabel();
    edit->setText(QStringLiteral("softmax=fp99"));
    EXPECT_FALSE(problem->isHidden());
    EXPECT_TRUE(problem->text().contains(QStringLiteral("fp99"))) << problem->text().toStdString();
    EXPECT_FALSE(panel->start());
    EXPECT_EQ(panel->statusLabel()->text(), problem->text());
    edit->setText(QStringLiteral("attention=fp16"));
    EXPECT_TRUE(problem->text().contains(QStringLiteral("attention"))) << problem->text().toStdString();
    edit->setText(QStringLiteral("residual@5=bf16"));
    EXPECT_TRUE(problem->text().contains(QStringLiteral("block 5"))) << problem->text().toStdString();
    EXPECT_FALSE(panel->start());
    EXPECT_EQ(panel->runCount(), 0);
    edit->setText(QStringLiteral("residual@1=bf16"));
    EXPECT_TRUE(problem->isHidden());
}

TEST(TransformerPrecisionGui, TheOverridesSurviveARestartAndASessionFile) {
    GuiHarness h;
    TransformerRunConfig c = tinyConfig(2);
    c.overrides = "gelu=bf16";
    transformerOf(h)->form()->setConfig(c);
    h.restart();
    TransformerPanel* panel = transformerOf(h);
    EXPECT_EQ(panel->form()->overridesEdit()->text(), QStringLiteral("gelu=bf16"));
    const QJsonObject saved = panel->saveSession();
    panel->form()->overridesEdit()->clear();
    EXPECT_TRUE(panel->restoreSession(saved, QStringLiteral("Training")).isEmpty());
    EXPECT_EQ(panel->form()->config().overrides, "gelu=bf16");
}

TEST(TransformerPrecisionGui, RunEveryPresetOverlaysTheSevenPresetsAndGivesTheFormItsPresetBack) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    TransformerRunConfig c = tinyConfig(3);
    c.preset = TransformerPreset::AutocastBf16;
    panel->form()->setConfig(c);
    QTest::mouseClick(panel->everyPresetButton(), Qt::LeftButton);
    ASSERT_TRUE(panel->runningEveryPreset());
    EXPECT_FALSE(panel->everyPresetButton()->isEnabled());
    EXPECT_TRUE(panel->statusLabel()->text().startsWith(QStringLiteral("Preset 1 of 7")))
        << panel->statusLabel()->text().toStdString();
    ASSERT_TRUE(waitUntil([&] { return !panel->runningEveryPreset(); }, 300000));
    constexpr int kPresets = int(std::size(kAllTransformerPresets));
    ASSERT_EQ(panel->runCount(), kPresets);
    QStringList names;
    QList<QRgb> colours;
    for (int i = 0; i < kPresets; ++i) {
        QLineSeries* loss = panel->charts()->lossSeries(i);
        ASSERT_NE(loss, nullptr);
        EXPECT_EQ(loss->name(), TransformerForm::presetText(kAllTransformerPresets[i]));
        EXPECT_GT(loss->count(), 0);
        names << loss->name();
        EXPECT_TRUE(panel->charts()->legend()->text().contains(loss->name().toHtmlEscaped())) << i; // never cut short
        colours << loss->color().rgb();
        EXPECT_EQ(panel->charts()->accuracySeries(i)->color(), loss->color());
    }
    EXPECT_EQ(QSet<QString>(names.begin(), names.end()).size(), kPresets);
    EXPECT_EQ(QSet<QRgb>(colours.begin(), colours.end()).size(), kPresets);
    EXPECT_EQ(panel->form()->config().preset, TransformerPreset::AutocastBf16);
    EXPECT_TRUE(panel->everyPresetButton()->isEnabled());
}

TEST(TransformerPrecisionGui, CancelStopsRunEveryPreset) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    panel->form()->setConfig(tinyConfig(100000));
    ASSERT_TRUE(panel->runEveryPreset());
    ASSERT_TRUE(waitUntil([&] { return panel->lastRun().stepsDone >= 2; }, 60000));
    panel->cancel();
    ASSERT_TRUE(waitUntil([&] { return !panel->runningEveryPreset() && !panel->isRunning(); }, 10000));
    QTest::qWait(200);
    EXPECT_FALSE(panel->isRunning());
    EXPECT_EQ(panel->runCount(), 1);
    EXPECT_EQ(panel->form()->config().preset, TransformerPreset::Fp32);
}

} // namespace
} // namespace fplab::gui
