// Small widgets the GPU Lab's panels share: a results table view and a wrapped, selectable note.
#pragma once

#include <QString>

class QAbstractItemModel;
class QLabel;
class QTableView;

namespace fplab::gui {

// A table view of `model`: no row numbers, columns sized to their contents, the last one stretched.
QTableView* makeResultsView(QAbstractItemModel* model);
// A word-wrapped label whose text can be selected and copied.
QLabel* makeNoteLabel(const QString& objectName = {});

} // namespace fplab::gui
