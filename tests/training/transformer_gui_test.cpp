// The Training section's transformer page on the offscreen platform: a short run on the worker thread filling the
// loss and accuracy charts and the attention map with the core's numbers; pure FP16 without max subtraction stopping
// at its first overflow, whose button opens the Arithmetic section on that operation; the model choice and the
// form kept across a restart; pause and cancel; the page at 1280x720 in English and Chinese.
#include "tests/gui/gui_fixture.h"
#include "tests/gui/layout_check.h"
#include "tests/training/transformer_gui_support.h"

#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/common/steps/step_view.h"
#include "app/gui/training/transformer/attention_heatmap_view.h"
#include "app/gui/training/transformer/layer_series_view.h"
#include "app/gui/training/transformer/overflow_report_view.h"
#include "app/gui/training/transformer/overflow_steps_view.h"
#include "app/gui/training/transformer/transformer_charts_view.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_panel.h"
#include "app/gui/training/transformer/transformer_settings.h"
#include "app/gui/common/enum_combo.h"
#include "app/gui/shell/section_links.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QUrlQuery>

#include <bit>
#include <cmath>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using testing::tinyTransformerConfig;
using testing::trainingOf;
using testing::transformerOf;
using testing::waitUntil;
using namespace fplab::training;

TEST(TransformerGui, ShortRunFinishesAndFillsTheChartsWithTheCoresNumbers) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    const TransformerRunConfig config = tinyTransformerConfig(20);
    panel->form()->setConfig(config);
    ASSERT_TRUE(panel->start());
    EXPECT_TRUE(panel->isRunning());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    const TransformerRunRecord& run = panel->lastRun();
    EXPECT_TRUE(run.finished);
    EXPECT_EQ(run.stepsDone, 20);
    EXPECT_FALSE(run.overflow);
    EXPECT_EQ(panel->runCount(), 1);

    // The same run straight on the core: the chart's loss points are its losses, step for step.
    TransformerRunSettings settings = config.run;
    settings.precision = config.precision();
    TransformerRun direct(settings);
    QLineSeries* loss = panel->charts()->lossSeries(0);
    ASSERT_NE(loss, nullptr);
    ASSERT_EQ(loss->count(), 20);
    // The per-layer tab: one line per block, here the max attention logit of each step.
    panel->layerSeries()->setStatistic(LayerStatistic::MaxAttentionLogit);
    ASSERT_EQ(panel->layerSeries()->seriesCount(), 1);
    QLineSeries* maxLogit = panel->layerSeries()->series(0);
    ASSERT_EQ(maxLogit->count(), 20);
    for (int i = 0; i < 20; ++i) {
        const TransformerStep step = direct.step();
        EXPECT_EQ(loss->at(i).x(), step.step);
        EXPECT_EQ(loss->at(i).y(), double(step.loss)) << "step " << step.step;
        ASSERT_EQ(step.stats.layers.size(), 1u);
        EXPECT_EQ(maxLogit->at(i).y(), double(step.stats.layers[0].maxAttentionLogit)) << "step " << step.step;
    }
    // Held out every second step (20 / 10), and the last value is the core's accuracy after 20 steps.
    QLineSeries* accuracy = panel->charts()->accuracySeries(0);
    ASSERT_EQ(accuracy->count(), 10);
    EXPECT_EQ(accuracy->at(9).x(), 20);
    EXPECT_EQ(accuracy->at(9).y(), 100.0 * direct.heldOutAccuracy());

    // The attention of a held-out example: one layer, two heads, causal rows summing to 1.
    ASSERT_TRUE(run.attention.has_value());
    const AttentionExample& a = *run.attention;
    EXPECT_EQ(a.layers, 1);
    EXPECT_EQ(a.heads, 2);
    EXPECT_EQ(a.length, 5);
    EXPECT_EQ(a.text.size(), 5u);
    for (int head = 0; head < 2; ++head)
        for (int q = 0; q < 5; ++q) {
            double sum = 0;
            for (int k = 0; k < 5; ++k) {
                if (k > q) {
                    EXPECT_EQ(a.at(0, head, q, k), 0.0f);
                }
                sum += a.at(0, head, q, k);
            }
            EXPECT_NEAR(sum, 1.0, 1e-5);
        }
    EXPECT_EQ(panel->attentionView()->headCombo()->count(), 2);
    EXPECT_TRUE(panel->statusLabel()->text().contains(QStringLiteral("20")));
    EXPECT_GT(panel->stepsPerSecond(), 0.0);

    // A second run with another preset is overlaid on the first.
    TransformerRunConfig fp16 = config;
    fp16.preset = TransformerPreset::PureFp16;
    panel->form()->setConfig(fp16);
    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    EXPECT_EQ(panel->runCount(), 2);
    ASSERT_NE(panel->charts()->lossSeries(1), nullptr);
    EXPECT_NE(panel->charts()->lossSeries(0)->name(), panel->charts()->lossSeries(1)->name());
}

