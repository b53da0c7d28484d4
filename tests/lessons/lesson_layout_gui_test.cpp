// Every step of every lesson, in English and Chinese, laid out in a 1280x720 window: no table cell
// or header is cut off or pushed out of sight (each text's width, measured with QFontMetrics, against
// the room its cell has on screen; a text too long for its column must be elided, with a tooltip, in a
// column that still shows a few characters), no tab is scrolled out of its bar, and the experiments
// need no sideways scrolling. The splitters are kept across a restart.
#include "tests/gui/gui_fixture.h"
#include "tests/gui/layout_check.h"

#include "app/gui/lessons/experiment_panel.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/lessons/result_view.h"

#include <QApplication>
#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::clippedTexts;
using testing::GuiHarness;

// Shows every tab of every result view of the step in turn and collects what is cut off.
QStringList clippedInStep(LessonView* view, const QString& where) {
    QStringList problems;
    QTabWidget* experiments = view->experimentTabs();
    problems += clippedTexts(view, where);
    for (int e = 0; e < experiments->count(); ++e) {
        experiments->setCurrentIndex(e);
        QApplication::processEvents();
        ExperimentPanel* panel = view->experimentPanels().value(e);
        if (!panel) continue;
        const QString here = QStringLiteral("%1, experiment \"%2\"").arg(where, experiments->tabText(e));
        problems += clippedTexts(panel, here);
        QTabWidget* tabs = panel->results()->tabs();
        for (int t = 0; t < tabs->count(); ++t) {
            tabs->setCurrentIndex(t);
            QApplication::processEvents();
            problems += clippedTexts(tabs->widget(t), here + QStringLiteral(", tab \"%1\"").arg(tabs->tabText(t)));
        }
    }
    problems.removeDuplicates();
    return problems;
}

// The size the Lessons section has in a main window of `window` size. (Measured in the real window and
// applied to a section of its own: another section's minimum height must not decide this one's room.)
QSize lessonsSizeIn(GuiHarness& h, const QSize& window) {
    h.window().showSection(QStringLiteral("lessons"));
    h.window().resize(1280, 800);
    QApplication::processEvents();
    const QSize chrome = h.window().size() - h.window().section(QStringLiteral("lessons"))->size();
    return window - chrome;
}

void checkEveryStep(const QString& language) {
    GuiHarness h;
    h.settings().language.set(language);
    h.language().setLanguage(language);
    const QSize size = lessonsSizeIn(h, QSize(1280, 720));
    LessonsSection s({h.settings(), h.theme()});
    s.resize(size);
    s.show();
    s.activated();
    QApplication::processEvents();
    ASSERT_EQ(s.size(), size) << "the Lessons section does not fit a 1280x720 window";
    QStringList problems;
    for (const lessons::LessonEntry& entry : s.library().lessons()) {
        const QString id = QString::fromStdString(entry.id);
        ASSERT_TRUE(s.openLesson(id, 0));
        LessonView* view = s.view();
        for (int step = 0; step < view->stepCount(); ++step) {
            view->goToStep(step);
            QApplication::processEvents();
            problems += clippedInStep(view, QStringLiteral("%1 %2 step %3").arg(language, id).arg(step + 1));
        }
    }
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " clipped:\n"
                                    << problems.join(QLatin1Char('\n')).toStdString();
    h.settings().language.set(QStringLiteral("en"));
}

TEST(LessonLayout, EveryStepFitsA1280x720WindowInEnglish) { checkEveryStep(QStringLiteral("en")); }

TEST(LessonLayout, EveryStepFitsA1280x720WindowInChinese) { checkEveryStep(QStringLiteral("zh_CN")); }

TEST(LessonLayout, TheSplittersAreKeptAcrossARestart) {
    GuiHarness h;
    h.window().showSection(QStringLiteral("lessons"));
    auto* s = h.section<LessonsSection>(QStringLiteral("lessons"));
    ASSERT_NE(s, nullptr);
    QSplitter* splitter = s->view()->splitter();
    QList<int> sizes = splitter->sizes();
    ASSERT_EQ(sizes.size(), 2);
    const int total = sizes[0] + sizes[1];
    splitter->setSizes({total / 4, total - total / 4});
    const QList<int> moved = splitter->sizes();
    h.restart();
    auto* again = h.section<LessonsSection>(QStringLiteral("lessons"));
    ASSERT_NE(again, nullptr);
    h.window().showSection(QStringLiteral("lessons"));
    QApplication::processEvents();
    EXPECT_EQ(again->view()->splitter()->sizes(), moved);
}

} // namespace
} // namespace fplab::gui
