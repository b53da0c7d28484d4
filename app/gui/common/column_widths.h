// How table columns share a width: the one rule of fitted_columns (a QTableWidget) and fitted_view_columns
// (a QTableView over a model).
#pragma once

#include <vector>

namespace fplab::gui {

// Widths for columns that need `need` pixels each inside `room`. When they all fit, every column is whole and
// column `slack` (the last when -1) takes the room left. Otherwise water-filling: the columns that need less than
// a common cap keep what they need, the others get the cap, but never less than their `floor` (nor more than they
// need: a hidden column, need 0, stays 0); the cap is the largest the room allows.
std::vector<int> shareColumnWidths(const std::vector<int>& need, const std::vector<int>& floor, int room,
                                   int slack = -1);

} // namespace fplab::gui
