// Present mode and the keyboard: zoom (persisted, charts included), high-contrast charts, the
// full-screen lesson, Ctrl+1..5 from inside tables and charts, and the bit editor by keys alone.
#include "app/gui/common/chart_style.h"
#include "app/gui/explorer/bit_editor.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/lessons/lessons_section.h"
#include "app/gui/shell/presentation.h"
#include "gui_fixture.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QListWidget>
#include <QTabWidget>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTest>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

QChartView* visibleChart(QWidget* within) {
    for (QChartView* c : within->findChildren<QChartView*>())
        if (c->isVisible()) return c;
    return nullptr;
}

void activate(MainWindow& w) {
    w.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
}

TEST(PresentTest, CtrlDigitSwitchesSectionsFromInsideTablesAndCharts) {
    testing::GuiHarness h;
    MainWindow& w = h.window();
    activate(w);
    for (int target = 0; target < int(w.sections().size()); ++target) {
        w.showSection(0);
        QTableView* table = w.currentSection()->findChild<QTableView*>();
        ASSERT_TRUE(table);
        table->setFocus();
        ASSERT_EQ(QApplication::focusWidget(), table);
        QTest::keyClick(table, Qt::Key(Qt::Key_1 + target), Qt::ControlModifier);
        EXPECT_EQ(w.currentSection(), w.sections()[target]) << "Ctrl+" << target + 1 << " from a table";
    }
    // From the Arithmetic table too, and from a chart.
    w.showSection(1);
    QTableView* arithmeticTable = w.currentSection()->findChild<QTableView*>();
    arithmeticTable->setFocus();
    QTest::keyClick(arithmeticTable, Qt::Key_3, Qt::ControlModifier);
    EXPECT_EQ(w.currentSection()->id(), QStringLiteral("lessons"));
    w.showSection(0);
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    explorer->tabs()->setCurrentIndex(1);
    QApplication::processEvents();
    auto* chart = visibleChart(explorer);
    ASSERT_TRUE(chart && chart->isVisible());
    chart->setFocusPolicy(Qt::StrongFocus);
    chart->setFocus();
    QTest::keyClick(chart, Qt::Key_5, Qt::ControlModifier);
    EXPECT_EQ(w.currentSection()->id(), QStringLiteral("training"));
}

TEST(PresentTest, ZoomScalesFontsAndChartsAndIsKeptAcrossWindows) {
    const double base = Presentation::baseFont().pointSizeF();
    ASSERT_GT(base, 0);
    testing::GuiHarness h;
    activate(h.window());
    Presentation* p = h.window().presentation();
    EXPECT_EQ(p->zoomPercent(), 100);
    QTableView* table = h.window().currentSection()->findChild<QTableView*>();
    ASSERT_TRUE(table);
    const int rowHeight = table->verticalHeader()->defaultSectionSize();
    p->zoomInAction()->trigger();
    p->zoomInAction()->trigger();
    EXPECT_EQ(p->zoomPercent(), 120);
    EXPECT_NEAR(QApplication::font().pointSizeF(), base * 1.2, 0.01);
    EXPECT_NEAR(table->verticalHeader()->defaultSectionSize(), rowHeight * 1.2, 1.5); // rows grow with the text
    // The keys: Ctrl+- once.
    QTest::keyClick(&h.window(), Qt::Key_Minus, Qt::ControlModifier);
    EXPECT_EQ(p->zoomPercent(), 110);
    p->zoomIn();
    // The charts' text follows.
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    explorer->tabs()->setCurrentIndex(1);
    QApplication::processEvents();
    auto* chart = visibleChart(explorer);
    ASSERT_TRUE(chart && !chart->chart()->axes().isEmpty());
    EXPECT_NEAR(chart->chart()->axes().front()->labelsFont().pointSizeF(), base * 1.2, 0.01);

    h.restart();
    EXPECT_EQ(h.window().presentation()->zoomPercent(), 120);
    EXPECT_NEAR(QApplication::font().pointSizeF(), base * 1.2, 0.01);
    activate(h.window());
    QTest::keyClick(&h.window(), Qt::Key_0, Qt::ControlModifier);
    EXPECT_EQ(h.window().presentation()->zoomPercent(), 100);
    EXPECT_NEAR(QApplication::font().pointSizeF(), base, 0.01);
    h.restart();
    EXPECT_EQ(h.window().presentation()->zoomPercent(), 100);
}

// Text with a font of its own (the bits, the exact value and hex float, the tables' bit columns) follows
// the zoom as well.
TEST(PresentTest, ZoomReachesTheMonospaceBitTexts) {
    testing::GuiHarness h;
    h.window().resize(1600, 1000);
    h.window().showSection(QStringLiteral("explorer"));
    QApplication::processEvents();
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    auto* editor = explorer->findChild<BitEditor*>();
    ASSERT_TRUE(editor);
    auto* exact = explorer->findChild<QLabel*>(QStringLiteral("exact"));
    ASSERT_TRUE(exact);
    const int bitPixels = editor->bitFont().pixelSize();
    const int bitRowHeight = editor->sizeHint().height();
    const double exactPoints = exact->font().pointSizeF();
    ASSERT_GT(exactPoints, 0);
    const QVariant tableFont = explorer->formatModel()->index(0, FormatTableModel::BitsColumn).data(Qt::FontRole);
    ASSERT_TRUE(tableFont.isValid());
    Presentation* p = h.window().presentation();
    for (int i = 0; i < 3; ++i) p->zoomIn();
    QApplication::processEvents();
    EXPECT_GT(editor->bitFont().pixelSize(), bitPixels);
    EXPECT_GT(editor->sizeHint().height(), bitRowHeight);
    EXPECT_NEAR(exact->font().pointSizeF(), exactPoints * 1.3, 0.05);
    // The table's bit column names the family only; the view's (zoomed) size applies.
    EXPECT_FALSE(qvariant_cast<QFont>(tableFont).resolveMask() & QFont::SizeResolved);
    p->resetZoom();
    QApplication::processEvents();
    EXPECT_EQ(editor->bitFont().pixelSize(), bitPixels);
    EXPECT_NEAR(exact->font().pointSizeF(), exactPoints, 0.01);
}

