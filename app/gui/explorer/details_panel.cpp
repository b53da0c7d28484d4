#include "app/gui/explorer/details_panel.h"

#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/value_details_view.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace fplab::gui {

DetailsPanel::DetailsPanel(ExplorerState* state, QWidget* parent) : QWidget(parent), m_state(state) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_details = new ValueDetailsView(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_details);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(m_title);
    layout->addWidget(scroll, 1);
}

void DetailsPanel::sync() { m_details->setValue(m_state->format(), m_state->bits()); }

void DetailsPanel::retranslateUi() { m_title->setText(tr("Decoded value")); }

} // namespace fplab::gui
