// The links between sections ("Open in Explorer", "Open in Arithmetic", a lesson's "Open in Training with
// these settings"): presets and custom formats open with the value's bits; unknown formats open nothing; a
// training link puts its configuration into the Training section's controls, a bad one changes nothing.
#include "app/gui/arithmetic/arithmetic_section.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/shell/section_links.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_section.h"
#include "gui_fixture.h"

#include <QListWidget>
#include <QTabWidget>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

TEST(SectionLinks, ALessonLinkOpensAPresetInTheExplorer) {
    testing::GuiHarness h;
    ASSERT_TRUE(openValueInExplorer(&h.window(), QStringLiteral("bf16"), 0x3f80));
    const ExplorerState* state = h.section<ExplorerSection>(QStringLiteral("explorer"))->state();
    EXPECT_EQ(state->formatName(), QStringLiteral("bf16"));
    EXPECT_EQ(state->bits(), 0x3f80u);
}

TEST(SectionLinks, ALessonLinkOpensACustomFormatInTheExplorer) {
    testing::GuiHarness h;
    ASSERT_TRUE(openValueInExplorer(&h.window(), QStringLiteral("e5m10-nosub"), 0x3c01));
    const ExplorerState* state = h.section<ExplorerSection>(QStringLiteral("explorer"))->state();
    EXPECT_EQ(state->formatName(), QStringLiteral("e5m10-nosub"));
    EXPECT_FALSE(state->format().subnormals);
    EXPECT_EQ(state->bits(), 0x3c01u);
    EXPECT_TRUE(h.settings().customFormats.get().contains(QStringLiteral("e5m10-nosub")));
}

TEST(SectionLinks, ALessonLinkOpensACustomFormatInArithmetic) {
    testing::GuiHarness h;
    ASSERT_TRUE(openValueInArithmetic(&h.window(), QStringLiteral("e5m10-nosub"), 0x3c01));
    EXPECT_EQ(h.settings().arithmeticFormat.get(), QStringLiteral("e5m10-nosub"));
    EXPECT_EQ(h.window().currentSection(), h.window().section(QStringLiteral("arithmetic")));
}

TEST(SectionLinks, AnUnknownFormatOpensNothing) {
    testing::GuiHarness h;
    EXPECT_FALSE(openValueInExplorer(&h.window(), QStringLiteral("fp17"), 0));
    EXPECT_FALSE(openValueInArithmetic(&h.window(), QStringLiteral("fp17"), 0));
}

TEST(SectionLinks, ATrainingLinkAppliesItsSettings) {
    testing::GuiHarness h;
    auto* training = h.section<TrainingSection>(QStringLiteral("training"));
    ASSERT_NE(training, nullptr);
    ASSERT_TRUE(followSectionLink(&h.window(), QUrl(QStringLiteral("section:training?dataset=tiny-grad&mode=fp16-"
                                                                   "dynamic&steps=300&init-scale=2^30"))));
    EXPECT_EQ(h.window().currentSection(), training);
    const training::TrainingConfig c = training->form()->config();
    EXPECT_EQ(c.dataset, training::DatasetKind::TinyGrad);
    EXPECT_EQ(c.mode, training::TrainingMode::Fp16Dynamic);
    EXPECT_EQ(c.steps, 300);
    EXPECT_EQ(c.scaler.initScale, 0x1p30f);
}

// "Open in Training" shows the loss charts, whichever tab was open before.
TEST(SectionLinks, ATrainingLinkLandsOnTheLossCharts) {
    testing::GuiHarness h;
    auto* training = h.section<TrainingSection>(QStringLiteral("training"));
    ASSERT_NE(training, nullptr);
    QTabWidget* tabs = training->tabs();
    const int charts = tabs->currentIndex();
    tabs->setCurrentIndex(tabs->count() - 1);
    ASSERT_NE(tabs->currentIndex(), charts);
    ASSERT_TRUE(followSectionLink(&h.window(), QUrl(QStringLiteral("section:training?mode=fp16&steps=300"))));
    EXPECT_EQ(tabs->currentIndex(), charts);
    EXPECT_EQ(tabs->tabText(charts), QStringLiteral("Loss and scale"));
}

// A lesson link opens that lesson at that step (the first-run pointer's and Getting started's way to lesson 1).
TEST(SectionLinks, ALessonsLinkOpensTheLessonAtItsStep) {
    testing::GuiHarness h;
    ASSERT_TRUE(followSectionLink(&h.window(), QUrl(QStringLiteral("section:lessons?lesson=overflow&step=2"))));
    auto* lessons = h.section<LessonsSection>(QStringLiteral("lessons"));
    ASSERT_NE(lessons, nullptr);
    EXPECT_EQ(h.window().currentSection(), lessons);
    EXPECT_EQ(lessons->lessonList()->currentRow(), 2);
    EXPECT_EQ(lessons->view()->step(), 1);
    EXPECT_FALSE(followSectionLink(&h.window(), QUrl(QStringLiteral("section:lessons?lesson=nope"))));
}

TEST(SectionLinks, ABadTrainingLinkChangesNothing) {
    testing::GuiHarness h;
    auto* training = h.section<TrainingSection>(QStringLiteral("training"));
    ASSERT_NE(training, nullptr);
    Section* before = h.window().currentSection();
    const int steps = training->form()->config().steps;
    for (const char* link : {"section:training?mode=fp17&steps=7", "section:training?steps=7&colour=red",
                             "section:training?steps=7&scale=3"}) {
        EXPECT_FALSE(followSectionLink(&h.window(), QUrl(QString::fromLatin1(link)))) << link;
        EXPECT_EQ(h.window().currentSection(), before) << link;
        EXPECT_EQ(training->form()->config().steps, steps) << link;
    }
}

} // namespace
} // namespace fplab::gui
