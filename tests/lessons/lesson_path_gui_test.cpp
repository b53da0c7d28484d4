// Lessons as a path: a lesson counts as done only when its checks are answered; the last step
// offers the next lesson; Alt+Right / Alt+Left step wherever the focus is in the section; lesson 9
// ends with buttons that open the Training section with its settings; every section link of every
// lesson is accepted by its section; two experiments of one step never share a tab title.
#include "tests/gui/gui_fixture.h"
#include "tests/lessons/lessons_gui_support.h"

#include "app/gui/lessons/checkpoint_widget.h"
#include "app/gui/lessons/lesson_progress.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/shell/section_links.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_section.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;
using testing::lessonOpenAt;
using testing::lessonsOf;

TEST(LessonPath, ALessonIsDoneOnlyWhenItsChecksAreAnswered) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("overflow"), 0);
    ASSERT_NE(s, nullptr);
    LessonView* v = s->view();
    while (v->step() + 1 < v->stepCount()) v->next();
    QListWidgetItem* item = s->lessonList()->item(2);
    // Every step seen, no check answered: started, not done.
    EXPECT_TRUE(item->text().startsWith(QStringLiteral("◐"))) << item->text().toStdString();
    EXPECT_TRUE(item->text().contains(QStringLiteral("0/3 checks"))) << item->text().toStdString();
    for (int step = 0; step < v->stepCount(); ++step) {
        v->goToStep(step);
        for (CheckpointWidget* cp : v->checkpoints()) cp->choose(cp->correctIndex());
    }
    item = s->lessonList()->item(2);
    EXPECT_TRUE(item->text().startsWith(QStringLiteral("✔"))) << item->text().toStdString();
    EXPECT_TRUE(item->text().contains(QStringLiteral("3/3 checks"))) << item->text().toStdString();
}

TEST(LessonPath, TheLastStepOffersTheNextLesson) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("overflow"), 3);
    ASSERT_NE(s, nullptr);
    LessonView* v = s->view();
    ASSERT_EQ(v->step() + 1, v->stepCount());
    EXPECT_TRUE(v->nextButton()->isEnabled());
    EXPECT_EQ(v->nextButton()->text(), QStringLiteral("Next lesson ▶"));
    EXPECT_TRUE(v->nextButton()->toolTip().contains(QStringLiteral("4. Underflow")))
        << v->nextButton()->toolTip().toStdString();
    QTest::mouseClick(v->nextButton(), Qt::LeftButton);
    ASSERT_NE(v->lesson(), nullptr);
    EXPECT_EQ(v->lesson()->id, "swamping");
    EXPECT_EQ(v->step(), 0);
    EXPECT_EQ(s->lessonList()->currentRow(), 3);
    // The last lesson's last step has nowhere to go.
    const auto& all = s->library().lessons();
    ASSERT_TRUE(s->openLesson(QString::fromStdString(all.back().id), 1000));
    EXPECT_FALSE(v->nextButton()->isEnabled());
}

TEST(LessonPath, AltRightAndAltLeftStepWhereverTheFocusIs) {
    GuiHarness h;
    LessonsSection* s = lessonsOf(h);
    ASSERT_NE(s, nullptr);
    h.window().activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&h.window()));
    ASSERT_TRUE(s->openLesson(QStringLiteral("overflow"), 0));
    LessonView* v = s->view();
    s->lessonList()->setFocus();
    QTest::keyClick(s->lessonList(), Qt::Key_Right, Qt::AltModifier);
    EXPECT_EQ(v->step(), 1);
    EXPECT_EQ(v->lesson()->id, "overflow"); // the list did not take the key
    QTest::keyClick(s->lessonList(), Qt::Key_Left, Qt::AltModifier);
    EXPECT_EQ(v->step(), 0);
    v->narration()->setFocus();
    QTest::keyClick(v->narration(), Qt::Key_Right, Qt::AltModifier);
    EXPECT_EQ(v->step(), 1);
    // The keys are on the buttons' tooltips and in the section's menu (and so the shortcuts dialog).
    EXPECT_TRUE(v->nextButton()->toolTip().contains(QStringLiteral("Alt+Right")))
        << v->nextButton()->toolTip().toStdString();
    EXPECT_TRUE(v->backButton()->toolTip().contains(QStringLiteral("Alt+Left")))
        << v->backButton()->toolTip().toStdString();
    EXPECT_TRUE(h.window().allActions().contains(s->nextStepAction()));
    EXPECT_TRUE(h.window().allActions().contains(s->previousStepAction()));
}

