// Drawing format ranges as bars on a log axis. FP64's range (1e-324..1e308) would squash the
// small formats into a sliver, so the axis covers the others and FP64 runs off both ends.
#include "app/gui/explorer/range_chart.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/chart_style.h"
#include "app/gui/shell/theme.h"
#include "core/classify.h"
#include "core/values.h"

#include <QEvent>
#include <QVBoxLayout>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

RangeChart::RangeChart(QWidget* parent) : QWidget(parent), m_view(makeChartView(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

int RangeChart::seriesCount() const { return int(m_view->chart()->series().size()); }

void RangeChart::setFormats(const std::vector<Format>& formats, int current) {
    const bool same = current == m_current && formats.size() == m_formats.size() &&
                      std::equal(formats.begin(), formats.end(), m_formats.begin(),
                                 [](const Format& a, const Format& b) { return a == b && a.name() == b.name(); });
    if (same) return;
    m_formats = formats;
    m_current = current;
    rebuild();
}

void RangeChart::setCurrentValue(double magnitude) {
    m_value = magnitude;
    if (!m_marker) return;
    const int n = int(m_formats.size());
    if (std::isfinite(magnitude) && magnitude > 0)
        m_marker->replace(QList<QPointF>{{magnitude, -0.6}, {magnitude, n - 0.4}});
    else m_marker->clear();
}

void RangeChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange) rebuild();
    QWidget::changeEvent(event);
}

void RangeChart::rebuild() {
    QChart* chart = m_view->chart();
    clearChart(chart);
    m_marker = nullptr;
    const QPalette pal = palette();
    chart->setTitle(tr("Range of each format (log scale)"));

    // The axis spans every format but FP64 (which is drawn running off both ends).
    double lo = 1e300, hi = 0;
    for (const Format& f : m_formats) {
        if (f.id == FormatId::Fp64) continue;
        lo = std::min(lo, toDouble(f, minPositiveBits(f)));
        hi = std::max(hi, toDouble(f, maxFiniteBits(f)));
    }
    if (hi == 0) {
        lo = 1e-10;
        hi = 1e10;
    }
    lo /= 4;
    hi *= 4;

    auto* axisX = new QLogValueAxis;
    applyLogAxis(axisX, lo, hi, 9);
    lo = axisX->min();
    hi = axisX->max();
    axisX->setTitleText(tr("magnitude"));
    auto* axisY = new QCategoryAxis;
    axisY->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const int n = int(m_formats.size());
    axisY->setRange(-0.6, n - 0.4);
    axisY->setGridLineVisible(false);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);

    auto* subnormalMarks = new QScatterSeries;
    subnormalMarks->setName(tr("smallest subnormal"));
    subnormalMarks->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    subnormalMarks->setMarkerSize(7);
    auto* normalMarks = new QScatterSeries;
    normalMarks->setName(tr("smallest normal"));
    normalMarks->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    normalMarks->setMarkerSize(8);
    auto* maxMarks = new QScatterSeries;
    maxMarks->setName(tr("largest finite"));
    maxMarks->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    maxMarks->setMarkerSize(10);

    const auto clip = [&](double v) { return std::clamp(v, lo, hi); };
    for (int i = 0; i < n; ++i) {
        const Format& f = m_formats[std::size_t(i)];
        const double y = n - 1 - i; // first format on top
        const double minSub = toDouble(f, minPositiveBits(f));
        const double minNormal = toDouble(f, minNormalBits(f));
        const double maxFinite = toDouble(f, maxFiniteBits(f));
        const QColor colour = i == m_current ? highlightColor(pal) : seriesColor(0, pal);
        if (f.subnormals && minSub < minNormal) {
            auto* sub = new QLineSeries;
            QPen pen(colour, 2, Qt::DashLine);
            sub->setPen(pen);
            sub->append(clip(minSub), y);
            sub->append(clip(minNormal), y);
            chart->addSeries(sub);
            sub->attachAxis(axisX);
            sub->attachAxis(axisY);
            if (minSub >= lo) subnormalMarks->append(minSub, y);
        }
        auto* normal = new QLineSeries;
        normal->setPen(QPen(colour, i == m_current ? 7 : 5, Qt::SolidLine, Qt::FlatCap));
        normal->append(clip(minNormal), y);
        normal->append(clip(maxFinite), y);
        chart->addSeries(normal);
        normal->attachAxis(axisX);
        normal->attachAxis(axisY);
        if (minNormal >= lo) normalMarks->append(minNormal, y);
        if (maxFinite <= hi) maxMarks->append(maxFinite, y);
    }
    // QCategoryAxis wants its categories in increasing order: bottom row first.
    for (int i = n - 1; i >= 0; --i) {
        const Format& f = m_formats[std::size_t(i)];
        QString label = formatDisplayName(f);
        if (f.id == FormatId::Fp64) label += QStringLiteral(" ↔");
        axisY->append(label, n - 1 - i);
    }
    const QColor markColours[] = {pal.color(QPalette::PlaceholderText), pal.color(QPalette::WindowText), okColor(pal)};
    int mark = 0;
    for (QScatterSeries* s : {subnormalMarks, normalMarks, maxMarks}) {
        s->setColor(markColours[mark++]);
        s->setBorderColor(pal.color(QPalette::Base));
        chart->addSeries(s);
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    }
    m_marker = new QLineSeries;
    m_marker->setName(tr("current value"));
    m_marker->setPen(QPen(highlightColor(pal), 2, Qt::DashDotLine));
    chart->addSeries(m_marker);
    m_marker->attachAxis(axisX);
    m_marker->attachAxis(axisY);
    // Only the markers and the current value need a legend entry.
    for (QAbstractSeries* s : chart->series()) {
        const bool named = !s->name().isEmpty();
        for (QLegendMarker* m : chart->legend()->markers(s)) m->setVisible(named);
    }
    styleChart(chart, pal);
    fitLegend(chart);
    setCurrentValue(m_value);
}

} // namespace fplab::gui
