// Walking nextUp/nextDown from the stored value and drawing the number line. Positions are
// offsets from the stored value in its ulps, so FP64 neighbours are as readable as FP4 ones.
#include "app/gui/explorer/neighbours_chart.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/number_text.h"
#include "app/gui/shell/theme.h"
#include "app/gui/common/chart_style.h"
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
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

namespace {
constexpr int kNeighboursEachSide = 3;
}

NeighboursChart::NeighboursChart(QWidget* parent) : QWidget(parent), m_view(makeChartView(this)), m_format(kFp16) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void NeighboursChart::setValue(const Format& f, std::uint64_t bits, std::optional<double> inputOffsetUlps) {
    m_format = f;
    m_bits = bits;
    m_inputOffset = inputOffsetUlps;
    rebuild();
}

void NeighboursChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange) rebuild();
    QWidget::changeEvent(event);
}

void NeighboursChart::rebuild() {
    QChart* chart = m_view->chart();
    clearChart(chart);
    const QPalette pal = palette();
    const Format& f = m_format;
    m_pointCount = 0;
    const FloatClass cls = classify(f, m_bits);
    const std::optional<int> ulpExp = ulpExponent(f, m_bits);
    if (!isFinite(cls) || !ulpExp) {
        chart->setTitle(tr("No neighbours: %1 is not a finite value").arg(classText(cls)));
        return;
    }
    chart->setTitle(tr("Values of %1 around the stored value (1 ulp = 2^%2)").arg(formatDisplayName(f)).arg(*ulpExp));

    // Collect up to three neighbours each side, stopping at infinities and NaN.
    struct Point {
        std::uint64_t bits;
        double offset;
    };
    const double stored = toDouble(f, m_bits);
    const auto offsetOf = [&](std::uint64_t b) { return std::ldexp(toDouble(f, b) - stored, -*ulpExp); };
    std::vector<Point> points{{m_bits, 0.0}};
    std::uint64_t b = m_bits;
    for (int i = 0; i < kNeighboursEachSide; ++i) {
        const std::uint64_t next = nextDown(f, b);
        if (next == b || !isFinite(classify(f, next))) break;
        b = next;
        points.insert(points.begin(), Point{b, offsetOf(b)});
    }
    b = m_bits;
    for (int i = 0; i < kNeighboursEachSide; ++i) {
        const std::uint64_t next = nextUp(f, b);
        if (next == b || !isFinite(classify(f, next))) break;
        b = next;
        points.push_back(Point{b, offsetOf(b)});
    }
    m_pointCount = int(points.size());

    auto* axisX = new QCategoryAxis;
    axisX->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axisX->setLabelsAngle(-30);
    const double left = points.front().offset - 0.6, right = points.back().offset + 0.6;
    axisX->setRange(left, right);
    axisX->setStartValue(left);
    // Exact digits when they are few (65504, not its shortest form 65500), else the shortest decimal.
    for (const Point& p : points) {
        const QString exact = exactDecimalText(f, p.bits);
        axisX->append(exact.size() <= 12 ? exact : shortDecimal(f, p.bits), p.offset);
    }
    axisX->setTitleText(tr("representable values (spaced by their distance in ulps)"));
    auto* axisY = new QValueAxis;
    axisY->setRange(-1, 1);
    axisY->setVisible(false);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);

    const auto attach = [&](QAbstractSeries* s) {
        chart->addSeries(s);
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    };
    auto* line = new QLineSeries;
    line->setPen(QPen(pal.color(QPalette::Mid), 2));
    line->append(left, 0);
    line->append(right, 0);
    attach(line);

    // Rounding to nearest sends everything between two midpoints to the value between them.
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const double mid = (points[i].offset + points[i + 1].offset) / 2;
        auto* tick = new QLineSeries;
        tick->setPen(QPen(seriesColor(2, pal), 1.5, Qt::DashLine));
        tick->append(mid, -0.45);
        tick->append(mid, 0.45);
        if (i == 0) tick->setName(tr("rounding boundary (to nearest)"));
        attach(tick);
    }
    auto* values = new QScatterSeries;
    values->setName(tr("representable values"));
    values->setMarkerSize(9);
    values->setColor(seriesColor(0, pal));
    values->setBorderColor(pal.color(QPalette::Base));
    auto* storedMark = new QScatterSeries;
    storedMark->setName(tr("stored value"));
    storedMark->setMarkerSize(14);
    storedMark->setColor(highlightColor(pal));
    storedMark->setBorderColor(pal.color(QPalette::Base));
    for (const Point& p : points) (p.bits == m_bits ? storedMark : values)->append(p.offset, 0);
    attach(values);
    attach(storedMark);
    if (m_inputOffset && std::isfinite(*m_inputOffset) && *m_inputOffset != 0.0) {
        auto* input = new QScatterSeries;
        input->setName(tr("exact input"));
        input->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        input->setMarkerSize(12);
        input->setColor(okColor(pal));
        input->append(std::clamp(*m_inputOffset, left, right), 0.25);
        attach(input);
    }
    for (QAbstractSeries* s : chart->series()) {
        const bool named = !s->name().isEmpty();
        for (QLegendMarker* m : chart->legend()->markers(s)) m->setVisible(named);
    }
    styleChart(chart, pal);
    fitLegend(chart);
}

} // namespace fplab::gui
