// Copy and export of every table and chart: Ctrl+C as TSV, Markdown, CSV files, PNG and SVG files,
// views created later, and File > Export.
#include "app/gui/common/save_file.h"
#include "app/gui/common/view_export.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/explorer/format_table_model.h"
#include "gui_fixture.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QSet>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QtCharts/QChartView>

#include <gtest/gtest.h>

namespace fplab::gui {
namespace {

QTableView* formatTable(ExplorerSection* explorer) {
    for (QTableView* t : explorer->findChildren<QTableView*>())
        if (t->model() == explorer->formatModel()) return t;
    return nullptr;
}

QAction* actionNamed(QWidget* view, const char* name) {
    for (QAction* a : view->actions())
        if (a->objectName() == QLatin1String(name)) return a;
    return nullptr;
}

// RFC 4180 records: quoted fields may hold commas, quotes and line breaks.
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) field += c, ++i;
            else if (c == QLatin1Char('"')) quoted = false;
            else field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    return rows;
}

TEST(ViewExportTest, CtrlCCopiesTheTableAsTabSeparatedText) {
    testing::GuiHarness h;
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    QTableView* table = formatTable(explorer);
    ASSERT_TRUE(table);
    ASSERT_TRUE(ViewExport::isAttached(table));
    h.window().activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&h.window()));
    table->setFocus();
    table->clearSelection();
    QApplication::clipboard()->clear();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QAbstractItemModel* m = table->model();
    ASSERT_EQ(lines.size(), m->rowCount() + 1);
    EXPECT_EQ(lines[0].split(QLatin1Char('\t')).size(), m->columnCount());
    EXPECT_EQ(lines[0].split(QLatin1Char('\t'))[0], m->headerData(0, Qt::Horizontal).toString());
    EXPECT_EQ(lines[1].split(QLatin1Char('\t'))[0], m->index(0, 0).data().toString());
    // A selected row copies that row only (with the header).
    table->selectRow(2);
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    const QStringList one = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(one.size(), 2);
    EXPECT_EQ(one[1].split(QLatin1Char('\t'))[0], m->index(2, 0).data().toString());
}

// Ctrl+A selects every row, of a table that picks one row at a time too (as a lesson's result table does), and
// Ctrl+C then copies all of them.
TEST(ViewExportTest, CtrlASelectsTheWholeTableAndCtrlCCopiesEveryRow) {
    testing::GuiHarness h;
    h.window().activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&h.window()));
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    auto* table = new QTableWidget(5, 2, explorer);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 2; ++c) table->setItem(r, c, new QTableWidgetItem(QString::number(10 * r + c)));
    table->show();
    QApplication::processEvents();
    ASSERT_TRUE(ViewExport::isAttached(table));
    for (QTableView* t : {static_cast<QTableView*>(table), formatTable(explorer)}) {
        t->setFocus();
        t->selectRow(1);
        QTest::keyClick(t, Qt::Key_A, Qt::ControlModifier);
        QApplication::clipboard()->clear();
        QTest::keyClick(t, Qt::Key_C, Qt::ControlModifier);
        const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        EXPECT_EQ(lines.size(), t->model()->rowCount() + 1) << t->objectName().toStdString();
    }
}

// Default names of exported files: no spaces, commas or parentheses (a run is named "FP16 (GradScaler), lr 0.1").
TEST(ViewExportTest, DefaultFileNamesArePlain) {
    EXPECT_EQ(fileNameStem(QStringLiteral("FP16 (GradScaler), lr 0.1")), QStringLiteral("fp16-gradscaler-lr-0-1"));
    EXPECT_EQ(fileNameStem(QStringLiteral("Loss (mean cross-entropy of each step)")),
              QStringLiteral("loss-mean-cross-entropy-of-each-step"));
    EXPECT_EQ(fileNameStem(QStringLiteral("(), ")), QStringLiteral("fplab"));
}

