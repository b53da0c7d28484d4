// The GPU Lab's shared widgets.
#include "app/gui/gpu_lab/lab_widgets.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>

namespace fplab::gui {

QTableView* makeResultsView(QAbstractItemModel* model) {
    auto* view = new QTableView;
    view->setModel(model);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
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
