// Painting the prediction grid as pale cells and the data as dots.
#include "app/gui/training/decision_boundary_view.h"

#include "app/gui/common/chart_style.h"

#include <QImage>
#include <QPainter>

#include <algorithm>

namespace fplab::gui {

DecisionBoundaryView::DecisionBoundaryView(QWidget* parent) : QWidget(parent) { setMinimumSize(240, 240); }

DecisionBoundaryView::~DecisionBoundaryView() = default;

void DecisionBoundaryView::showRun(const TrainingRunData& run) {
    if (run.id != m_runId) {
        setData(run.setup.data);
        m_runId = run.id;
        m_gridSerial = 0;
    }
    if (run.grid && run.gridSerial != m_gridSerial) {
        setGrid(*run.grid);
        m_gridSerial = run.gridSerial;
    }
}

void DecisionBoundaryView::setData(const training::Dataset& data) {
    m_data = data;
    m_grid = {};
    update();
}

void DecisionBoundaryView::setGrid(const training::PredictionGrid& grid) {
    m_grid = grid;
    update();
}

void DecisionBoundaryView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Window));
    const int side = std::max(10, std::min(width(), height()) - 8);
    const QRectF square((width() - side) / 2.0, (height() - side) / 2.0, side, side);
    p.fillRect(square, pal.color(QPalette::Base));
    const float low = m_data.labels.empty() ? -1.0f : m_data.low;
    const float high = m_data.labels.empty() ? 1.0f : m_data.high;
    const auto toScreen = [&](float x, float y) {
        return QPointF(square.left() + (x - low) / (high - low) * square.width(),
                       square.bottom() - (y - low) / (high - low) * square.height());
    };
    if (m_grid.nx > 0 && m_grid.classes.size() == std::size_t(m_grid.nx) * std::size_t(m_grid.ny)) {
        // One pixel per cell, blended with the background by hand (alpha-blended rectangles leave seams), then scaled.
        QImage cells(m_grid.nx, m_grid.ny, QImage::Format_RGB32);
        const QColor base = pal.color(QPalette::Base);
        for (int j = 0; j < m_grid.ny; ++j)
            for (int i = 0; i < m_grid.nx; ++i) {
                const QColor c = seriesColor(m_grid.classes[std::size_t(j) * m_grid.nx + i], pal);
                const auto mix = [](int a, int b) { return (a * 72 + b * 28) / 100; };
                cells.setPixel(
                    i, m_grid.ny - 1 - j,
                    qRgb(mix(base.red(), c.red()), mix(base.green(), c.green()), mix(base.blue(), c.blue())));
            }
        p.drawImage(square, cells);
    }
    p.setRenderHint(QPainter::Antialiasing);
    for (int k = 0; k < m_data.size(); ++k) {
        const QColor c = seriesColor(m_data.labels[std::size_t(k)], pal);
        p.setPen(QPen(pal.color(QPalette::Base), 0.8));
        p.setBrush(c);
        p.drawEllipse(toScreen(m_data.features[std::size_t(k) * 2], m_data.features[std::size_t(k) * 2 + 1]), 3.2, 3.2);
    }
    p.setPen(pal.color(QPalette::Mid));
    p.setBrush(Qt::NoBrush);
    p.drawRect(square);
}

} // namespace fplab::gui
