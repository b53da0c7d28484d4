// Help > Keyboard shortcuts: every action with its key, so nothing needs the mouse.
#pragma once

#include <QDialog>
#include <QList>

class QAction;

namespace fplab::gui {

class ShortcutsDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)

public:
    ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent = nullptr);
};

} // namespace fplab::gui
