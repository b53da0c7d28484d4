// Painting bit cells. Sizes are in device-independent pixels, so high-DPI screens scale them.
#include "app/gui/common/bit_row_widget.h"

#include "app/gui/common/zoomed_fonts.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

#include <algorithm>

namespace fplab::gui {

BitRowWidget::BitRowWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void BitRowWidget::setCells(QList<BitCell> cells, QList<BitGroup> groups) {
    const bool sizeChanged = cells.size() != m_cells.size() || groups.size() != m_groups.size();
    m_cells = std::move(cells);
    m_groups = std::move(groups);
    if (m_cursor >= m_cells.size()) m_cursor = m_cells.isEmpty() ? -1 : int(m_cells.size()) - 1;
    relayout();
    if (sizeChanged) updateGeometry();
    update();
}

void BitRowWidget::setCellSizeRange(int minimum, int maximum) {
    m_minCell = minimum;
    m_maxCell = std::max(minimum, maximum);
    relayout();
    updateGeometry();
}

int BitRowWidget::gapCount() const {
    return int(std::count_if(m_cells.begin(), m_cells.end(), [](const BitCell& c) { return c.gapBefore; }));
}

int BitRowWidget::gapWidth() const { return std::max(4, m_cell / 3); }

int BitRowWidget::cellSizeFor(int width) const {
    const int n = std::max<int>(1, int(m_cells.size()));
    const int gaps = gapCount();
    // width = n * cell + gaps * cell / 3
    const int cell = (width * 3) / (3 * n + gaps);
    return std::clamp(cell, minCell(), maxCell());
}

// The limits follow View > Zoom, and with them the bits' font.
int BitRowWidget::minCell() const { return int(std::lround(m_minCell * zoomFactor())); }
int BitRowWidget::maxCell() const { return int(std::lround(m_maxCell * zoomFactor())); }

QFont BitRowWidget::bitFont() const {
    QFont f = font();
    f.setFamily(QStringLiteral("monospace"));
    f.setStyleHint(QFont::Monospace);
    f.setPixelSize(std::max(9, m_cell * 11 / 20));
    f.setBold(true);
    return f;
}

void BitRowWidget::relayout() {
    // A label wider than its field (the sign's) spills over both sides: keep room for it at the row's ends.
    const auto overhang = [&](int cell) {
        int most = 0;
        for (const BitGroup* g :
             {m_groups.isEmpty() ? nullptr : &m_groups.front(), m_groups.isEmpty() ? nullptr : &m_groups.back()})
            if (g) most = std::max(most, (fontMetrics().horizontalAdvance(g->label) - g->count * cell) / 2 + 1);
        return most;
    };
    const int margin = overhang(cellSizeFor(width()));
    m_cell = cellSizeFor(width() - 2 * margin);
    const int used = int(m_cells.size()) * m_cell + gapCount() * gapWidth();
    m_left = std::max(overhang(m_cell), (width() - used) / 2);
}

void BitRowWidget::resizeEvent(QResizeEvent* event) {
    relayout();
    QWidget::resizeEvent(event);
}

static int labelHeight(const QFontMetrics& fm) { return fm.height() + 2; }

QRect BitRowWidget::cellRect(int index) const {
    int x = m_left;
    for (int i = 0; i <= index && i < m_cells.size(); ++i) {
        if (m_cells[i].gapBefore) x += gapWidth();
        if (i == index) break;
        x += m_cell;
    }
    const int top = m_groups.isEmpty() ? 1 : labelHeight(fontMetrics()) + 1;
    return QRect(x, top, m_cell, m_cell);
}

int BitRowWidget::cellAt(const QPoint& pos) const {
    for (int i = 0; i < m_cells.size(); ++i)
        if (cellRect(i).contains(pos)) return i;
    return -1;
}

int BitRowWidget::preferredHeight() const {
    const QFontMetrics fm = fontMetrics();
    const bool captions = std::any_of(m_groups.begin(), m_groups.end(),
                                      [](const BitGroup& g) { return !g.caption.isEmpty(); });
    // Room for the largest cell: the cells grow with the width, the height does not follow them.
    return (m_groups.isEmpty() ? 0 : labelHeight(fm)) + maxCell() + (captions ? labelHeight(fm) : 0) + 3;
}

QSize BitRowWidget::sizeHint() const {
    const int n = int(m_cells.size());
    const int cell = std::clamp(int(std::lround(28 * zoomFactor())), minCell(), maxCell());
    return {n * cell + gapCount() * std::max(4, cell / 3) + 2, preferredHeight()};
}

QSize BitRowWidget::minimumSizeHint() const {
    const int n = int(m_cells.size());
    return {n * minCell() + gapCount() * std::max(4, minCell() / 3) + 2, preferredHeight()};
}

void BitRowWidget::setCursorCell(int index) {
    m_cursor = index;
    update();
}

void BitRowWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QPalette pal = palette();
    const QFontMetrics fm = fontMetrics();

