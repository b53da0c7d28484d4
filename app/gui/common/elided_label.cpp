#include "app/gui/common/elided_label.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontMetrics>

namespace fplab::gui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(false);
    setTextFormat(Qt::PlainText);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_copy = new QAction(this);
    connect(m_copy, &QAction::triggered, this, [this] { QApplication::clipboard()->setText(m_full); });
    addAction(m_copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    m_copy->setText(tr("Copy the full value"));
}

void ElidedLabel::setFullText(const QString& text) {
    m_full = text;
    updateShown();
}

QSize ElidedLabel::minimumSizeHint() const { return {0, QLabel::minimumSizeHint().height()}; }

QSize ElidedLabel::sizeHint() const {
    return {fontMetrics().horizontalAdvance(m_full) + 2 * margin() + 2, QLabel::sizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    updateShown();
}

void ElidedLabel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) m_copy->setText(tr("Copy the full value"));
    if (event->type() == QEvent::FontChange) updateShown();
    QLabel::changeEvent(event);
}

void ElidedLabel::updateShown() {
    const int room = contentsRect().width() - 2 * margin();
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, qMax(room, 0));
    if (shown != text()) setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}

} // namespace fplab::gui
