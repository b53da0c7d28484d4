// Tab order that follows what the eye sees: Qt's default is the order widgets were created in,
// which drifts from the layout as sections grow. This walks a widget's layouts (rows top to bottom,
// each row left to right, grids by row and column, splitter panes and tab pages in order) and
// chains the focusable widgets in that order.
#pragma once

#include <QList>

class QWidget;

namespace fplab::gui {

// The focusable widgets under `root` in layout order (a focusable widget's own children are its business).
QList<QWidget*> widgetsInLayoutOrder(QWidget* root);
// Sets the tab order of `root`'s widgets to widgetsInLayoutOrder(root).
void applyLayoutTabOrder(QWidget* root);

} // namespace fplab::gui
