// Keeps the columns of a table over a model inside the table's width, so that it never scrolls sideways (the rule
// of fitted_columns.h, for a QTableView): every column as wide as its header and its widest cell when they all
// fit, the room left going to `slackColumn` (the last when -1). Otherwise a named `slackColumn` gives up its room
// first (down to a few characters), the first `keyColumns` columns (what a row is: a format, a backend, a rule)
// stay whole, and the other wide columns share what is left: their headers wrap onto two or three lines (never
// narrower than that needs) and their cells are elided with "…", the model giving the whole text as tooltip.
#pragma once

class QTableView;

namespace fplab::gui {

// Fits the columns of `table` now and again whenever the table is resized or its model changes.
void fitViewColumnsToWidth(QTableView* table, int slackColumn = -1, int keyColumns = 1);

} // namespace fplab::gui
