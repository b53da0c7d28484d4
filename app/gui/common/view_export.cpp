// Finding tables and charts, giving them copy/export actions, and writing the files.
#include "app/gui/common/view_export.h"

#include "app/gui/common/file_dialogs.h"
#include "app/gui/common/save_file.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QMenu>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>

namespace fplab::gui {

namespace {

const char* const kAttached = "fplabViewExport";

// The action names double as the keys retranslate() looks for.
const QString kSelectAll = QStringLiteral("selectAllRows");
const QString kCopyTsv = QStringLiteral("copyTsv");
const QString kCopyMarkdown = QStringLiteral("copyMarkdown");
const QString kExportCsv = QStringLiteral("exportCsv");
const QString kExportPng = QStringLiteral("exportPng");
const QString kExportSvg = QStringLiteral("exportSvg");

void retranslate(QWidget* view) {
    for (QAction* a : view->actions()) {
        const QString n = a->objectName();
        if (n == kSelectAll) a->setText(ViewExport::tr("Select all"));
        else if (n == kCopyTsv) a->setText(ViewExport::tr("Copy as TSV"));
        else if (n == kCopyMarkdown) a->setText(ViewExport::tr("Copy as Markdown"));
        else if (n == kExportCsv) a->setText(ViewExport::tr("Export as CSV…"));
        else if (n == kExportPng) a->setText(ViewExport::tr("Export as PNG…"));
        else if (n == kExportSvg) a->setText(ViewExport::tr("Export as SVG…"));
    }
}

} // namespace

ViewExport::ViewExport(QWidget* root) : QObject(root), m_root(root) {
    qApp->installEventFilter(this);
    for (QTableView* t : root->findChildren<QTableView*>()) attach(t);
    for (QChartView* c : root->findChildren<QChartView*>()) attach(c);
}

ViewExport::~ViewExport() {
    if (qApp) qApp->removeEventFilter(this);
}

bool ViewExport::isAttached(const QWidget* view) { return view->property(kAttached).toBool(); }

bool ViewExport::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (type != QEvent::Polish && type != QEvent::LanguageChange) return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || !m_root || !m_root->isAncestorOf(widget)) return false;
    if (type == QEvent::LanguageChange) {
        if (isAttached(widget)) retranslate(widget);
    } else if (qobject_cast<QTableView*>(widget) || qobject_cast<QChartView*>(widget)) {
        attach(widget);
    }
    return false;
}

void ViewExport::attach(QWidget* view) {
    if (isAttached(view)) return;
    if (auto* table = qobject_cast<QTableView*>(view)) attachTable(table);
    else if (auto* chart = qobject_cast<QChartView*>(view)) attachChart(chart);
    else return;
    view->setProperty(kAttached, true);
    retranslate(view);
}

