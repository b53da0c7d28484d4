// The Explorer's bit row: the bit editor between "next value down" and "next value up".
#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QToolButton;

namespace fplab::gui {

class BitEditor;
class ExplorerState;

class BitEditorPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BitEditorPanel)

public:
    explicit BitEditorPanel(ExplorerState* state, QWidget* parent = nullptr);

    BitEditor* editor() const { return m_bits; }
    // Next up, next down, negate.
    QList<QAction*> actions() const { return {m_nextUp, m_nextDown, m_negate}; }

    void sync();
    void retranslateUi();

private:
    ExplorerState* m_state;
    BitEditor* m_bits = nullptr;
    QToolButton* m_downButton = nullptr;
    QToolButton* m_upButton = nullptr;
    QAction* m_nextUp = nullptr;
    QAction* m_nextDown = nullptr;
    QAction* m_negate = nullptr;
};

} // namespace fplab::gui