// The documented run of docs/training.md (`fplab-cli gpt --preset fp16 --unshifted-softmax --lr 0.5 --steps 40
// --every 10 --batch 4 --dim 16 --layers 1`) stops at step 2 on softmax.exp, element 109, operand 0x4c9d (18.45).
TEST(TransformerGui, PureFp16UnshiftedSoftmaxStopsAndItsButtonOpensArithmeticOnTheOperation) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    panel->form()->setConfig(testing::overflowingTransformerConfig());
    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    const TransformerRunRecord& run = panel->lastRun();
    ASSERT_TRUE(run.overflow.has_value());
    EXPECT_EQ(run.overflowStep, 2);
    EXPECT_EQ(run.stepsDone, 2);
    const OverflowReport& r = *run.overflow;
    EXPECT_EQ(r.site.pass, Pass::Forward);
    EXPECT_EQ(r.site.layer, 0);
    EXPECT_EQ(r.site.tensor, "attn.exp");
    EXPECT_EQ(r.operation, "softmax.exp");
    EXPECT_EQ(r.element, 109u);
    ASSERT_EQ(r.operands.size(), 1u);
    EXPECT_EQ(r.operands[0], 0x4c9du);
    EXPECT_EQ(r.result, 0x7c00u);
    EXPECT_EQ(panel->tabs()->currentWidget(), panel->overflowView());
    const QString report = panel->overflowView()->reportLabel()->text();
    for (const char* part : {"attn.exp", "softmax.exp", "109", "0x4c9d", "0x7c00"})
        EXPECT_TRUE(report.contains(QLatin1String(part))) << part << " not in " << report.toStdString();

    QPushButton* open = panel->overflowView()->arithmeticButton();
    ASSERT_TRUE(open->isVisible());
    ASSERT_TRUE(open->isEnabled());
    QTest::mouseClick(open, Qt::LeftButton);
    QApplication::processEvents();
    ASSERT_EQ(h.window().currentSection()->id(), QStringLiteral("arithmetic"));
    auto* arithmetic = h.section<ArithmeticSection>(QStringLiteral("arithmetic"));
    // e^18.453125 computed by the host in FP64 (the oracle: the C library, not the core), rounded to FP16.
    EXPECT_EQ(h.settings().arithmeticOperation.get(), Operation::Convert);
    EXPECT_EQ(h.settings().arithmeticFormat.get(), QStringLiteral("fp64"));
    EXPECT_EQ(h.settings().arithmeticTarget.get(), QStringLiteral("fp16"));
    EXPECT_EQ(h.settings().arithmeticRounding.get(), RoundingMode::NearestEven);
    const OperationOutcome& outcome = arithmetic->outcome();
    ASSERT_TRUE(outcome.ok()) << outcome.error.toStdString();
    ASSERT_EQ(outcome.operands.size(), 1u);
    EXPECT_EQ(outcome.operands[0].bits, std::bit_cast<std::uint64_t>(std::exp(18.453125)));
    EXPECT_EQ(outcome.result.bits, 0x7c00u);
    EXPECT_TRUE(outcome.result.flags & kOverflow);
    EXPECT_EQ(arithmetic->currentStep(), 0);
}

