// Every view of the main window in a 1280x720 window (the smallest screen's available area), in English and
// Chinese, light theme: each section in the section list with its typical result (what fplab --screenshot
// shows), every tab of it, and every dialog of the Help menu and the Explorer. Nothing is cut off
// (clippedTexts: cells, headers, tabs; cutChartTextsUnder: the titles, axis titles, axis labels and legend
// labels of every chart), every control lies inside its window without maximizing, the status
// bar shows, and no view needs sideways scrolling. Each problem is listed by language, view, tab and text.
// Every results table is checked with rows in it. The Lessons and Training sections are left to their own layout
// tests (tests/lessons/lesson_layout_gui_test.cpp for the lessons; the Training section's is its own): skipped here.
#include "tests/gui/chart_text_check.h"
#include "tests/gui/gui_fixture.h"
#include "tests/gui/layout_check.h"

#include "app/gui/explorer/custom_format_dialog.h"
#include "app/gui/shell/about_dialog.h"
#include "app/gui/shell/getting_started.h"
#include "app/gui/shell/section.h"
#include "app/gui/shell/shortcuts_dialog.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QGraphicsView>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

using testing::clippedTexts;
using testing::GuiHarness;

const QSize kScreen(1280, 720);

void settle() {
    for (int i = 0; i < 3; ++i) QApplication::processEvents();
}

bool skippedSection(const QString& id) { return id == QLatin1String("lessons") || id == QLatin1String("training"); }

// Whether `w` is the viewport of a scroll area whose content may lie outside the window (it scrolls there).
// The sections' own scroller is not one of them: at 100 % it must not scroll at all.
bool scrollsItsContent(const QWidget* w) {
    const auto* area = qobject_cast<const QAbstractScrollArea*>(w->parentWidget());
    return area && area->viewport() == w && area->objectName() != QLatin1String("sectionScroller");
}

// Every visible widget under `widget` whose rectangle reaches outside `top`'s.
void collectOutside(QWidget* top, QWidget* widget, const QString& where, QStringList& problems) {
    for (QWidget* child : widget->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (child->isWindow() || !child->isVisible()) continue;
        const QRect r(child->mapTo(top, QPoint(0, 0)), child->size());
        if (!top->rect().contains(r)) {
            const QString name = child->objectName().isEmpty() ? QString::fromLatin1(child->metaObject()->className())
                                                               : child->objectName();
            problems << QStringLiteral("%1: %2 at (%3,%4) %5x%6 reaches outside the %7x%8 window")
                            .arg(where, name)
                            .arg(r.x())
                            .arg(r.y())
                            .arg(r.width())
                            .arg(r.height())
                            .arg(top->width())
                            .arg(top->height());
            continue; // its children are outside too: one line is enough
        }
        if (!scrollsItsContent(child)) collectOutside(top, child, where, problems);
    }
}

// Tables, lists and text views that show a sideways scroll bar (a chart or a tree drawing pans instead).
QStringList sidewaysScrolling(QWidget* root, const QString& where) {
    QStringList problems;
    for (QAbstractScrollArea* area : root->findChildren<QAbstractScrollArea*>()) {
        if (!area->isVisible() || qobject_cast<QGraphicsView*>(area)) continue;
        if (area->horizontalScrollBar()->isVisible())
            problems << QStringLiteral("%1: %2 %3 needs sideways scrolling")
                            .arg(where, QString::fromLatin1(area->metaObject()->className()), area->objectName());
    }
    return problems;
}

QStringList problemsIn(QWidget* top, const QString& where) {
    QStringList problems = clippedTexts(top, where) + testing::cutChartTextsUnder(top, where);
    collectOutside(top, top, where, problems);
    // The scroller that keeps a zoomed window on the screen: at 100 % it shows every section whole.
    for (QAbstractScrollArea* area : top->findChildren<QAbstractScrollArea*>(QStringLiteral("sectionScroller")))
        if (area->verticalScrollBar()->isVisible())
            problems << QStringLiteral("%1: the section needs more height than the window has").arg(where);
    for (const QString& p : sidewaysScrolling(top, where))
        if (!problems.contains(p)) problems << p;
    return problems;
}

// The tab widgets under `page` that no other tab widget under `page` holds.
QList<QTabWidget*> outermostTabs(QWidget* page) {
    QList<QTabWidget*> outermost;
    for (QTabWidget* tabs : page->findChildren<QTabWidget*>()) {
        bool nested = false;
        for (QWidget* p = tabs->parentWidget(); p && p != page; p = p->parentWidget())
            nested = nested || qobject_cast<QTabWidget*>(p);
        if (!nested) outermost << tabs;
    }
    return outermost;
}

