// The transformer page's kept runs in a session file, on the offscreen platform: two runs (one stopped by its first
// overflow) saved, written as JSON text, read into a fresh window and drawn point for point as before; a long run
// saved with bounded series that keep its last step; a corrupt run left out with a sentence naming it while the
// other run and the form still load; a session without runs leaves the kept ones alone.
#include "tests/gui/gui_fixture.h"
#include "tests/training/transformer_gui_support.h"

#include "app/gui/training/transformer/layer_series_view.h"
#include "app/gui/training/transformer/overflow_report_view.h"
#include "app/gui/training/transformer/transformer_charts_view.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_run_json.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineSeries>

#include <bit>
#include <cstdint>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using testing::overflowingTransformerConfig;
using testing::tinyTransformerConfig;
using testing::transformerOf;
using testing::waitUntil;
using namespace fplab::training;

void run(TransformerPanel* panel, const TransformerRunConfig& config) {
    panel->form()->setConfig(config);
    ASSERT_TRUE(panel->start());
    ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }, 60000));
}

// A session's transformer object after a trip through JSON text, as a file holds it.
QJsonObject throughText(const QJsonObject& o) { return QJsonDocument::fromJson(QJsonDocument(o).toJson()).object(); }

std::vector<QPointF> pointsOf(QLineSeries* s) {
    if (!s) return {};
    const QList<QPointF> points = s->points();
    return {points.begin(), points.end()};
}

TEST(TransformerSessionGui, KeptRunsComeBackFromASessionFileChartsIncluded) {
    GuiHarness first;
    TransformerPanel* before = transformerOf(first);
    run(before, tinyTransformerConfig(20));
    run(before, overflowingTransformerConfig());
    ASSERT_EQ(before->runCount(), 2);
    const QJsonObject saved = throughText(before->saveSession());

    GuiHarness second;
    TransformerPanel* after = transformerOf(second);
    EXPECT_EQ(after->runCount(), 0);
    const QStringList problems = after->restoreSession(saved, QStringLiteral("Training"));
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    ASSERT_EQ(after->runCount(), 2);
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(after->charts()->lossSeries(i)->name(), before->charts()->lossSeries(i)->name());
        EXPECT_EQ(pointsOf(after->charts()->lossSeries(i)), pointsOf(before->charts()->lossSeries(i))) << i;
        EXPECT_EQ(pointsOf(after->charts()->accuracySeries(i)), pointsOf(before->charts()->accuracySeries(i))) << i;
    }
    // The shown run is the last kept: its report, its per-layer lines.
    const TransformerRunRecord& a = before->lastRun();
    const TransformerRunRecord& b = after->lastRun();
    ASSERT_TRUE(a.overflow && b.overflow);
    EXPECT_EQ(b.overflowStep, a.overflowStep);
    EXPECT_EQ(b.overflow->site.tensor, a.overflow->site.tensor);
    EXPECT_EQ(b.overflow->operation, a.overflow->operation);
    EXPECT_EQ(b.overflow->element, a.overflow->element);
    EXPECT_EQ(b.overflow->operands, a.overflow->operands);
    EXPECT_EQ(b.overflow->result, a.overflow->result);
    EXPECT_EQ(b.overflow->flags, a.overflow->flags);
    EXPECT_EQ(b.overflow->kind, a.overflow->kind);
    EXPECT_EQ(b.overflow->functionValue, a.overflow->functionValue);
    EXPECT_EQ(after->overflowView()->reportLabel()->text(), before->overflowView()->reportLabel()->text());
    EXPECT_FALSE(a.dtypeTrace.empty());
    EXPECT_EQ(b.dtypeTrace, a.dtypeTrace);
    ASSERT_TRUE(a.attention && b.attention);
    EXPECT_EQ(b.attention->text, a.attention->text);
    ASSERT_EQ(b.attention->probabilities.size(), a.attention->probabilities.size());
    for (std::size_t i = 0; i < a.attention->probabilities.size(); ++i) // NaN rows included, bit for bit
        EXPECT_EQ(std::bit_cast<std::uint32_t>(b.attention->probabilities[i]),
                  std::bit_cast<std::uint32_t>(a.attention->probabilities[i]))
            << i;
    for (LayerStatistic s :
         {LayerStatistic::MaxAttentionLogit, LayerStatistic::ResidualRms, LayerStatistic::UpdateRatio}) {
        before->layerSeries()->setStatistic(s);
        after->layerSeries()->setStatistic(s);
        ASSERT_EQ(after->layerSeries()->seriesCount(), before->layerSeries()->seriesCount());
        for (int block = 0; block < before->layerSeries()->seriesCount(); ++block)
            EXPECT_EQ(pointsOf(after->layerSeries()->series(block)), pointsOf(before->layerSeries()->series(block)));
    }
    EXPECT_EQ(after->form()->config().preset, TransformerPreset::PureFp16);
}