// A two-operand report opens that operation on both operands (the sum of docs/training.md's LayerNorm case is
// an fma; here an addition built by hand).
// The tab shows the operation itself, step by step: the core's rounding of the report's operand gives the report's
// result and flags, and its steps are the Arithmetic section's for the same link.
TEST(TransformerGui, TheFirstOverflowTabShowsTheOperationStepByStepAsArithmeticDoes) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    panel->form()->setConfig(testing::overflowingTransformerConfig());
    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
    ASSERT_TRUE(panel->lastRun().overflow.has_value());
    const OverflowReport report = *panel->lastRun().overflow;
    OverflowStepsView* steps = panel->overflowView()->stepsView();
    ASSERT_TRUE(steps->isVisible());
    ASSERT_TRUE(steps->outcome().ok());
    EXPECT_EQ(steps->outcome().result.bits, report.result);
    EXPECT_TRUE(steps->outcome().result.flags & kOverflow);
    ASSERT_GE(steps->steps().size(), 2u);
    EXPECT_EQ(steps->currentStep(), 0);
    EXPECT_FALSE(steps->backButton()->isEnabled());
    QTest::mouseClick(steps->nextButton(), Qt::LeftButton);
    EXPECT_EQ(steps->currentStep(), 1);
    EXPECT_TRUE(steps->stepView()->titleText().endsWith(steps->steps()[1].title))
        << steps->stepView()->titleText().toStdString();
    steps->goToStep(int(steps->steps().size()) - 1);
    EXPECT_FALSE(steps->nextButton()->isEnabled());

    QTest::mouseClick(panel->overflowView()->arithmeticButton(), Qt::LeftButton);
    QApplication::processEvents();
    auto* arithmetic = h.section<ArithmeticSection>(QStringLiteral("arithmetic"));
    ASSERT_NE(arithmetic, nullptr);
    ASSERT_EQ(arithmetic->steps().size(), steps->steps().size());
    for (std::size_t i = 0; i < steps->steps().size(); ++i) {
        EXPECT_EQ(arithmetic->steps()[i].title, steps->steps()[i].title) << i;
        EXPECT_EQ(arithmetic->steps()[i].text, steps->steps()[i].text) << i;
    }
}

TEST(TransformerGui, AnAdditionsReportLinksToTheAdditionOnItsOperands) {
    OverflowReport r;
    r.kind = Operation::Add;
    r.format = FormatId::Fp16;
    r.operands = {0x7bf7, 0x7bf7};
    r.result = 0x7c00;
    const std::optional<QUrl> link = overflowArithmeticLink(r);
    ASSERT_TRUE(link.has_value());
    const std::optional<LinkedOperation> linked = linkedOperation(QUrlQuery(*link));
    ASSERT_TRUE(linked.has_value());
    EXPECT_EQ(linked->op, Operation::Add);
    EXPECT_EQ(linked->a.formatName, QStringLiteral("fp16"));
    EXPECT_EQ(linked->operands, (std::vector<quint64>{0x7bf7, 0x7bf7}));
    r.operands.clear(); // a report without operands has no link
    EXPECT_FALSE(overflowArithmeticLink(r).has_value());
}

TEST(TransformerGui, TheModelChoiceAndTheFormSurviveARestart) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    TransformerRunConfig c = tinyTransformerConfig(77);
    c.preset = TransformerPreset::PureFp16;
    c.softmaxSubtractsMax = false;
    c.run.learningRate = 0.02f;
    c.run.seed = 9;
    panel->form()->setConfig(c);
    h.restart();
    TrainingSection* s = trainingOf(h);
    EXPECT_EQ(s->model(), TrainingModel::Transformer);
    const TransformerRunConfig back = s->transformer()->form()->config();
    EXPECT_EQ(back.preset, TransformerPreset::PureFp16);
    EXPECT_FALSE(back.softmaxSubtractsMax);
    EXPECT_EQ(back.run.digits, 1);
    EXPECT_EQ(back.run.shape.dim, 8);
    EXPECT_EQ(back.run.shape.heads, 2);
    EXPECT_EQ(back.run.shape.layers, 1);
    EXPECT_EQ(back.run.shape.context, 5);
    EXPECT_EQ(back.run.batch, 8);
    EXPECT_FLOAT_EQ(back.run.learningRate, 0.02f);
    EXPECT_EQ(back.run.seed, 9u);
    EXPECT_EQ(back.steps, 77);
    s->setModel(TrainingModel::Mlp);
    h.restart();
    EXPECT_EQ(trainingOf(h)->model(), TrainingModel::Mlp);
}

