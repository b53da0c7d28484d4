// The ulp staircase of one format. Rebuilt only when the format changes; an edit moves the marker.
#include "app/gui/explorer/spacing_chart.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/chart_style.h"
#include "core/classify.h"
#include "core/values.h"

#include <QEvent>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

SpacingChart::SpacingChart(QWidget* parent) : QWidget(parent), m_view(makeChartView(this)), m_format(kFp16) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void SpacingChart::setValue(const Format& f, std::uint64_t bits) {
    const bool formatChanged = !m_built || !(f == m_format) || f.name() != m_format.name();
    m_format = f;
    m_bits = bits;
    if (formatChanged) rebuild();
    else placeMarker();
}

void SpacingChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange) rebuild();
    QWidget::changeEvent(event);
}

void SpacingChart::placeMarker() {
    if (!m_marker) return;
    m_marker->clear();
    const std::uint64_t mag = m_bits & ~m_format.signMask();
    const std::optional<int> k = ulpExponent(m_format, mag);
    const double x = toDouble(m_format, mag);
    if (k && std::isfinite(x) && x > 0) m_marker->append(x, std::ldexp(1.0, *k));
}

void SpacingChart::rebuild() {
    m_built = true;
    QChart* chart = m_view->chart();
    clearChart(chart);
    m_marker = nullptr;
    const QPalette pal = palette();
    const Format& f = m_format;
    chart->setTitle(
        tr("Spacing of %1 values: constant for subnormals, doubling every binade").arg(formatDisplayName(f)));

    // The staircase: the ulp is 2^(e - M) on [2^e, 2^(e+1)), and 2^(emin - M) below 2^emin.
    auto* curve = new QLineSeries;
    curve->setName(tr("ulp (gap to the next value)"));
    curve->setPen(QPen(seriesColor(0, pal), 2));
    const int m = f.mantissaBits;
    // Wide custom formats reach past double's range: draw the part a double can hold.
    const int emin = std::max(f.minExponent(), -1074 + m), emax = std::min(f.maxExponent(), 1022);
    const double minPositive = std::max(toDouble(f, minPositiveBits(f)), std::ldexp(1.0, emin - m));
    const double maxFinite = std::min(toDouble(f, maxFiniteBits(f)), std::ldexp(1.0, emax + 1));
    if (f.subnormals && f.hasZero && m > 0) {
        curve->append(minPositive, std::ldexp(1.0, emin - m));
    }
    QList<QPointF> pts;
    for (int e = emin; e <= emax; ++e) {
        const double ulp = std::ldexp(1.0, e - m);
        pts << QPointF(std::ldexp(1.0, e), ulp);
        pts << QPointF(e == emax ? maxFinite : std::ldexp(1.0, e + 1), ulp);
    }
    if (f.subnormals && f.hasZero && m > 0 && !pts.isEmpty())
        pts.prepend(QPointF(std::ldexp(1.0, emin), std::ldexp(1.0, emin - m)));
    curve->append(pts);
    m_curvePoints = int(curve->count());

    auto* axisX = new QLogValueAxis;
    axisX->setTitleText(tr("magnitude |x|"));
    applyLogAxis(axisX, minPositive, maxFinite);
    auto* axisY = new QLogValueAxis;
    axisY->setTitleText(tr("ulp(x)"));
    applyLogAxis(axisY, std::ldexp(1.0, emin - m), std::ldexp(1.0, emax - m));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addSeries(curve);
    curve->attachAxis(axisX);
    curve->attachAxis(axisY);

    m_marker = new QScatterSeries;
    m_marker->setName(tr("current value"));
    m_marker->setMarkerSize(11);
    m_marker->setColor(highlightColor(pal));
    m_marker->setBorderColor(pal.color(QPalette::Base));
    chart->addSeries(m_marker);
    m_marker->attachAxis(axisX);
    m_marker->attachAxis(axisY);
    styleChart(chart, pal);
    fitLegend(chart);
    placeMarker();
}

} // namespace fplab::gui
