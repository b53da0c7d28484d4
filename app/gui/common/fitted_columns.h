// Keeps a table's columns inside the table's width, so that no column hides off to the right:
// every column as wide as its widest text when they all fit; otherwise the narrow columns whole
// and the wide ones sharing what is left, their texts elided, with the whole text in a tooltip. The headers stay
// on one line when all of them fit so, else wrap onto two or three lines (the header grows taller); only a word
// too long for its column, or a header needing more than three lines, is elided, the whole text in its tooltip.
#pragma once

class QTableWidget;

namespace fplab::gui {

// Fits the columns of `table` now and again whenever the table is resized or its items change.
// Cells and headers without a tooltip of their own get their text as tooltip.
void fitColumnsToWidth(QTableWidget* table);

} // namespace fplab::gui
