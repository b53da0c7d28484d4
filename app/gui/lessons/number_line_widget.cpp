// Painting the number line.
#include "app/gui/lessons/number_line_widget.h"

#include "app/gui/shell/theme.h"
#include "lessons/value_text.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

using namespace fplab::lessons;

NumberLineWidget::NumberLineWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void NumberLineWidget::setLine(const NumberLine& line, Language language) {
    m_line = line;
    m_language = language;
    setToolTip(QString::fromStdString(line.title.in(language)));
    update();
}

QSize NumberLineWidget::sizeHint() const { return {560, 170}; }

QSize NumberLineWidget::minimumSizeHint() const { return {300, 170}; }

void NumberLineWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    std::vector<double> finite;
    for (const Mark& m : m_line.marks)
        if (std::isfinite(m.position)) finite.push_back(m.position);
    if (finite.empty()) return;
    const auto [lo, hi] = std::minmax_element(finite.begin(), finite.end());
    const double span = *hi > *lo ? *hi - *lo : 1.0;
    const int margin = 50;
    const int axisY = height() / 2;
    const auto xOf = [&](double v) { return margin + (v - *lo) / span * (width() - 2 * margin); };

    p.setPen(QPen(pal.color(QPalette::WindowText), 1.5));
    p.drawLine(margin - 20, axisY, width() - margin + 20, axisY);
    const QFontMetrics fm(font());
    int resultRow = 0;
    for (const Mark& m : m_line.marks) {
        if (!std::isfinite(m.position)) continue;
        const double x = xOf(m.position);
        const QString label = QString::fromStdString(m.label.in(m_language));
        switch (m.kind) {
        case MarkKind::Grid:
            p.setPen(QPen(pal.color(QPalette::WindowText), 1.5));
            p.drawLine(QPointF(x, axisY - 10), QPointF(x, axisY + 10));
            if (!label.isEmpty()) p.drawText(QRectF(x - 90, axisY + 14, 180, fm.height()), Qt::AlignHCenter, label);
            break;
        case MarkKind::Input: {
            p.setPen(QPen(warningColor(pal), 2));
            p.setBrush(warningColor(pal));
            QPainterPath tri;
            tri.moveTo(x, axisY - 4);
            tri.lineTo(x - 6, axisY - 16);
            tri.lineTo(x + 6, axisY - 16);
            tri.closeSubpath();
            p.drawPath(tri);
            p.drawText(QRectF(x - 120, axisY - 20 - fm.height(), 240, fm.height()), Qt::AlignHCenter, label);
            break;
        }
        case MarkKind::Result: {
            p.setPen(QPen(okColor(pal), 2));
            p.setBrush(okColor(pal));
            p.drawEllipse(QPointF(x, axisY), 5, 5);
            const int y = axisY + 16 + fm.height() * (1 + resultRow++ % 2);
            p.drawText(QRectF(x - 110, y, 220, fm.height()), Qt::AlignHCenter, label);
            break;
        }
        }
    }
}

} // namespace fplab::gui
