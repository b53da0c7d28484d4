// Building the charts.
#include "app/gui/lessons/result_chart.h"

#include "app/gui/common/chart_style.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

using namespace fplab::lessons;

namespace {

// Titles of more characters than this go on two lines.
constexpr int kLongAxisTitle = 20;

// An axis title as Qt Charts' rich text, on two lines when long (split at the space nearest its middle, or in the
// middle where there is none, as in Chinese): a title longer than its axis is cut to "...", and a chart in a lesson
// is about 150 pixels high.
QString axisTitle(const QString& text) {
    if (text.size() <= kLongAxisTitle) return text.toHtmlEscaped();
    const int middle = int(text.size()) / 2;
    int split = middle;
    for (int d = 0; d < middle; ++d) {
        if (text[middle - d] == QLatin1Char(' ')) split = middle - d;
        else if (middle + d < text.size() && text[middle + d] == QLatin1Char(' ')) split = middle + d;
        else continue;
        break;
    }
    return text.left(split).trimmed().toHtmlEscaped() + QStringLiteral("<br>") +
           text.mid(split).trimmed().toHtmlEscaped();
}

} // namespace

QChart* buildResultChart(const Chart& chart, Language language, const QPalette& palette) {
    auto* c = new QChart;
    c->setTitle(QString::fromStdString(chart.title.in(language)));
    auto* x = new QCategoryAxis;
    x->setTitleText(axisTitle(QString::fromStdString(chart.xLabel.in(language))));
    QAbstractAxis* y = nullptr;
    if (chart.yScale == AxisScale::Log2) {
        auto* log = new QLogValueAxis;
        log->setBase(2);
        y = log;
    } else {
        y = new QCategoryAxis;
    }
    y->setTitleText(axisTitle(QString::fromStdString(chart.yLabel.in(language))));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    double xMin = INFINITY, xMax = -INFINITY, yMin = INFINITY, yMax = -INFINITY;
    // Counts (additions, steps, elements) get whole-number ticks.
    bool xIntegers = true, yIntegers = true;
    int index = 0;
    for (const Series& s : chart.series) {
        auto* line = new QLineSeries;
        line->setName(QString::fromStdString(s.label.in(language)));
        QList<QPointF> points;
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            const double v = s.y[i];
            if (!std::isfinite(v) || (chart.yScale == AxisScale::Log2 && v <= 0)) continue;
            points.push_back({s.x[i], v});
            xIntegers = xIntegers && s.x[i] == std::round(s.x[i]);
            yIntegers = yIntegers && v == std::round(v);
            xMin = std::min(xMin, s.x[i]);
            xMax = std::max(xMax, s.x[i]);
            yMin = std::min(yMin, v);
            yMax = std::max(yMax, v);
        }
        line->replace(points);
        line->setColor(seriesColor(index++, palette));
        c->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    if (std::isfinite(xMin)) {
        applyNiceAxis(x, xMin, xMax, xIntegers);
        if (chart.yScale == AxisScale::Log2) {
            // Ticks at 2^k, about eight whatever the range (FP32 spans 2^-149..2^104), labelled "2^k".
            applyPowerOfTwoAxis(c, static_cast<QLogValueAxis*>(y), yMin, yMax > yMin ? yMax : yMin * 2);
        } else {
            applyNiceAxis(static_cast<QValueAxis*>(y), yMin, yMax, yIntegers);
        }
    }
    styleChart(c, palette);
    // The 2^k labels of a log axis are cut to "..." in the room Qt Charts gives them; they fit whole.
    for (QAbstractAxis* a : c->axes()) a->setTruncateLabels(false);
    fitLegend(c);
    return c;
}

} // namespace fplab::gui
