// What a new learner meets: a window sized to the screen's available area that zooming never pushes past it
// (Reset zoom gives the size back), Help > Getting started in both languages, and a first-run pointer to
// lesson 1 that stays away once dismissed.
#include "app/gui/common/chart_style.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/shell/getting_started.h"
#include "app/gui/shell/presentation.h"
#include "app/gui/training/run_charts_view.h"
#include "app/gui/training/training_section.h"
#include "gui_fixture.h"
#include "gui_test_support.h"

#include <QAction>
#include <QLineSeries>
#include <QListWidget>
#include <QLogValueAxis>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QTimer>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::GuiHarness;

QRect availableArea(const QWidget& w) { return w.screen()->availableGeometry(); }

TEST(FirstScreen, TheWindowOpensInsideTheScreensAvailableArea) {
    GuiHarness h;
    const QRect area = availableArea(h.window());
    EXPECT_TRUE(area.contains(h.window().frameGeometry()))
        << "window " << h.window().width() << "x" << h.window().height() << " on a screen of " << area.width() << "x"
        << area.height();
}

TEST(FirstScreen, ZoomKeepsTheWindowOnTheScreenAndResetZoomGivesTheSizeBack) {
    GuiHarness h;
    MainWindow& w = h.window();
    const QRect area = availableArea(w);
    const QSize before = w.size();
    for (int i = 0; i < 6; ++i) {
        w.presentation()->zoomIn();
        QApplication::processEvents();
        QApplication::processEvents();
        EXPECT_TRUE(area.contains(w.frameGeometry()))
            << "at " << w.presentation()->zoomPercent() << " %: " << w.width() << "x" << w.height();
    }
    w.presentation()->resetZoom();
    QApplication::processEvents();
    QApplication::processEvents();
    EXPECT_EQ(w.size(), before);
}

// Clicks `button` of the modal dialog that `trigger` opens.
void clickInModalDialog(QAction* trigger, const QString& button, QString* dialogText = nullptr) {
    QTimer::singleShot(0, [&] {
        QWidget* dialog = QApplication::activeModalWidget();
        ASSERT_NE(dialog, nullptr);
        if (dialogText)
            *dialogText = qobject_cast<GettingStartedDialog*>(dialog) ? GettingStartedDialog::guideText() : QString();
        auto* b = dialog->findChild<QPushButton*>(button);
        ASSERT_NE(b, nullptr);
        b->click();
    });
    trigger->trigger();
}

QAction* helpAction(MainWindow& w, const QString& text) {
    for (QAction* a : w.allActions())
        if (a->text().remove(QLatin1Char('&')) == text) return a;
    return nullptr;
}

TEST(FirstScreen, GettingStartedIsInTheHelpMenuInBothLanguagesAndOpensLessonOne) {
    GuiHarness h;
    MainWindow& w = h.window();
    QAction* guide = helpAction(w, QStringLiteral("Getting started"));
    ASSERT_NE(guide, nullptr);
    const QString english = GettingStartedDialog::guideText();
    EXPECT_TRUE(english.contains(QStringLiteral("lesson 1"))) << english.toStdString();
    QString shown;
    clickInModalDialog(guide, QStringLiteral("openFirstLesson"), &shown);
    EXPECT_EQ(shown, english);
    auto* lessons = h.section<LessonsSection>(QStringLiteral("lessons"));
    ASSERT_NE(lessons, nullptr);
    EXPECT_EQ(w.currentSection(), lessons);
    EXPECT_EQ(lessons->lessonList()->currentRow(), 0);
    EXPECT_EQ(lessons->view()->step(), 0);

    ASSERT_TRUE(h.language().setLanguage(QStringLiteral("zh_CN")));
    EXPECT_EQ(guide->text().remove(QLatin1Char('&')), QStringLiteral("入门指南(G)"));
    const QString chinese = GettingStartedDialog::guideText();
    EXPECT_NE(chinese, english);
    EXPECT_TRUE(chinese.contains(QStringLiteral("第 1 课"))) << chinese.toStdString();
}

TEST(FirstScreen, TheFirstRunPointerOpensLessonOneAndStaysAwayOnceDismissed) {
    GuiHarness h;
    FirstRunPointer* pointer = h.window().firstRunPointer();
    ASSERT_NE(pointer, nullptr);
    EXPECT_TRUE(pointer->isVisible());
    EXPECT_EQ(h.window().currentSection()->id(), QStringLiteral("explorer"));
    pointer->openButton()->click();
    auto* lessons = h.section<LessonsSection>(QStringLiteral("lessons"));
    EXPECT_EQ(h.window().currentSection(), lessons);
    EXPECT_EQ(lessons->lessonList()->currentRow(), 0);
    EXPECT_TRUE(pointer->isVisible()); // opening the lesson is not dismissing the hint

    h.restart();
    EXPECT_TRUE(h.window().firstRunPointer()->isVisible());
    h.window().firstRunPointer()->dismissButton()->click();
    EXPECT_FALSE(h.window().firstRunPointer()->isVisible());
    EXPECT_TRUE(h.settings().firstRunPointerDismissed.get());
    h.restart();
    EXPECT_FALSE(h.window().firstRunPointer()->isVisible());
    EXPECT_TRUE(helpAction(h.window(), QStringLiteral("Getting started"))); // the guide stays
}

// Before any run the loss legend names no smoothing span (it used to say "about 2 steps"), and the loss scale's
// log axis reads in powers of two.
TEST(FirstScreen, TheTrainingChartsBeforeAnyRunClaimNothing) {
    GuiHarness h;
    auto* training = h.section<TrainingSection>(QStringLiteral("training"));
    ASSERT_NE(training, nullptr);
    EXPECT_EQ(training->charts()->smoothedLossSeries()->name(), QStringLiteral("smoothed"));
    QLogValueAxis* scale = nullptr;
    for (QAbstractAxis* a : training->charts()->scaleSeries()->attachedAxes())
        if (auto* log = qobject_cast<QLogValueAxis*>(a)) scale = log;
    ASSERT_NE(scale, nullptr);
    const QStringList labels = powerOfTwoLabels(scale);
    ASSERT_FALSE(labels.isEmpty());
    for (const QString& l : labels) EXPECT_TRUE(l.startsWith(QStringLiteral("2^"))) << l.toStdString();
}

} // namespace
} // namespace fplab::gui
