// A table's contents as text: tab-separated (the clipboard, Ctrl+C), Markdown (for notes and
// issues) and CSV (a file). Every format has one header row, then the rows the view shows:
// hidden rows and columns are left out, and a selection narrows the rows and columns.
#pragma once

#include <QString>

class QTableView;

namespace fplab::gui {

enum class TableTextFormat { Tsv, Markdown, Csv };

// The whole table, or only the selected rows and columns when `selectionOnly` and something is selected.
QString tableText(const QTableView& view, TableTextFormat format, bool selectionOnly = false);

// One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
QString csvField(const QString& text);

} // namespace fplab::gui
