// Painting the heat map (one image pixel per cell, scaled) and its legend; hit-testing the mouse.
#include "app/gui/gpu_lab/ulp_heat_map.h"

#include "app/gui/shell/theme.h"
#include "gpu/compare.h"

#include <QHelpEvent>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cstdlib>

namespace fplab::gui {

namespace {
constexpr int kLegendWidth = 150;
} // namespace

UlpHeatMap::UlpHeatMap(QWidget* parent) : QWidget(parent) { setMinimumSize(280, 200); }

UlpHeatMap::~UlpHeatMap() = default;

void UlpHeatMap::setComparison(const gpu::OutputComparison& c) {
    m_rows = c.m;
    m_columns = c.n;
    m_bands.assign(c.cellCount(), Identical);
    for (std::size_t i = 0; i < c.cellCount(); ++i) {
        if (c.identical[i]) continue;
        const std::int64_t u = c.ulps[i];
        const std::int64_t a = u == gpu::kNanMismatch ? 0 : std::abs(u);
        Band b = u == gpu::kNanMismatch ? NanOnOneSide
                 : a == 0               ? SameValue
                 : a == 1               ? Ulp1
                 : a == 2               ? Ulp2
                 : a <= 4               ? Ulp3To4
                 : a <= 16              ? Ulp5To16
                 : a <= 256             ? Ulp17To256
                                        : UlpOver256;
        m_bands[i] = std::uint8_t(b);
    }
    m_present.fill(false);
    for (std::uint8_t b : m_bands) m_present[b] = true;
    m_selected.reset();
    update();
}

void UlpHeatMap::clear() {
    m_rows = m_columns = 0;
    m_bands.clear();
    m_present.fill(false);
    m_selected.reset();
    update();
}

UlpHeatMap::Band UlpHeatMap::bandOf(int row, int column) const {
    if (row < 0 || row >= m_rows || column < 0 || column >= m_columns) return Identical;
    return Band(m_bands[std::size_t(row) * m_columns + column]);
}

QColor UlpHeatMap::bandColor(Band band, const QPalette& palette) {
    // A yellow-to-purple ramp that reads on white and on the dark theme's base alike.
    switch (band) {
    case Identical: return palette.color(QPalette::Base);
    case SameValue: return isDarkPalette(palette) ? QColor(0x55, 0x5b, 0x63) : QColor(0xd9, 0xdd, 0xe2);
    case Ulp1: return QColor(0xfd, 0xe7, 0x25);
    case Ulp2: return QColor(0xfb, 0xb4, 0x3c);
    case Ulp3To4: return QColor(0xf3, 0x7b, 0x3f);
    case Ulp5To16: return QColor(0xd9, 0x43, 0x4b);
    case Ulp17To256: return QColor(0xa3, 0x1a, 0x6b);
    case UlpOver256: return QColor(0x5c, 0x10, 0x7a);
    case NanOnOneSide: return QColor(0x10, 0x7a, 0x8a);
    case BandCount: break;
    }
    return palette.color(QPalette::Base);
}

QString UlpHeatMap::bandLabel(Band band) const {
    switch (band) {
    case Identical: return tr("identical bits");
    case SameValue: return tr("same value (+0 / −0)");
    case Ulp1: return tr("1 ulp");
    case Ulp2: return tr("2 ulps");
    case Ulp3To4: return tr("3–4 ulps");
    case Ulp5To16: return tr("5–16 ulps");
    case Ulp17To256: return tr("17–256 ulps");
    case UlpOver256: return tr("more than 256 ulps");
    case NanOnOneSide: return tr("NaN on one side only");
    case BandCount: break;
    }
    return {};
}

QRectF UlpHeatMap::mapRect() const {
    if (m_rows <= 0 || m_columns <= 0) return {};
    const QRectF area(6, 6, std::max(10, width() - kLegendWidth - 18), std::max(10, height() - 12));
    // Square cells, as large as fit.
    const double cell = std::min(area.width() / m_columns, area.height() / m_rows);
    return {area.left(), area.top(), cell * m_columns, cell * m_rows};
}

QRect UlpHeatMap::cellRect(int row, int column) const {
    const QRectF map = mapRect();
    if (map.isEmpty()) return {};
    const double w = map.width() / m_columns, h = map.height() / m_rows;
    return QRectF(map.left() + column * w, map.top() + row * h, w, h).toAlignedRect();
}

std::optional<QPoint> UlpHeatMap::cellAt(const QPoint& pos) const {
    const QRectF map = mapRect();
    if (map.isEmpty() || !map.contains(pos)) return std::nullopt;
    const int column = std::clamp(int((pos.x() - map.left()) / map.width() * m_columns), 0, m_columns - 1);
    const int row = std::clamp(int((pos.y() - map.top()) / map.height() * m_rows), 0, m_rows - 1);
    return QPoint(column, row);
}

void UlpHeatMap::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Window));
    const QRectF map = mapRect();
    if (!map.isEmpty()) {
        QImage cells(m_columns, m_rows, QImage::Format_RGB32);
        QRgb colors[BandCount];
        for (int b = 0; b < BandCount; ++b) colors[b] = bandColor(Band(b), pal).rgb();
        for (int r = 0; r < m_rows; ++r)
            for (int c = 0; c < m_columns; ++c) cells.setPixel(c, r, colors[m_bands[std::size_t(r) * m_columns + c]]);
        p.drawImage(map, cells);
        // Grid lines while cells are large enough to tell apart.
        const double w = map.width() / m_columns;
        if (w >= 6) {
            p.setPen(QPen(pal.color(QPalette::Midlight), 0));
            for (int c = 1; c < m_columns; ++c)
                p.drawLine(QPointF(map.left() + c * w, map.top()), QPointF(map.left() + c * w, map.bottom()));
            for (int r = 1; r < m_rows; ++r)
                p.drawLine(QPointF(map.left(), map.top() + r * w),
                           QPointF(map.right(), map.top() + r * w)); // square cells
        }
        p.setPen(pal.color(QPalette::Mid));
        p.drawRect(map);
        if (m_selected) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.drawRect(cellRect(m_selected->y(), m_selected->x()).adjusted(-1, -1, 1, 1));
        }
    }
    // The legend: only the bands that occur (all of them before the first run).
    const double legendLeft = width() - kLegendWidth - 6;
    double y = 10;
    const int swatch = fontMetrics().height() - 2;
    p.setPen(pal.color(QPalette::WindowText));
    for (int b = 0; b < BandCount; ++b) {
        if (!m_bands.empty() && !m_present[std::size_t(b)]) continue;
        const QRectF box(legendLeft, y, swatch, swatch);
        p.fillRect(box, bandColor(Band(b), pal));
        p.setPen(pal.color(QPalette::Mid));
        p.drawRect(box);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(legendLeft + swatch + 6, y - 2, kLegendWidth - swatch - 6, swatch + 4),
                   Qt::AlignVCenter | Qt::AlignLeft, bandLabel(Band(b)));
        y += swatch + 6;
    }
}

void UlpHeatMap::mousePressEvent(QMouseEvent* event) {
    if (const auto cell = cellAt(event->position().toPoint())) {
        m_selected = *cell;
        update();
        emit cellClicked(cell->y(), cell->x());
    }
    QWidget::mousePressEvent(event);
}

bool UlpHeatMap::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto cell = cellAt(help->pos());
        if (cell && m_toolTip)
            QToolTip::showText(help->globalPos(), m_toolTip(cell->y(), cell->x()), this,
                               cellRect(cell->y(), cell->x()));
        else QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace fplab::gui