TEST(ViewExportTest, MarkdownAndCsvHaveTheTablesRows) {
    testing::GuiHarness h;
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    QTableView* table = formatTable(explorer);
    ASSERT_TRUE(table);
    table->clearSelection();
    QAction* markdown = actionNamed(table, "copyMarkdown");
    ASSERT_TRUE(markdown);
    EXPECT_EQ(table->contextMenuPolicy(), Qt::ActionsContextMenu);
    markdown->trigger();
    const QStringList md = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(md.size(), table->model()->rowCount() + 2);
    EXPECT_TRUE(md[0].startsWith(QLatin1String("| ")));
    EXPECT_TRUE(md[1].startsWith(QLatin1String("| --- |")));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("formats.csv"));
    h.window().viewExport()->setPathAsker([&](QWidget*, const QString&, const QString& filter, const QString& name) {
        EXPECT_TRUE(filter.contains(QLatin1String("*.csv")));
        EXPECT_TRUE(name.endsWith(QLatin1String(".csv")));
        return path;
    });
    actionNamed(table, "exportCsv")->trigger();
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QList<QStringList> rows = parseCsv(QString::fromUtf8(f.readAll()));
    const QAbstractItemModel* m = table->model();
    ASSERT_EQ(rows.size(), m->rowCount() + 1);
    for (int r = 0; r < m->rowCount(); ++r) {
        ASSERT_EQ(rows[r + 1].size(), m->columnCount()) << r;
        for (int c = 0; c < m->columnCount(); ++c)
            EXPECT_EQ(rows[r + 1][c], m->index(r, c).data().toString()) << r << "," << c;
    }
}

TEST(ViewExportTest, ChartsExportAsPngAndSvg) {
    testing::GuiHarness h;
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    explorer->tabs()->setCurrentIndex(1); // Range
    QApplication::processEvents();
    const QList<QChartView*> charts = explorer->findChildren<QChartView*>();
    ASSERT_FALSE(charts.isEmpty());
    QTemporaryDir dir;
    for (QChartView* chart : charts) {
        // Built lazily after the window: attached when they were polished.
        EXPECT_TRUE(ViewExport::isAttached(chart));
        EXPECT_TRUE(actionNamed(chart, "exportPng"));
        EXPECT_TRUE(actionNamed(chart, "exportSvg"));
    }
    // The chart on the open tab, as a right-click reaches it.
    QChartView* chart = nullptr;
    for (QChartView* c : charts)
        if (c->isVisible()) chart = c;
    ASSERT_TRUE(chart);
    const QString png = dir.filePath(QStringLiteral("range.png"));
    const QString svg = dir.filePath(QStringLiteral("range.svg"));
    QString asked;
    h.window().viewExport()->setPathAsker([&](QWidget*, const QString&, const QString& filter, const QString&) {
        asked = filter;
        return filter.contains(QLatin1String("png")) ? png : svg;
    });
    actionNamed(chart, "exportPng")->trigger();
    actionNamed(chart, "exportSvg")->trigger();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_GE(image.width(), 200);
    // Something was drawn: axes, labels and bars give many colours, a blank picture one.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    EXPECT_GT(colours.size(), 20);
    QFile svgFile(svg);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgBytes = svgFile.readAll();
    EXPECT_TRUE(svgBytes.contains("<svg"));
    EXPECT_TRUE(svgBytes.contains("<text") || svgBytes.contains("<path"));
    QSvgRenderer renderer(svgBytes);
    EXPECT_TRUE(renderer.isValid());
    // A failed export says so.
    QString message;
    bool failed = false;
    QObject::connect(h.window().viewExport(), &ViewExport::message, [&](const QString& text, bool f) {
        message = text;
        failed = f;
    });
    h.window().viewExport()->setPathAsker([&](QWidget*, const QString&, const QString&, const QString&) {
        return dir.filePath(QStringLiteral("missing/x.png"));
    });
    EXPECT_FALSE(h.window().viewExport()->exportChart(chart, ChartImageFormat::Png));
    EXPECT_TRUE(failed);
    EXPECT_TRUE(message.contains(QLatin1String("Could not save")));
}

TEST(ViewExportTest, ViewsCreatedLaterAreAttachedAndFileExportListsTheVisibleOnes) {
    testing::GuiHarness h;
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    auto* late = new QTableView(explorer);
    late->show();
    QApplication::processEvents();
    EXPECT_TRUE(ViewExport::isAttached(late));
    delete late;

    explorer->tabs()->setCurrentIndex(0);
    QApplication::processEvents();
    QMenu* menu = h.window().exportMenu();
    emit menu->aboutToShow();
    QStringList texts;
    for (QAction* a : menu->actions()) texts << a->text();
    EXPECT_TRUE(texts.join(QLatin1Char('|')).contains(QLatin1String("as CSV")))
        << texts.join(QLatin1Char('|')).toStdString();
    explorer->tabs()->setCurrentIndex(1);
    QApplication::processEvents();
    emit menu->aboutToShow();
    texts.clear();
    for (QAction* a : menu->actions()) texts << a->text();
    EXPECT_TRUE(texts.join(QLatin1Char('|')).contains(QLatin1String("as SVG")))
        << texts.join(QLatin1Char('|')).toStdString();
}

} // namespace
} // namespace fplab::gui