TEST(PresentTest, HighContrastChartsChangeTheSeriesColoursAndPersist) {
    testing::GuiHarness h;
    const QColor normal = seriesColor(0, QApplication::palette());
    h.window().presentation()->highContrastAction()->trigger();
    EXPECT_TRUE(highContrastCharts());
    EXPECT_NE(seriesColor(0, QApplication::palette()), normal);
    h.restart();
    EXPECT_TRUE(highContrastCharts());
    EXPECT_TRUE(h.window().presentation()->highContrastAction()->isChecked());
    h.window().presentation()->setHighContrast(false);
    EXPECT_EQ(seriesColor(0, QApplication::palette()), normal);
}

TEST(PresentTest, PresentShowsTheLessonFullScreenAlone) {
    testing::GuiHarness h;
    MainWindow& w = h.window();
    w.showSection(QStringLiteral("explorer"));
    QWidget* sidebar = w.findChild<QListWidget*>(QStringLiteral("sidebar"));
    auto* lessons = h.section<LessonsSection>(QStringLiteral("lessons"));
    ASSERT_TRUE(sidebar && sidebar->isVisible());
    w.presentation()->presentAction()->trigger();
    EXPECT_TRUE(w.isPresenting());
    EXPECT_EQ(w.currentSection()->id(), QStringLiteral("lessons"));
    EXPECT_FALSE(sidebar->isVisible());
    EXPECT_FALSE(lessons->lessonList()->isVisible());
    EXPECT_TRUE(w.windowState() & Qt::WindowFullScreen);
    w.presentation()->presentAction()->trigger();
    EXPECT_FALSE(w.isPresenting());
    // Esc leaves it too.
    w.presentation()->presentAction()->trigger();
    ASSERT_TRUE(w.isPresenting());
    activate(w);
    QTest::keyClick(&w, Qt::Key_Escape);
    EXPECT_FALSE(w.isPresenting());
    EXPECT_FALSE(w.presentation()->presentAction()->isChecked());
    EXPECT_TRUE(sidebar->isVisible());
    EXPECT_TRUE(lessons->lessonList()->isVisible());
    EXPECT_FALSE(w.windowState() & Qt::WindowFullScreen);
}

TEST(PresentTest, BitEditorWorksFromTheKeyboardAlone) {
    testing::GuiHarness h;
    activate(h.window());
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    explorer->showValue(QStringLiteral("fp16"), 0x3c00); // 1.0
    BitEditor* bits = explorer->bitEditor();
    bits->setFocus(Qt::TabFocusReason);
    ASSERT_EQ(QApplication::focusWidget(), bits);
    QTest::keyClick(bits, Qt::Key_Home);
    QTest::keyClick(bits, Qt::Key_Space); // the sign bit
    EXPECT_EQ(explorer->state()->bits(), 0xbc00u);
    QTest::keyClick(bits, Qt::Key_End);
    QTest::keyClick(bits, Qt::Key_1); // the last mantissa bit
    EXPECT_EQ(explorer->state()->bits(), 0xbc01u);
    QTest::keyClick(bits, Qt::Key_Left);
    QTest::keyClick(bits, Qt::Key_Space);
    EXPECT_EQ(explorer->state()->bits(), 0xbc03u);
}

TEST(PresentTest, TabFollowsTheLayoutAtTheTopOfTheExplorer) {
    testing::GuiHarness h;
    activate(h.window());
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    explorer->entry()->setFocus();
    QStringList order;
    QWidget* w = explorer->entry();
    for (int i = 0; i < 8; ++i) {
        w = w->nextInFocusChain();
        while (!(w->focusPolicy() & Qt::TabFocus) || !w->isVisible() || !w->isEnabled()) w = w->nextInFocusChain();
        order << QString::fromLatin1(w->metaObject()->className());
    }
    // Value, format, rounding, quick picks, copy; then the bits row left to right.
    const int bitsAt = int(order.indexOf(QStringLiteral("fplab::gui::BitEditor")));
    ASSERT_GE(bitsAt, 1) << order.join(QLatin1Char(' ')).toStdString();
    EXPECT_EQ(order[0], QStringLiteral("QComboBox")) << order.join(QLatin1Char(' ')).toStdString();
    EXPECT_EQ(order[1], QStringLiteral("QComboBox"));
    EXPECT_EQ(order[bitsAt - 1], QStringLiteral("QToolButton")); // ◀ before the bits
    EXPECT_EQ(order[bitsAt + 1], QStringLiteral("QToolButton")); // ▶ after them
}

} // namespace
} // namespace fplab::gui
