// The section base: routes language changes to retranslateUi().
#include "app/gui/shell/section.h"

#include <QEvent>

namespace fplab::gui {

Section::Section(SectionContext context, QWidget* parent) : QWidget(parent), m_context(context) {}

Section::~Section() = default;

void Section::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace fplab::gui
