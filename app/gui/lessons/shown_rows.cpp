// The height of a table's header and first rows, as the view lays them out.
#include "app/gui/lessons/shown_rows.h"

#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace fplab::gui {

void showFirstRows(QTableView* table) {
    const int rows = table->model() ? std::min(table->model()->rowCount(), kShownRows) : 0;
    int height = 2 * table->frameWidth();
    if (!table->horizontalHeader()->isHidden()) height += table->horizontalHeader()->sizeHint().height();
    for (int row = 0; row < rows; ++row) height += table->rowHeight(row);
    table->setMinimumHeight(height);
}

} // namespace fplab::gui