TEST(TransformerGui, PauseHoldsTheStepsAndCancelEndsTheRunKeepingWhatItDid) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    panel->form()->setConfig(tinyTransformerConfig(100000));
    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return panel->lastRun().stepsDone >= 3; }, 60000));
    QTest::mouseClick(panel->pauseButton(), Qt::LeftButton);
    ASSERT_TRUE(panel->isPaused());
    QTest::qWait(300); // the step in progress ends
    const int held = panel->lastRun().stepsDone;
    QTest::qWait(300);
    EXPECT_EQ(panel->lastRun().stepsDone, held);
    QTest::mouseClick(panel->pauseButton(), Qt::LeftButton);
    EXPECT_FALSE(panel->isPaused());
    ASSERT_TRUE(waitUntil([&] { return panel->lastRun().stepsDone > held; }, 60000));
    QElapsedTimer cancelling;
    cancelling.start();
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 5000));
    EXPECT_LT(cancelling.elapsed(), 5000);
    EXPECT_FALSE(panel->lastRun().finished);
    EXPECT_LT(panel->lastRun().stepsDone, 100000);
    EXPECT_EQ(panel->runCount(), 1);
    EXPECT_TRUE(panel->startButton()->isEnabled());
}

void checkLayout(const QString& language) {
    GuiHarness h;
    h.settings().language.set(language);
    h.language().setLanguage(language);
    TrainingSection* s = trainingOf(h);
    s->setModel(TrainingModel::Transformer);
    s->prepareScreenshot(QStringLiteral("training-transformer"));
    h.window().show();
    h.window().resize(1280, 720);
    QApplication::processEvents();
    // The sections sit in a scroll area: a page too large for the window shows its scroll bars.
    auto* scroller = h.window().findChild<QScrollArea*>(QStringLiteral("sectionScroller"));
    ASSERT_NE(scroller, nullptr);
    const std::string where = language.toStdString() + ": the section needs " +
                              std::to_string(s->minimumSizeHint().width()) + "x" +
                              std::to_string(s->minimumSizeHint().height());
    EXPECT_FALSE(scroller->horizontalScrollBar()->isVisible()) << where;
    EXPECT_FALSE(scroller->verticalScrollBar()->isVisible()) << where;
    EXPECT_EQ(h.window().size(), QSize(1280, 720));
    QStringList problems;
    QTabWidget* tabs = s->transformer()->tabs();
    for (int t = 0; t < tabs->count(); ++t) {
        tabs->setCurrentIndex(t);
        QApplication::processEvents();
        problems += testing::clippedTexts(s, QStringLiteral("%1, tab %2").arg(language, tabs->tabText(t)));
    }
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    // The form's scroll area never scrolls sideways, so its content must fit its width.
    for (QScrollArea* area : s->transformer()->findChildren<QScrollArea*>())
        EXPECT_LE(area->widget()->minimumSizeHint().width(), area->viewport()->width()) << where;
    // Every label of the form shows its whole text.
    for (QLabel* label : s->transformer()->form()->findChildren<QLabel*>())
        EXPECT_GE(label->width(), label->fontMetrics().horizontalAdvance(label->text()))
            << language.toStdString() << " " << label->text().toStdString();
    h.settings().language.set(QStringLiteral("en"));
}

TEST(TransformerGui, ThePageFitsA1280x720WindowInEnglish) { checkLayout(QStringLiteral("en")); }
TEST(TransformerGui, ThePageFitsA1280x720WindowInChinese) { checkLayout(QStringLiteral("zh_CN")); }

} // namespace
} // namespace fplab::gui
