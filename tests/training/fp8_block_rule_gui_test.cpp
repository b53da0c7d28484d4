// The Training form's FP8 block scale rule (offscreen): enabled with the block recipe only, its items core's
// FP8 block rules, reaching the run, and kept by the settings and by session files.
#include "tests/gui/gui_fixture.h"
#include "tests/training/training_gui_support.h"

#include "app/gui/common/enum_combo.h"
#include "app/gui/training/run_controls.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_form.h"

#include <QAction>
#include <QComboBox>
#include <QJsonObject>
#include <QSpinBox>

#include <cmath>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using namespace fplab::training;
using blockscale::ScaleRule;
using testing::GuiHarness;
using testing::trainingOf;
using testing::waitUntil;

// The last step's loss of a short block-recipe run under the rule now chosen, and its fp8 scales.
struct ShortRun {
    float loss = 0;
    std::vector<float> scales;
};
ShortRun runFiveSteps(TrainingSection* s) {
    s->form()->stepsSpin()->setValue(5);
    s->runControls()->startAction()->trigger();
    EXPECT_TRUE(waitUntil(
        [&] { return !s->runControls()->controller()->isRunning() && s->runControls()->run().steps.size() == 5; }));
    ShortRun r;
    r.loss = s->runControls()->run().steps.back().loss;
    for (const Fp8TensorStats& t : s->runControls()->run().steps.back().fp8) r.scales.push_back(t.scale);
    return r;
}

TEST(TrainingGuiBlockRule, RoundUpChangesTheRunAndSurvivesARestart) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    QComboBox* rule = s->form()->blockRuleCombo();
    ASSERT_TRUE(selectEnum(s->form()->modeCombo(), TrainingMode::Fp8Delayed));
    EXPECT_FALSE(rule->isEnabled()); // the block recipe only
    ASSERT_TRUE(selectEnum(s->form()->modeCombo(), TrainingMode::Fp8Block));
    EXPECT_TRUE(rule->isEnabled());
    ASSERT_EQ(rule->count(), int(fp8BlockRules().size()));
    for (int i = 0; i < rule->count(); ++i) EXPECT_EQ(enumAt<ScaleRule>(rule, i), fp8BlockRules()[std::size_t(i)]);
    EXPECT_EQ(currentEnum(rule, ScaleRule::Max6), ScaleRule::Fp32);

    const ShortRun fp32 = runFiveSteps(s);
    ASSERT_TRUE(selectEnum(rule, ScaleRule::RoundUp));
    const ShortRun up = runFiveSteps(s);
    EXPECT_EQ(s->runControls()->controller()->setup().config.fp8.blockRule, ScaleRule::RoundUp);
    EXPECT_NE(up.loss, fp32.loss);
    ASSERT_FALSE(up.scales.empty());
    for (float scale : up.scales) {
        int exp = 0;
        EXPECT_EQ(std::frexp(scale, &exp), 0.5f) << scale; // E8M0: a power of two
    }

    h.restart();
    s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(currentEnum(s->form()->blockRuleCombo(), ScaleRule::Fp32), ScaleRule::RoundUp);
    EXPECT_EQ(s->form()->config().fp8.blockRule, ScaleRule::RoundUp);
}

TEST(TrainingGuiBlockRule, SessionsKeepTheRuleAndRefuseOthers) {
    GuiHarness h;
    TrainingSection* s = trainingOf(h);
    ASSERT_NE(s, nullptr);
    ASSERT_TRUE(selectEnum(s->form()->blockRuleCombo(), ScaleRule::Nearest));
    QJsonObject saved;
    s->saveSession(saved);
    EXPECT_EQ(saved.value(QStringLiteral("fp8BlockRule")).toString(), QStringLiteral("nearest"));

    ASSERT_TRUE(selectEnum(s->form()->blockRuleCombo(), ScaleRule::Fp32));
    EXPECT_TRUE(s->restoreSession(saved).isEmpty());
    EXPECT_EQ(s->form()->config().fp8.blockRule, ScaleRule::Nearest);

    QJsonObject nvfp4 = saved;
    nvfp4.insert(QStringLiteral("fp8BlockRule"), QStringLiteral("max6"));
    const QStringList problems = s->restoreSession(nvfp4);
    ASSERT_EQ(problems.size(), 1) << problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(problems.front().contains(QStringLiteral("fp8BlockRule"))) << problems.front().toStdString();

    QJsonObject older = saved; // saved before the rule was a choice: the FP32 scale it ran with, no problem
    older.remove(QStringLiteral("fp8BlockRule"));
    EXPECT_TRUE(s->restoreSession(older).isEmpty());
    EXPECT_EQ(s->form()->config().fp8.blockRule, ScaleRule::Fp32);
}

} // namespace
} // namespace fplab::gui
