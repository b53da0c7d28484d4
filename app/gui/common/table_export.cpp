// Turning what a table view shows into TSV, Markdown or CSV text.
#include "app/gui/common/table_export.h"

#include <QAbstractItemModel>
#include <QItemSelectionModel>
#include <QTableView>

#include <set>

namespace fplab::gui {

namespace {

QString cellText(const QAbstractItemModel& model, int row, int column) {
    return model.data(model.index(row, column), Qt::DisplayRole).toString();
}

QString tsvField(QString text) {
    // A tab or a line break would start a new cell or row in a spreadsheet.
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QString markdownField(QString text) {
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('|'), QLatin1String("\\|"));
    return text;
}

QString joinRow(const QStringList& cells, TableTextFormat format) {
    QStringList out;
    for (const QString& c : cells)
        out << (format == TableTextFormat::Tsv   ? tsvField(c)
                : format == TableTextFormat::Csv ? csvField(c)
                                                 : markdownField(c));
    if (format == TableTextFormat::Markdown)
        return QStringLiteral("| ") + out.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    return out.join(format == TableTextFormat::Tsv ? QStringLiteral("\t") : QStringLiteral(","));
}

} // namespace

QString csvField(const QString& text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')) &&
        !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString tableText(const QTableView& view, TableTextFormat format, bool selectionOnly) {
    const QAbstractItemModel* model = view.model();
    if (!model) return {};
    std::set<int> rows, columns;
    if (selectionOnly && view.selectionModel()) {
        for (const QModelIndex& index : view.selectionModel()->selectedIndexes()) {
            rows.insert(index.row());
            columns.insert(index.column());
        }
    }
    if (rows.empty()) {
        for (int r = 0; r < model->rowCount(); ++r) rows.insert(r);
        for (int c = 0; c < model->columnCount(); ++c) columns.insert(c);
    }
    std::erase_if(rows, [&](int r) { return view.isRowHidden(r); });
    std::erase_if(columns, [&](int c) { return view.isColumnHidden(c); });

    QStringList lines;
    QStringList header;
    for (int c : columns) header << model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    lines << joinRow(header, format);
    if (format == TableTextFormat::Markdown) {
        QStringList rule;
        for (std::size_t i = 0; i < columns.size(); ++i) rule << QStringLiteral("---");
        lines << QStringLiteral("| ") + rule.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    }
    for (int r : rows) {
        QStringList cells;
        for (int c : columns) cells << cellText(*model, r, c);
        lines << joinRow(cells, format);
    }
    // Every line ends with \n, as in fplab-cli's CSV files.
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace fplab::gui
