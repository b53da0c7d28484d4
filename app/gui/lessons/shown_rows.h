// Lesson tables are tall enough to show their first rows without scrolling inside them: all rows, or
// kShownRows when there are more. The experiment's pane scrolls instead, so the narration keeps its room.
#pragma once

class QTableView;

namespace fplab::gui {

// Six rows show a table's pattern (a range, a stall, a ladder of formats); longer tables scroll.
constexpr int kShownRows = 6;

// Gives `table` the height of its header and its first min(rows, kShownRows) rows; call again when its rows
// change.
void showFirstRows(QTableView* table);

} // namespace fplab::gui
