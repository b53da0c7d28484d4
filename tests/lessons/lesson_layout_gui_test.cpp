// Every step of every lesson, in English and Chinese, in the main window at 1280x720 (not maximized), with the
// step's experiments run on the lesson's values and each of their result tabs shown in turn:
// - no table cell or header is cut off (each text's width, measured with QFontMetrics, against the room its
//   cell has on screen; a text too long for its column must be elided, with a tooltip, in a column that still
//   shows a few characters), no tab is scrolled out of its bar, no label or button text is cut off, and nothing
//   needs sideways scrolling;
// - Back/Next and the status bar are seen whole inside the window;
// - the narration keeps room for some lines of text;
// - a table shows all its rows or at least six (kRowsShown), and fits the experiment's pane, so the pane can
//   be scrolled to show them all at once; no header is shown elided (they wrap onto two or three lines instead);
// - a row of bits (FP64's 64 of them) fits its widget with cells wide enough for a digit, its field labels
//   side by side without overlapping, and no widget of a step overlaps another one in its layout;
// - every chart draws its title, axis titles, axis labels and legend labels whole, inside what its view shows
//   (tests/gui/chart_text_check.h).
// Each problem is named by language, lesson and step. The splitters are kept across a restart.
#include "tests/gui/chart_text_check.h"
#include "tests/gui/geometry_check.h"
#include "tests/gui/gui_fixture.h"
#include "tests/gui/layout_check.h"

#include "app/gui/common/bit_row_widget.h"
#include "app/gui/lessons/bit_lines.h"
#include "app/gui/lessons/experiment_panel.h"
#include "app/gui/lessons/lesson_view.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/lessons/result_view.h"

#include <QApplication>
#include <QChartView>
#include <QDir>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>

#include <gtest/gtest.h>

#include <algorithm>

