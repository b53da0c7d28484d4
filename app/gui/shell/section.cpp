// The section base: routes language changes to retranslateUi().
#include "app/gui/shell/section.h"

#include <QEvent>
#include <QUrlQuery>

namespace fplab::gui {

bool Section::openLink(const QUrlQuery& query) { return query.isEmpty(); }

Section::Section(SectionContext context, QWidget* parent) : QWidget(parent), m_context(context) {}

Section::~Section() = default;

void Section::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace fplab::gui
