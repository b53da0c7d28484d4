// The Explorer's left pane: the decoded value under its title, scrolling when tall.
#pragma once

#include <QWidget>

class QLabel;

namespace fplab::gui {

class ExplorerState;
class ValueDetailsView;

class DetailsPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DetailsPanel)

public:
    explicit DetailsPanel(ExplorerState* state, QWidget* parent = nullptr);

    ValueDetailsView* details() const { return m_details; }
    void sync();
    void retranslateUi();

private:
    ExplorerState* m_state;
    QLabel* m_title = nullptr;
    ValueDetailsView* m_details = nullptr;
};

} // namespace fplab::gui