TEST(TransformerSessionGui, ALongRunIsSavedWithBoundedSeriesThatKeepItsLastStep) {
    TransformerRunRecord r;
    r.config = tinyTransformerConfig(5003);
    for (int step = 1; step <= 5003; ++step) {
        r.loss.emplace_back(step, 1.0f / float(step));
        r.layerSteps.push_back(step);
        r.layers.push_back({LayerPoint{float(step), 0.5, step % 3, 2.0f, 1e-3}});
    }
    r.loss[7].second = std::numeric_limits<float>::infinity();
    r.accuracy = {{500, 0.25}, {5003, 0.75}};
    r.stepsDone = 5003;
    r.finished = true;
    const QJsonObject saved = throughText(TransformerRunJson::runToJson(QStringLiteral("long"), r));
    EXPECT_LE(saved.value(QStringLiteral("loss")).toArray().size(), TransformerRunJson::kMaxSavedPoints + 1);
    EXPECT_LE(saved.value(QStringLiteral("layers")).toArray().size(), TransformerRunJson::kMaxSavedPoints + 1);
    GuiHarness h;
    QStringList problems;
    const auto back = TransformerRunJson::readRun(saved, transformerOf(h)->form()->settings(),
                                                  QStringLiteral("Training"), 1, problems);
    ASSERT_TRUE(back.has_value()) << problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(back->name, QStringLiteral("long"));
    const TransformerRunRecord& b = back->record;
    ASSERT_GT(b.loss.size(), 100u);
    EXPECT_EQ(b.loss.back(), r.loss.back());
    EXPECT_EQ(b.loss[0], r.loss[0]);
    for (const auto& [step, loss] : b.loss) EXPECT_EQ(loss, r.loss[std::size_t(step - 1)].second) << step;
    EXPECT_EQ(b.accuracy, r.accuracy);
    ASSERT_EQ(b.layers.size(), b.layerSteps.size());
    EXPECT_EQ(b.layerSteps.back(), 5003);
    for (std::size_t i = 0; i < b.layers.size(); ++i) {
        EXPECT_EQ(b.layers[i][0].maxAttentionLogit, float(b.layerSteps[i]));
        EXPECT_EQ(b.layers[i][0].outlierChannels, b.layerSteps[i] % 3);
    }
    EXPECT_EQ(b.stepsDone, 5003);
    EXPECT_TRUE(b.finished);
}

TEST(TransformerSessionGui, ACorruptRunIsNamedAndLeftOutWhileTheRestLoads) {
    GuiHarness h;
    TransformerPanel* panel = transformerOf(h);
    run(panel, tinyTransformerConfig(4));
    TransformerRunConfig second = tinyTransformerConfig(6);
    second.preset = TransformerPreset::AutocastBf16;
    run(panel, second);
    QJsonObject saved = throughText(panel->saveSession());
    QJsonArray runs = saved.value(QStringLiteral("runs")).toArray();
    QJsonObject bad = runs[0].toObject();
    bad.insert(QStringLiteral("loss"), QStringLiteral("x"));
    runs[0] = bad;
    saved.insert(QStringLiteral("runs"), runs);
    saved.insert(QStringLiteral("steps"), 321);

    panel->clearRuns();
    const QStringList problems = panel->restoreSession(saved, QStringLiteral("Training"));
    ASSERT_EQ(problems.size(), 1) << problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(problems[0].contains(QStringLiteral("kept transformer run 1"))) << problems[0].toStdString();
    EXPECT_TRUE(problems[0].contains(QStringLiteral("“loss”"))) << problems[0].toStdString();
    EXPECT_EQ(panel->runCount(), 1);
    EXPECT_EQ(panel->lastRun().config.preset, TransformerPreset::AutocastBf16);
    EXPECT_EQ(panel->lastRun().stepsDone, 6);
    EXPECT_EQ(panel->form()->config().steps, 321);

    // A session from before the runs were kept: the form is read, the kept run stays.
    saved.remove(QStringLiteral("runs"));
    saved.remove(QStringLiteral("task"));
    saved.remove(QStringLiteral("textPath"));
    saved.remove(QStringLiteral("overrides"));
    EXPECT_TRUE(panel->restoreSession(saved, QStringLiteral("Training")).isEmpty());
    EXPECT_EQ(panel->runCount(), 1);
    // A "runs" that is not a list is named.
    saved.insert(QStringLiteral("runs"), 5);
    const QStringList notAList = panel->restoreSession(saved, QStringLiteral("Training"));
    ASSERT_EQ(notAList.size(), 1);
    EXPECT_TRUE(notAList[0].contains(QStringLiteral("runs"))) << notAList[0].toStdString();
    EXPECT_EQ(panel->runCount(), 1);
}

} // namespace
} // namespace fplab::gui