    const QFont cellFont = bitFont();

    for (int i = 0; i < m_cells.size(); ++i) {
        const BitCell& c = m_cells[i];
        const QRect r = cellRect(i).adjusted(1, 0, -1, 0);
        p.fillRect(r, bitFillColor(c.role, pal));
        QPen border(pal.color(QPalette::Mid));
        if (c.dashed) border.setStyle(Qt::DashLine);
        if (c.emphasised) {
            border.setColor(pal.color(QPalette::WindowText));
            border.setWidth(2);
        }
        p.setPen(border);
        p.drawRect(r.adjusted(0, 0, -1, -1));
        p.setFont(cellFont);
        p.setPen(bitTextColor(c.role, pal));
        p.drawText(r, Qt::AlignCenter, QString(c.symbol));
        if (i == m_cursor && hasFocus()) {
            QPen focus(pal.color(QPalette::Highlight));
            focus.setWidth(2);
            p.setPen(focus);
            p.drawRect(r.adjusted(1, 1, -2, -2));
        }
    }

    p.setFont(font());
    const int labelTop = 0;
    const int captionTop = (m_groups.isEmpty() ? 1 : labelHeight(fm) + 1) + m_cell + 1;
    for (const BitGroup& g : m_groups) {
        if (g.count <= 0 || g.first >= m_cells.size()) continue;
        const QRect first = cellRect(g.first);
        const QRect last = cellRect(std::min<int>(int(m_cells.size()) - 1, g.first + g.count - 1));
        // Labels may be wider than a short group (the sign): let them spill over, centred.
        const int centre = (first.left() + last.right()) / 2;
        const int span = std::max(last.right() - first.left(), fm.horizontalAdvance(g.label) + 4);
        p.setPen(pal.color(QPalette::WindowText));
        const QRect labelRect(centre - span / 2, labelTop, span, labelHeight(fm));
        p.drawText(labelRect, Qt::AlignHCenter | Qt::AlignBottom,
                   fm.elidedText(g.label, Qt::ElideRight, std::max(span, last.right() - first.left() + 2 * m_cell)));
        if (!g.caption.isEmpty()) {
            p.setPen(pal.color(QPalette::PlaceholderText));
            const int capSpan = std::max(last.right() - first.left(), fm.horizontalAdvance(g.caption) + 4);
            p.drawText(QRect(centre - capSpan / 2, captionTop, capSpan, labelHeight(fm)),
                       Qt::AlignHCenter | Qt::AlignTop, g.caption);
        }
    }
}

bool BitRowWidget::event(QEvent* event) {
    if (event->type() == QEvent::FontChange) {
        relayout();
        updateGeometry();
    }
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = cellAt(help->pos());
        if (i >= 0 && !m_cells[i].toolTip.isEmpty())
            QToolTip::showText(help->globalPos(), m_cells[i].toolTip, this, cellRect(i));
        else QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace fplab::gui
