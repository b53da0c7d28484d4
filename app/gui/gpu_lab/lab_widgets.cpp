// The GPU Lab's shared widgets.
#include "app/gui/gpu_lab/lab_widgets.h"

#include "app/gui/common/fitted_view_columns.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>

namespace fplab::gui {

QTableView* makeResultsView(QAbstractItemModel* model) {
    auto* view = new QTableView;
    view->setModel(model);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    // No column off-screen to the right: the columns share the table's width (the last one, a note where there
    // is one, takes the room left), long cells are elided with the whole text as tooltip, headers wrap.
    fitViewColumnsToWidth(view);
    return view;
}

QLabel* makeNoteLabel(const QString& objectName) {
    auto* label = new QLabel;
    if (!objectName.isEmpty()) label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace fplab::gui
