// Every step of every lesson, in English and Chinese, laid out in a 1280x720 window: no table cell
// or header is cut off or pushed out of sight (each text's width, measured with QFontMetrics, against
// the room its cell has on screen; a text too long for its column must be elided, with a tooltip, in a
// column that still shows a few characters), no tab is scrolled out of its bar, and the experiments
// need no sideways scrolling. The splitters are kept across a restart.
#include "tests/gui/gui_fixture.h"

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

using testing::GuiHarness;

// The room a cell's text has: the part of the cell inside the viewport, less the style's text margins.
int visibleWidth(const QRect& cell, const QRect& viewport) {
    return std::max(0, std::min(cell.right(), viewport.right()) - std::max(cell.left(), viewport.left()) + 1);
}

// Whether a text that does not fit is shown elided with its tooltip, in a room that still shows some of it.
bool elidedReadably(const QAbstractItemView* view, const QFontMetrics& fm, const QString& text, const QString& toolTip, int room) {
    return view->textElideMode() != Qt::ElideNone && !toolTip.isEmpty() &&
           room >= fm.horizontalAdvance(text.left(2) + QStringLiteral("…"));
}

// One line per clipped cell, header or tab of the visible tables and tab bars under `root`.
QStringList clippedTexts(QWidget* root, const QString& where) {
    QStringList problems;
    for (QTableView* view : root->findChildren<QTableView*>()) {
        if (!view->isVisible() || !view->model()) continue;
        const QAbstractItemModel* model = view->model();
        const QRect viewport = view->viewport()->rect();
        const int margin = 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
        for (int row = 0; row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column) {
                if (view->isColumnHidden(column) || view->isRowHidden(row)) continue;
                const QModelIndex index = model->index(row, column);
                const QString text = index.data(Qt::DisplayRole).toString();
                if (text.isEmpty()) continue;
                QFont font = view->font();
                if (const QVariant f = index.data(Qt::FontRole); f.isValid()) font = f.value<QFont>();
                const QFontMetrics fm(font);
                const QRect cell = view->visualRect(index);
                const int room = visibleWidth(cell, viewport) - margin;
                bool fits = fm.horizontalAdvance(text) <= room;
                fits = fits || elidedReadably(view, fm, text, index.data(Qt::ToolTipRole).toString(), room);
                if (!fits)
                    problems << QStringLiteral("%1: table %2 cell (%3,%4) \"%5\" needs %6 px, has %7")
                                    .arg(where, view->objectName())
                                    .arg(row)
                                    .arg(column)
                                    .arg(text)
                                    .arg(fm.horizontalAdvance(text))
                                    .arg(room);
            }
        QHeaderView* header = view->horizontalHeader();
        if (header->isVisible()) {
            const QFontMetrics fm(header->font());
            const int headerMargin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
            for (int column = 0; column < model->columnCount(); ++column) {
                if (header->isSectionHidden(column)) continue;
                const QString text = model->headerData(column, Qt::Horizontal).toString();
                const QRect section(header->sectionViewportPosition(column), 0, header->sectionSize(column), header->height());
                const int room = visibleWidth(section, header->viewport()->rect()) - headerMargin;
                // A header shown elided must end in "…" (Qt 6.4's QHeaderView does not elide: it cuts a long
                // text off at both ends) and give the whole text in its tooltip.
                const QString tip = model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
                const bool elided = text.endsWith(QStringLiteral("…")) && !tip.isEmpty() && tip != text;
                if (fm.horizontalAdvance(text) > room || (text != tip && !elided && !tip.isEmpty()))
                    problems << QStringLiteral("%1: table %2 header %3 \"%4\" needs %5 px, has %6")
                                    .arg(where, view->objectName())
                                    .arg(column)
                                    .arg(text)
                                    .arg(fm.horizontalAdvance(text))
                                    .arg(room);
            }
        }
    }
    for (QTabBar* bar : root->findChildren<QTabBar*>()) {
        if (!bar->isVisible()) continue;
        for (int i = 0; i < bar->count(); ++i) {
            const QRect tab = bar->tabRect(i);
            if (tab.left() < 0 || tab.right() > bar->width())
                problems << QStringLiteral("%1: tab \"%2\" lies outside its bar").arg(where, bar->tabText(i));
            // An elided title is allowed when its tooltip gives the whole title.
            const QFontMetrics fm(bar->font());
            const int room = tab.width() - 2 * bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar) / 2;
            if (fm.horizontalAdvance(bar->tabText(i)) > room && bar->tabToolTip(i).isEmpty())
                problems << QStringLiteral("%1: tab \"%2\" is cut off without a tooltip").arg(where, bar->tabText(i));
        }
    }
    for (QScrollArea* area : root->findChildren<QScrollArea*>())
        if (area->isVisible() && area->horizontalScrollBar()->isVisible())
            problems << QStringLiteral("%1: a scroll area needs sideways scrolling").arg(where);
    return problems;
}

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
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " clipped:\n" << problems.join(QLatin1Char('\n')).toStdString();
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