void ViewExport::attachTable(QTableView* table) {
    const auto add = [table](const QString& name) {
        auto* a = new QAction(table);
        a->setObjectName(name);
        table->addAction(a);
        return a;
    };
    // Ctrl+A selects the whole table and Ctrl+C copies what is selected, every row of it: a table that picks one
    // row at a time (the quantity a lesson shows in bits) still lets a range of rows be selected for copying.
    if (table->selectionMode() == QAbstractItemView::SingleSelection)
        table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    QAction* selectAll = add(kSelectAll);
    selectAll->setShortcut(QKeySequence::SelectAll);
    selectAll->setShortcutContext(Qt::WidgetShortcut);
    connect(selectAll, &QAction::triggered, table, &QTableView::selectAll);
    QAction* tsv = add(kCopyTsv);
    tsv->setShortcut(QKeySequence::Copy);
    tsv->setShortcutContext(Qt::WidgetShortcut);
    connect(tsv, &QAction::triggered, this, [this, table] { copyTable(table, TableTextFormat::Tsv); });
    connect(add(kCopyMarkdown), &QAction::triggered, this,
            [this, table] { copyTable(table, TableTextFormat::Markdown); });
    connect(add(kExportCsv), &QAction::triggered, this, [this, table] { exportTable(table); });
    // A view that builds its own context menu keeps it; the shortcut still works.
    if (table->contextMenuPolicy() == Qt::DefaultContextMenu) table->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void ViewExport::attachChart(QChartView* chart) {
    for (auto [name, format] :
         {std::pair{kExportPng, ChartImageFormat::Png}, std::pair{kExportSvg, ChartImageFormat::Svg}}) {
        auto* a = new QAction(chart);
        a->setObjectName(name);
        chart->addAction(a);
        connect(a, &QAction::triggered, this, [this, chart, format = format] { exportChart(chart, format); });
    }
    if (chart->contextMenuPolicy() == Qt::DefaultContextMenu) chart->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void ViewExport::copyTable(QTableView* table, TableTextFormat format) {
    const bool hasSelection = table->selectionModel() && table->selectionModel()->hasSelection();
    const QString text = tableText(*table, format, hasSelection);
    QApplication::clipboard()->setText(text);
    const int rows = int(text.count(QLatin1Char('\n'))) - (format == TableTextFormat::Markdown ? 2 : 1);
    emit message(format == TableTextFormat::Markdown ? tr("Copied %n row(s) as Markdown.", nullptr, rows)
                                                     : tr("Copied %n row(s) as tab-separated text.", nullptr, rows),
                 false);
}

QString ViewExport::askPath(QWidget* parent, const QString& title, const QString& filter, const QString& name) const {
    if (m_askPath) return m_askPath(parent, title, filter, name);
    return askSaveFileName(parent, title, name, filter);
}

bool ViewExport::exportTable(QTableView* table) {
    const QString path = askPath(table->window(), tr("Export the table as CSV"), tr("CSV files (*.csv)"),
                                 fileNameStem(viewName(table)) + QStringLiteral(".csv"));
    if (path.isEmpty()) return false;
    const QString error = saveFile(path, tableText(*table, TableTextFormat::Csv).toUtf8());
    emit message(error.isEmpty() ? tr("Saved %1").arg(path) : error, !error.isEmpty());
    return error.isEmpty();
}

bool ViewExport::exportChart(QChartView* chart, ChartImageFormat format) {
    const bool png = format == ChartImageFormat::Png;
    const QString path = askPath(chart->window(), png ? tr("Export the chart as PNG") : tr("Export the chart as SVG"),
                                 png ? tr("PNG images (*.png)") : tr("SVG drawings (*.svg)"),
                                 fileNameStem(viewName(chart)) +
                                     (png ? QStringLiteral(".png") : QStringLiteral(".svg")));
    if (path.isEmpty()) return false;
    const QString error = fplab::gui::exportChart(*chart, format, path);
    emit message(error.isEmpty() ? tr("Saved %1").arg(path) : error, !error.isEmpty());
    return error.isEmpty();
}

QList<QWidget*> ViewExport::visibleViews(QWidget* within) {
    QList<QWidget*> views;
    if (!within) return views;
    for (QWidget* w : within->findChildren<QWidget*>())
        if ((qobject_cast<QTableView*>(w) || qobject_cast<QChartView*>(w)) && w->isVisible()) views << w;
    return views;
}

QString ViewExport::viewName(QWidget* view) {
    if (auto* c = qobject_cast<QChartView*>(view); c && c->chart()) {
        QString title = c->chart()->title();
        title.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        if (!title.trimmed().isEmpty()) return title.trimmed();
    }
    if (!view->accessibleName().isEmpty()) return view->accessibleName();
    // The tab the view sits on.
    for (QWidget* w = view; w && w->parentWidget(); w = w->parentWidget()) {
        auto* stack = qobject_cast<QStackedWidget*>(w->parentWidget());
        if (!stack) continue;
        if (auto* tabs = qobject_cast<QTabWidget*>(stack->parentWidget())) {
            const int i = tabs->indexOf(w);
            if (i >= 0) return tabs->tabText(i).remove(QLatin1Char('&'));
        }
    }
    return qobject_cast<QChartView*>(view) ? tr("Chart") : tr("Table");
}

void ViewExport::fillExportMenu(QMenu* menu, QWidget* within) {
    menu->clear();
    const QList<QWidget*> views = visibleViews(within);
    for (QWidget* view : views) {
        const QString name = viewName(view);
        if (auto* table = qobject_cast<QTableView*>(view)) {
            connect(menu->addAction(tr("Table “%1” as CSV…").arg(name)), &QAction::triggered, this,
                    [this, t = QPointer<QTableView>(table)] {
                        if (t) exportTable(t);
                    });
        } else if (auto* chart = qobject_cast<QChartView*>(view)) {
            connect(menu->addAction(tr("Chart “%1” as PNG…").arg(name)), &QAction::triggered, this,
                    [this, c = QPointer<QChartView>(chart)] {
                        if (c) exportChart(c, ChartImageFormat::Png);
                    });
            connect(menu->addAction(tr("Chart “%1” as SVG…").arg(name)), &QAction::triggered, this,
                    [this, c = QPointer<QChartView>(chart)] {
                        if (c) exportChart(c, ChartImageFormat::Svg);
                    });
        }
    }
    if (views.isEmpty()) menu->addAction(tr("No table or chart is shown"))->setEnabled(false);
}

} // namespace fplab::gui