namespace fplab::gui {
namespace {

using testing::clippedTexts;
using testing::cutChartTextsUnder;
using testing::cutOffTexts;
using testing::GuiHarness;
using testing::overlappingWidgets;
using testing::shownWhole;
using testing::widgetName;

// The rule for tables: all rows, or when there are more, at least this many, seen at once. Six rows show a
// table's pattern (a range, a stall, a ladder of formats) beside the narration; the longest tables (every
// step of a sum, every format) would otherwise push the rest of the step out of a 720-pixel window.
constexpr int kRowsShown = 6;
// The narration keeps at least this many lines of text in view, whatever the step's checkpoints need.
constexpr int kNarrationLines = 8;

// Lets a change of size travel up the nested layouts to the experiment's scroll area: each level posts a layout
// request to the next one, handled in the next round of events.
void settleLayouts() {
    for (int round = 0; round < 4; ++round) QApplication::processEvents();
}

// The rows of `table` whose cells are seen whole in its viewport.
int rowsSeen(const QTableView* table) {
    int seen = 0;
    const QRect viewport = table->viewport()->rect();
    for (int row = 0; row < table->model()->rowCount(); ++row)
        if (viewport.contains(table->visualRect(table->model()->index(row, 0)))) ++seen;
    return seen;
}

// Every header shown elided ("expo…"): at 1280x720 every lesson's headers fit whole, on one line or wrapped onto
// two or three. Each is named with the room its whole text would need, measured as Qt draws a word-wrapped text
// (QFontMetrics::boundingRect with Qt::TextWordWrap; Chinese breaks between characters).
QStringList elidedHeaders(const QTableView* table, const QString& where) {
    const QHeaderView* header = table->horizontalHeader();
    const QFontMetrics fm(header->font());
    const int margin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    QStringList problems;
    for (int c = 0; c < table->model()->columnCount(); ++c) {
        const QString shown = table->model()->headerData(c, Qt::Horizontal).toString();
        if (table->isColumnHidden(c) || !shown.contains(QStringLiteral("…"))) continue;
        const QString whole = table->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
        const int room = header->sectionSize(c) - margin;
        const QRect wrapped = fm.boundingRect(QRect(0, 0, room, 100 * fm.lineSpacing()), Qt::TextWordWrap, whole);
        const QString need =
            wrapped.width() > room
                ? QStringLiteral("a word wider than its %1 px").arg(room)
                : QStringLiteral("%1 lines of its %2 px").arg(wrapped.height() / fm.lineSpacing()).arg(room);
        problems << QStringLiteral("%1: table %2 shows the header \"%3\" elided (\"%4\": %5)")
                        .arg(where, widgetName(table), shown, whole, need);
    }
    return problems;
}

QStringList tableProblems(QWidget* root, const QScrollArea* pane, const QString& where) {
    QStringList problems;
    for (QTableView* table : root->findChildren<QTableView*>()) {
        if (!table->isVisible() || !table->model()) continue;
        problems += elidedHeaders(table, where);
        const int rows = table->model()->rowCount();
        const int wanted = std::min(rows, kRowsShown);
        if (rowsSeen(table) < wanted)
            problems << QStringLiteral("%1: table %2 shows %3 of its %4 rows (wants %5)")
                            .arg(where, widgetName(table))
                            .arg(rowsSeen(table))
                            .arg(rows)
                            .arg(wanted);
        if (pane && table->height() > pane->viewport()->height())
            problems << QStringLiteral("%1: table %2 is %3 px tall, its pane %4 px")
                            .arg(where, widgetName(table))
                            .arg(table->height())
                            .arg(pane->viewport()->height());
    }
    for (const QChartView* chart : root->findChildren<QChartView*>())
        if (chart->isVisible() && chart->height() < 200)
            problems << QStringLiteral("%1: chart %2 is %3 px tall").arg(where, widgetName(chart)).arg(chart->height());
    return problems;
}

QStringList bitRowProblems(QWidget* root, const QString& where) {
    QStringList problems;
    for (const BitRowWidget* bits : root->findChildren<BitRowWidget*>()) {
        if (!bits->isVisible() || bits->cells().isEmpty()) continue;
        const QString name = QStringLiteral("%1: the %2 bits").arg(where).arg(bits->cells().size());
        const QRect first = bits->cellRect(0);
        const QRect last = bits->cellRect(int(bits->cells().size()) - 1);
        if (first.left() < 0 || last.right() >= bits->width())
            problems << QStringLiteral("%1 run from x=%2 to %3 in a widget %4 px wide")
                            .arg(name)
                            .arg(first.left())
                            .arg(last.right())
                            .arg(bits->width());
        // A cell must hold its digit, drawn in the row's bit font, with a pixel to spare on each side.
        const QFontMetrics digit(bits->bitFont());
        if (first.width() < digit.horizontalAdvance(QLatin1Char('0')) + 2 || first.height() < digit.height() ||
            last.bottom() >= bits->height())
            problems << QStringLiteral("%1 have %2x%3 px cells for a %4x%5 px digit, in a widget %6 px tall")
                            .arg(name)
                            .arg(first.width())
                            .arg(first.height())
                            .arg(digit.horizontalAdvance(QLatin1Char('0')))
                            .arg(digit.height())
                            .arg(bits->height());
        // Each field's label is drawn centred over its field: neighbours must not run into each other.
        const QFontMetrics fm(bits->font());
        int previousRight = 0;
        for (const BitGroup& g : bits->groups()) {
            const QRect from = bits->cellRect(g.first), to = bits->cellRect(g.first + g.count - 1);
            const int centre = (from.left() + to.right()) / 2, half = fm.horizontalAdvance(g.label) / 2;
            if (centre - half < previousRight || centre + half >= bits->width())
                problems << QStringLiteral("%1: the label \"%2\" runs into its neighbour or out of the row")
                                .arg(name, g.label);
            previousRight = centre + half;
        }
    }
    return problems;
}

// What the step shows with its current experiment and result tab.
QStringList problemsInView(QWidget* root, const QScrollArea* pane, const QString& where) {
    return clippedTexts(root, where) + cutOffTexts(root, where) + overlappingWidgets(root, where) +
           tableProblems(root, pane, where) + bitRowProblems(root, where) + cutChartTextsUnder(root, where);
}

// The bits and caption of every quantity of the experiment, each selected in turn (the first float is the one
// selected at first).
QStringList bitsOfEveryQuantity(ResultView* results, const QString& where) {
    QStringList problems;
    QTableWidget* quantities = results->quantityTable();
    const int selected = quantities->currentRow();
    for (int row = 0; row < quantities->rowCount(); ++row) {
        quantities->selectRow(row);
        settleLayouts();
        const QString here = where + QStringLiteral(", result \"%1\"").arg(quantities->item(row, 0)->text());
        problems += bitRowProblems(results, here) + overlappingWidgets(results, here) + cutOffTexts(results, here);
    }
    if (selected >= 0) quantities->selectRow(selected);
    return problems;
}

// Saves each visible table and chart under `root`, whole, as STEM-NAME.png (to look at its headers, axes and legend).
void saveTablesAndCharts(QWidget* root, const QString& stem) {
    QList<QWidget*> views;
    for (QTableView* table : root->findChildren<QTableView*>()) views << table;
    for (QChartView* chart : root->findChildren<QChartView*>()) views << chart;
    for (QWidget* view : views)
        if (view->isVisible()) view->grab().save(QStringLiteral("%1-%2.png").arg(stem, widgetName(view)));
}

// Shows every experiment of the step, every quantity's bits and every tab of its results in turn, and
// collects the problems; with a `shots` stem, saves the tables and charts of each tab
// (STEM-eEXPERIMENT-tTAB-NAME.png).
QStringList problemsInStep(LessonView* view, const QString& where, const QString& shots) {
    QStringList problems;
    for (QWidget* w : {static_cast<QWidget*>(view->backButton()), static_cast<QWidget*>(view->nextButton()),
                       static_cast<QWidget*>(view->narration()), static_cast<QWidget*>(view->stepLabel())})
        if (!shownWhole(w))
            problems << QStringLiteral("%1: %2 is not seen whole in the window").arg(where, widgetName(w));
    const QTextBrowser* narration = view->narration();
    if (narration->viewport()->height() < kNarrationLines * narration->fontMetrics().lineSpacing())
        problems << QStringLiteral("%1: the narration has %2 px, less than %3 lines")
                        .arg(where)
                        .arg(narration->viewport()->height())
                        .arg(kNarrationLines);
    // The narration's side (text, checkpoints, links), the buttons, and how the step's parts sit together.
    problems += problemsInView(view->splitter()->widget(0), nullptr, where);
    problems += cutOffTexts(view->backButton(), where) + cutOffTexts(view->nextButton(), where) +
                cutOffTexts(view->stepLabel(), where);
    problems += overlappingWidgets(view, where);
    QTabWidget* experiments = view->experimentTabs();
    for (int e = 0; e < experiments->count(); ++e) {
        experiments->setCurrentIndex(e);
        settleLayouts();
        ExperimentPanel* panel = view->experimentPanels().value(e);
        if (!panel) continue;
        const QString here = QStringLiteral("%1, experiment \"%2\"").arg(where, experiments->tabText(e));
        const auto* pane = qobject_cast<QScrollArea*>(experiments->widget(e));
        if (!panel->run().result)
            problems << QStringLiteral("%1: no result (%2)").arg(here, QString::fromStdString(panel->run().error));
        problems += clippedTexts(experiments, here);
        problems += problemsInView(panel, pane, here);
        problems += bitsOfEveryQuantity(panel->results(), here);
        QTabWidget* tabs = panel->results()->tabs();
        for (int t = 0; t < tabs->count(); ++t) {
            tabs->setCurrentIndex(t);
            settleLayouts();
            // The tab widget, not the page: a page may itself be the table or the chart, and the checks look
            // under their root; only the current page is visible.
            problems += problemsInView(tabs, pane, here + QStringLiteral(", tab \"%1\"").arg(tabs->tabText(t)));
            if (!shots.isEmpty())
                saveTablesAndCharts(tabs, QStringLiteral("%1-e%2-t%3").arg(shots).arg(e + 1).arg(t + 1));
        }
    }
    problems.removeDuplicates();
    return problems;
}

void checkEveryStep(const QString& language) {
    GuiHarness h;
    h.settings().language.set(language);
    h.language().setLanguage(language);
    MainWindow& window = h.window();
    window.showSection(QStringLiteral("lessons"));
    window.resize(1280, 720);
    settleLayouts();
    ASSERT_EQ(window.size(), QSize(1280, 720)) << "the window cannot be 1280x720";
    auto* s = h.section<LessonsSection>(QStringLiteral("lessons"));
    ASSERT_NE(s, nullptr);
    QStringList problems;
    if (!shownWhole(window.statusBar())) problems << QStringLiteral("the status bar is not seen whole");
    // Every lesson file: the library must have read them all.
    const QStringList files = QDir(QStringLiteral(FPLAB_TEST_LESSONS_DIR)).entryList({QStringLiteral("*.en.md")});
    ASSERT_EQ(int(s->library().lessons().size()), int(files.size()));
    for (const lessons::LessonEntry& entry : s->library().lessons()) {
        const QString id = QString::fromStdString(entry.id);
        ASSERT_TRUE(s->openLesson(id, 0));
        LessonView* view = s->view();
        for (int step = 0; step < view->stepCount(); ++step) {
            view->goToStep(step);
            settleLayouts();
            // To look at every step: FPLAB_LAYOUT_SHOTS=DIR saves the window as DIR/LANGUAGE-LESSON-STEP.png, and
            // every table and chart of every result tab, whole, beside it (DIR/LANGUAGE-LESSON-STEP-eE-tT-NAME.png).
            const QString dir = qEnvironmentVariable("FPLAB_LAYOUT_SHOTS");
            const QString shots = dir.isEmpty() ? QString()
                                                : QStringLiteral("%1/%2-%3-%4").arg(dir, language, id).arg(step + 1);
            problems += problemsInStep(view, QStringLiteral("%1 %2 step %3").arg(language, id).arg(step + 1), shots);
            if (!shots.isEmpty()) {
                view->experimentTabs()->setCurrentIndex(0);
                settleLayouts();
                window.grab().save(shots + QStringLiteral(".png"));
            }
        }
    }
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " problems:\n"
                                    << problems.join(QLatin1Char('\n')).toStdString();
    h.settings().language.set(QStringLiteral("en"));
}

TEST(LessonLayout, EveryStepFitsA1280x720WindowInEnglish) { checkEveryStep(QStringLiteral("en")); }

TEST(LessonLayout, EveryStepFitsA1280x720WindowInChinese) { checkEveryStep(QStringLiteral("zh_CN")); }

// FP64's 64 bits (sign, 11 exponent bits, 52 mantissa bits) on one line where 14-pixel cells fit, else on two
// lines of 32 with the mantissa labelled on both.
TEST(LessonLayout, Fp64BitsGoOnTwoLinesOf32WhereOneLineIsTooNarrow) {
    QList<BitCell> cells = bitCells(0, 64, BitRole::Mantissa);
    cells[1].gapBefore = cells[12].gapBefore = true;
    const QList<BitGroup> groups = {{0, 1, QStringLiteral("sign"), {}},
                                    {1, 11, QStringLiteral("exponent"), {}},
                                    {12, 52, QStringLiteral("mantissa"), {}}};
    BitLines bits;
    bits.resize(500, 100);
    bits.show(); // a hidden widget gets its resize events when shown
    bits.setCells(cells, groups);
    ASSERT_EQ(bits.lines().size(), 2);
    EXPECT_EQ(bits.lines()[0]->cells().size(), 32);
    EXPECT_EQ(bits.lines()[1]->cells().size(), 32);
    ASSERT_EQ(bits.lines()[0]->groups().size(), 3);
    EXPECT_EQ(bits.lines()[0]->groups()[2].count, 20);
    ASSERT_EQ(bits.lines()[1]->groups().size(), 1);
    EXPECT_EQ(bits.lines()[1]->groups()[0].count, 32);
    EXPECT_EQ(bits.lines()[1]->groups()[0].label, QStringLiteral("mantissa (continued)"));
    EXPECT_FALSE(bits.lines()[1]->cells().front().gapBefore);
    // 64 cells of 14 pixels and two gaps of 4 pixels, and 2 to spare: 896 + 8 + 2 = 906 pixels.
    bits.resize(906, 100);
    ASSERT_EQ(bits.lines().size(), 1);
    EXPECT_EQ(bits.lines()[0]->cells().size(), 64);
    EXPECT_EQ(bits.lines()[0]->groups().size(), 3);
    bits.resize(905, 100);
    EXPECT_EQ(bits.lines().size(), 2);
}

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
    settleLayouts();
    EXPECT_EQ(again->view()->splitter()->sizes(), moved);
}

} // namespace
} // namespace fplab::gui
