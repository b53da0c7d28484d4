// An action with a keyboard shortcut, owned by and added to a widget (so the shortcut works while the
// widget's window has focus), that calls `slot` when triggered.
#pragma once

#include <QAction>
#include <QKeySequence>
#include <QWidget>

namespace fplab::gui {

template <class Slot>
QAction* addShortcutAction(QWidget* owner, const QKeySequence& shortcut, Slot slot) {
    auto* action = new QAction(owner);
    action->setShortcut(shortcut);
    owner->addAction(action);
    QObject::connect(action, &QAction::triggered, owner, slot);
    return action;
}

} // namespace fplab::gui
