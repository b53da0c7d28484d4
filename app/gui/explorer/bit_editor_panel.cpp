// Clicks on the bits and the step buttons write the state; the row redraws when the state changes.
#include "app/gui/explorer/bit_editor_panel.h"

#include "app/gui/common/shortcut_action.h"
#include "app/gui/explorer/bit_editor.h"
#include "app/gui/explorer/explorer_state.h"
#include "core/values.h"

#include <QAction>
#include <QHBoxLayout>
#include <QToolButton>

namespace fplab::gui {

BitEditorPanel::BitEditorPanel(ExplorerState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    m_bits = new BitEditor(this);
    m_downButton = new QToolButton(this);
    m_upButton = new QToolButton(this);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_downButton);
    row->addWidget(m_bits, 1);
    row->addWidget(m_upButton);

    const auto make = [this](const QKeySequence& shortcut, auto slot) {
        return addShortcutAction(this, shortcut, slot);
    };
    m_nextUp = make(QKeySequence(Qt::ALT | Qt::Key_Up),
                    [this] { m_state->setBits(nextUp(m_state->format(), m_state->bits())); });
    m_nextDown = make(QKeySequence(Qt::ALT | Qt::Key_Down),
                      [this] { m_state->setBits(nextDown(m_state->format(), m_state->bits())); });
    m_negate = make(QKeySequence(Qt::ALT | Qt::Key_Minus), [this] {
        if (m_state->format().hasSign) m_state->setBits(m_state->bits() ^ m_state->format().signMask());
    });
    m_upButton->setDefaultAction(m_nextUp);
    m_downButton->setDefaultAction(m_nextDown);
    m_upButton->setArrowType(Qt::RightArrow);
    m_downButton->setArrowType(Qt::LeftArrow);

    connect(m_bits, &BitEditor::bitsEdited, m_state, &ExplorerState::setBits);
}

void BitEditorPanel::sync() { m_bits->setValue(m_state->format(), m_state->bits()); }

void BitEditorPanel::retranslateUi() {
    m_nextUp->setText(tr("Next value &up"));
    m_nextUp->setToolTip(tr("Step to the next representable value toward +infinity (Alt+Up): one ulp."));
    m_nextDown->setText(tr("Next value &down"));
    m_nextDown->setToolTip(tr("Step to the next representable value toward −infinity (Alt+Down)."));
    m_negate->setText(tr("&Negate (flip the sign bit)"));
    m_bits->setToolTip(QString());
}

} // namespace fplab::gui