// Shows every tab (and every tab inside it) of `page` in turn and checks the whole window each time.
void walkTabs(QWidget* window, QWidget* page, const QString& where, QStringList& problems) {
    const QList<QTabWidget*> tabs = outermostTabs(page);
    if (tabs.isEmpty()) {
        problems += problemsIn(window, where);
        return;
    }
    for (QTabWidget* t : tabs)
        for (int i = 0; i < t->count(); ++i) {
            if (!t->isTabEnabled(i)) continue;
            t->setCurrentIndex(i);
            settle();
            walkTabs(window, t->widget(i), QStringLiteral("%1, tab \"%2\"").arg(where, t->tabText(i)), problems);
        }
}

QStringList problemsInDialog(QDialog* dialog, const QString& where) {
    dialog->show();
    settle();
    QStringList problems;
    if (dialog->width() > kScreen.width() || dialog->height() > kScreen.height())
        problems << QStringLiteral("%1: the dialog is %2x%3, larger than the screen")
                        .arg(where)
                        .arg(dialog->width())
                        .arg(dialog->height());
    problems += problemsIn(dialog, where);
    dialog->hide();
    return problems;
}

QStringList checkEveryView(const QString& language) {
    GuiHarness h;
    h.theme().apply(ThemeMode::Light);
    EXPECT_TRUE(h.language().setLanguage(language));
    MainWindow& w = h.window();
    QStringList problems;
    for (Section* s : w.sections()) {
        if (skippedSection(s->id())) continue;
        w.showSection(s->id());
        w.resize(kScreen);
        settle();
        // Each screenshot fills one view with its typical result (the GPU Lab's: a GEMM, a TF32 run, a
        // fingerprint); the results stay while the other tabs are shown.
        for (const QString& name : s->screenshotNames()) {
            s->prepareScreenshot(name);
            settle();
        }
        const QString where = QStringLiteral("%1 %2").arg(language, s->title());
        if (!w.statusBar()->isVisible() || !w.rect().contains(w.statusBar()->geometry()))
            problems << where + QStringLiteral(": the status bar is not visible");
        walkTabs(&w, s, where, problems);
        if (w.size() != kScreen)
            problems << QStringLiteral("%1 %2: the window grew to %3x%4")
                            .arg(language, s->title())
                            .arg(w.width())
                            .arg(w.height());
    }
    // The tables were checked with rows in them: each view had its result.
    for (const char* name : {"formatTable", "operationTable", "blockScales", "blockElements", "blockRuleComparison",
                             "gpuGemmTable", "gpuSpeedTable", "gpuTf32Table", "gpuFingerprintTable", "probeTable"}) {
        const auto* table = w.findChild<QTableView*>(QString::fromLatin1(name));
        if (!table || !table->model() || table->model()->rowCount() == 0)
            problems << QStringLiteral("%1: table %2 was checked empty").arg(language, QString::fromLatin1(name));
    }
    {
        ShortcutsDialog dialog(w.allActions(), &w);
        problems += problemsInDialog(&dialog, language + QStringLiteral(" Help > Keyboard shortcuts"));
    }
    {
        GettingStartedDialog dialog(&w);
        problems += problemsInDialog(&dialog, language + QStringLiteral(" Help > Getting started"));
    }
    {
        AboutDialog dialog(&w);
        problems += problemsInDialog(&dialog, language + QStringLiteral(" Help > About"));
    }
    {
        CustomFormatDialog dialog(&w);
        problems += problemsInDialog(&dialog, language + QStringLiteral(" Explorer > Custom format"));
    }
    problems.removeDuplicates();
    return problems;
}

TEST(EveryViewLayout, EveryViewFitsA1280x720WindowInEnglish) {
    const QStringList problems = checkEveryView(QStringLiteral("en"));
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " problems:\n"
                                    << problems.join(QLatin1Char('\n')).toStdString();
}

TEST(EveryViewLayout, EveryViewFitsA1280x720WindowInChinese) {
    const QStringList problems = checkEveryView(QStringLiteral("zh_CN"));
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " problems:\n"
                                    << problems.join(QLatin1Char('\n')).toStdString();
}

} // namespace
} // namespace fplab::gui