TEST(LessonPath, LessonNineEndsWithButtonsThatOpenTraining) {
    GuiHarness h;
    LessonsSection* s = lessonOpenAt(h, QStringLiteral("loss-scaling"), 1000);
    ASSERT_NE(s, nullptr);
    LessonView* v = s->view();
    const QList<QAbstractButton*> buttons = v->linkButtons();
    ASSERT_EQ(buttons.size(), 4);
    EXPECT_TRUE(buttons.front()->isVisible());
    EXPECT_EQ(buttons.front()->text(), QStringLiteral("Open in Training with these settings"));
    EXPECT_FALSE(v->narrationText().contains(QStringLiteral("section:"))); // the links became the buttons
    buttons.front()->click();
    auto* training = h.section<TrainingSection>(QStringLiteral("training"));
    ASSERT_NE(training, nullptr);
    EXPECT_EQ(h.window().currentSection(), training);
    const training::TrainingConfig c = training->form()->config();
    EXPECT_EQ(c.mode, training::TrainingMode::Fp16);
    EXPECT_EQ(c.dataset, training::DatasetKind::TinyGrad);
    EXPECT_EQ(c.steps, 300);
}

// Every "section:" link of every step, in both languages.
TEST(LessonPath, EverySectionLinkOfEveryLessonIsAccepted) {
    GuiHarness h;
    LessonsSection* s = lessonsOf(h);
    ASSERT_NE(s, nullptr);
    const QRegularExpression link(QStringLiteral(R"(\]\((section:[^)\s]+)\))"));
    int followed = 0;
    for (const lessons::LessonEntry& entry : s->library().lessons())
        for (const lessons::Language language : {lessons::Language::English, lessons::Language::Chinese})
            for (const lessons::Step& step : entry.in(language)->steps)
                for (const lessons::Block& block : step.blocks)
                    if (const auto* n = std::get_if<lessons::Narration>(&block)) {
                        QRegularExpressionMatchIterator it = link.globalMatch(QString::fromStdString(n->markdown));
                        while (it.hasNext()) {
                            const QString url = it.next().captured(1);
                            EXPECT_TRUE(followSectionLink(&h.window(), QUrl(url)))
                                << entry.id << ": " << url.toStdString();
                            ++followed;
                        }
                    }
    EXPECT_GE(followed, 12);
}

TEST(LessonPath, NoTwoExperimentsOfAStepShareATabTitle) {
    GuiHarness h;
    LessonsSection* s = lessonsOf(h);
    ASSERT_NE(s, nullptr);
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        h.settings().language.set(language);
        h.language().setLanguage(language);
        for (const lessons::LessonEntry& entry : s->library().lessons()) {
            ASSERT_TRUE(s->openLesson(QString::fromStdString(entry.id), 0));
            LessonView* v = s->view();
            for (int step = 0; step < v->stepCount(); ++step) {
                v->goToStep(step);
                QSet<QString> titles;
                for (int i = 0; i < v->experimentTabs()->count(); ++i) {
                    const QString title = v->experimentTabs()->tabText(i);
                    EXPECT_FALSE(titles.contains(title))
                        << entry.id << " step " << step + 1 << ": " << title.toStdString();
                    titles.insert(title);
                }
            }
        }
    }
    h.settings().language.set(QStringLiteral("en"));
}

} // namespace
} // namespace fplab::gui
