// Copy and export for every table and chart of the app, attached in one place rather than per view:
// a QTableView gets Ctrl+C (TSV of the selection, or of the whole table) and a context menu with
// "Copy as TSV", "Copy as Markdown" and "Export as CSV…"; a QChartView gets "Export as PNG…" and
// "Export as SVG…". Views created later (lazy tabs, a run added) are caught when they are polished.
#pragma once

#include "app/gui/common/chart_export.h"
#include "app/gui/common/table_export.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QChartView;
class QMenu;
class QTableView;
class QWidget;

namespace fplab::gui {

class ViewExport final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ViewExport)

public:
    // Watches every table and chart inside `root` (the main window), now and later.
    explicit ViewExport(QWidget* root);
    ~ViewExport() override;

    // Asks where to save (title, file-type filter, suggested name); empty: cancelled.
    // A file dialog by default; tests replace it.
    using PathAsker =
        std::function<QString(QWidget* parent, const QString& title, const QString& filter, const QString& name)>;
    void setPathAsker(PathAsker ask) { m_askPath = std::move(ask); }

    // Attaches the actions to this view now (done automatically for views inside the root).
    void attach(QWidget* view);
    static bool isAttached(const QWidget* view);

    // The tables and charts now visible under `within` (the open section), as File ▸ Export lists them.
    static QList<QWidget*> visibleViews(QWidget* within);
    // A short name for a view: its chart title, accessible name or tab.
    static QString viewName(QWidget* view);

    void copyTable(QTableView* table, TableTextFormat format);
    // Ask for a path, write, and report; true when a file was written.
    bool exportTable(QTableView* table);
    bool exportChart(QChartView* chart, ChartImageFormat format);
    // Fills File ▸ Export with an entry per view visible under `within`.
    void fillExportMenu(QMenu* menu, QWidget* within);

signals:
    // A sentence for the status bar; `failed` when something could not be written.
    void message(const QString& text, bool failed);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void attachTable(QTableView* table);
    void attachChart(QChartView* chart);
    QString askPath(QWidget* parent, const QString& title, const QString& filter, const QString& name) const;

    QPointer<QWidget> m_root;
    PathAsker m_askPath;
};

} // namespace fplab::gui
