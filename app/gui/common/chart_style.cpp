// Chart colours that follow the light or dark palette.
#include "app/gui/common/chart_style.h"

#include "app/gui/common/bit_colors.h"

#include <QApplication>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QAbstractSeries>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <QFontMetrics>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fplab::gui {

namespace {
bool g_highContrast = false;
} // namespace

void setHighContrastCharts(bool on) { g_highContrast = on; }
bool highContrastCharts() { return g_highContrast; }

QChartView* makeChartView(QWidget* parent) {
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(300, 220);
    return view;
}

void styleChart(QChart* chart, const QPalette& palette) {
    const QColor text = palette.color(QPalette::WindowText);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    const bool dark = isDarkPalette(palette);
    const QColor grid = g_highContrast ? (dark ? QColor(0x80, 0x80, 0x80) : QColor(0x90, 0x90, 0x90))
                        : dark         ? QColor(0x44, 0x48, 0x4d)
                                       : QColor(0xdd, 0xdd, 0xdd);
    // Chart text follows the application font, so View > Zoom reaches it.
    const QFont base = QApplication::font();
    QFont titleFont = base;
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->legend()->setFont(base);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(g_highContrast ? text : palette.color(QPalette::Mid));
        axis->setLabelsFont(base);
        axis->setTitleFont(base);
    }
}

QColor seriesColor(int index, const QPalette& palette) {
    static const QColor light[] = {QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd),
                                   QColor(0x8c, 0x56, 0x4b), QColor(0x17, 0xbe, 0xcf), QColor(0x7f, 0x7f, 0x7f)};
    static const QColor dark[] = {QColor(0x6c, 0xb4, 0xf0), QColor(0x7f, 0xd6, 0x8c), QColor(0xc5, 0xa3, 0xf0),
                                  QColor(0xd9, 0xa5, 0x8c), QColor(0x6f, 0xe0, 0xec), QColor(0xb0, 0xb0, 0xb0)};
    // Present mode: saturated colours far apart in hue and lightness (readable on a projector).
    static const QColor strongLight[] = {QColor(0x00, 0x3c, 0xc8), QColor(0xd0, 0x00, 0x00), QColor(0x00, 0x80, 0x00),
                                         QColor(0x80, 0x00, 0xa0), QColor(0xe0, 0x70, 0x00), QColor(0x00, 0x00, 0x00)};
    static const QColor strongDark[] = {QColor(0x4d, 0xc3, 0xff), QColor(0xff, 0x55, 0x55), QColor(0x66, 0xff, 0x66),
                                        QColor(0xff, 0x80, 0xff), QColor(0xff, 0xd0, 0x00), QColor(0xff, 0xff, 0xff)};
    const int n = int(std::size(light));
    if (g_highContrast) return isDarkPalette(palette) ? strongDark[index % n] : strongLight[index % n];
    return isDarkPalette(palette) ? dark[index % n] : light[index % n];
}

double logAxisBase(double lo, double hi, int ticks) {
    const double decades = std::log10(hi) - std::log10(lo);
    const int step = std::max(1, int(std::ceil(decades / ticks)));
    return std::pow(10.0, step);
}

namespace {

QString tickLabel(double v, double step) {
    if (v == 0) return QStringLiteral("0");
    const int stepExp = int(std::floor(std::log10(step) + 1e-9));
    const double mag = std::fabs(v);
    char buf[64];
    if (mag >= 1e6 || stepExp < -5) {
        // Scientific with the significant digits the step needs: 1.5e+06, 2e-07.
        const int digits = std::max(1, int(std::floor(std::log10(mag) + 1e-9)) - stepExp + 1);
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    } else {
        std::snprintf(buf, sizeof buf, "%.*f", std::max(0, -stepExp), v);
    }
    QString text = QString::fromLatin1(buf);
    // Rounding a tiny negative value must not print "-0" or "-0.00".
    if (text.startsWith(QLatin1Char('-')) && text.mid(1).remove(QLatin1Char('0')).remove(QLatin1Char('.')).isEmpty())
        text.remove(0, 1);
    return text;
}

} // namespace

AxisTicks niceTicks(double lo, double hi, int maxTicks, bool integers) {
    AxisTicks t;
    if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
    if (hi < lo) std::swap(lo, hi);
    if (hi == lo) {
        const double pad = integers ? 1.0 : (lo != 0 ? std::fabs(lo) * 0.1 : 1.0);
        lo -= pad;
        hi += pad;
    }
    maxTicks = std::max(maxTicks, 2);
    const double raw = (hi - lo) / (maxTicks - 1);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * mag;
    for (const double m : {1.0, 2.0, 5.0}) {
        if (m * mag >= raw * (1 - 1e-12)) {
            step = m * mag;
            break;
        }
    }
    if (integers) step = std::max(1.0, std::round(step));
    const double first = std::floor(lo / step + 1e-9), last = std::ceil(hi / step - 1e-9);
    t.step = step;
    t.min = first * step;
    t.max = last * step;
    for (double k = first; k <= last; ++k) {
        t.values.push_back(k * step);
        t.labels.push_back(tickLabel(k * step, step));
    }
    return t;
}

void applyNiceAxis(QValueAxis* axis, double lo, double hi, bool integers, int maxTicks) {
    const AxisTicks t = niceTicks(lo, hi, maxTicks, integers);
    // Remembered so that fitLegend can thin the ticks out when the chart is narrow.
    axis->setProperty("fplabNiceLo", lo);
    axis->setProperty("fplabNiceHi", hi);
    axis->setProperty("fplabNiceIntegers", integers);
    axis->setProperty("fplabNiceTicks", maxTicks);
    if (auto* category = qobject_cast<QCategoryAxis*>(axis)) {
        for (const QString& label : category->categoriesLabels()) category->remove(label);
        category->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        category->setStartValue(t.min);
        for (std::size_t i = 0; i < t.values.size(); ++i) category->append(t.labels[i], t.values[i]);
        category->setRange(t.min, t.max);
        return;
    }
    // Fixed ticks while range and interval change: with dynamic ticks, a wide new range under the old small
    // interval (or the reverse) would lay out one tick item per step for a moment: 100,000 for a long run.
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setRange(t.min, t.max);
    axis->setTickAnchor(0);
    axis->setTickInterval(t.step);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setLabelFormat(integers ? QStringLiteral("%d") : QStringLiteral("%g"));
}

void applyLogAxis(QLogValueAxis* axis, double lo, double hi, int ticks) {
    if (!(lo > 0) || !std::isfinite(lo)) lo = 1;
    if (!(hi > lo) || !std::isfinite(hi)) hi = lo * 10;
    const double base = logAxisBase(lo, hi, ticks);
    const double step = std::log10(base);
    const double from = std::pow(10.0, step * std::floor(std::log10(lo) / step + 1e-9));
    double to = std::pow(10.0, step * std::ceil(std::log10(hi) / step - 1e-9));
    if (!(to > from)) to = from * base;
    axis->setBase(base);
    axis->setMinorTickCount(0);
    axis->setLabelFormat(from >= 1e-4 && to <= 1e6 ? QStringLiteral("%g") : QStringLiteral("%.0e"));
    axis->setRange(from, to);
}

namespace {

const char* const kPowerLabels = "fplabPowerOfTwoLabels";

QCategoryAxis* powerLabelAxis(const QLogValueAxis* axis) {
    return qobject_cast<QCategoryAxis*>(axis->property(kPowerLabels).value<QObject*>());
}

int floorDiv(int a, int b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

} // namespace

void applyPowerOfTwoAxis(QChart* chart, QLogValueAxis* axis, double lo, double hi, int ticks) {
    if (!(lo > 0) || !std::isfinite(lo)) lo = 1;
    if (!(hi > lo) || !std::isfinite(hi)) hi = lo * 2;
    const int low = int(std::floor(std::log2(lo) + 1e-9));
    const int high = std::max(low + 1, int(std::ceil(std::log2(hi) - 1e-9)));
    const int step = std::max(1, (high - low + ticks - 1) / std::max(1, ticks));
    const int from = floorDiv(low, step) * step, to = -floorDiv(-high, step) * step;
    axis->setBase(std::ldexp(1.0, step));
    axis->setMinorTickCount(0);
    axis->setRange(std::ldexp(1.0, from), std::ldexp(1.0, to));
    axis->setLabelsVisible(false);
    QCategoryAxis* labels = powerLabelAxis(axis);
    if (!labels) {
        labels = new QCategoryAxis(axis);
        labels->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        labels->setGridLineVisible(false);
        labels->setLineVisible(false);
        labels->setTitleText(axis->titleText());
        axis->setTitleVisible(false);
        QObject::connect(axis, &QAbstractAxis::titleTextChanged, labels, &QAbstractAxis::setTitleText);
        axis->setProperty(kPowerLabels, QVariant::fromValue<QObject*>(labels));
        QObject::connect(labels, &QObject::destroyed, axis, [axis] { axis->setProperty(kPowerLabels, QVariant()); });
        chart->addAxis(labels, axis->alignment());
    }
    for (const QString& label : labels->categoriesLabels()) labels->remove(label);
    labels->setStartValue(from - 1e-3 * step);
    for (int k = from; k <= to; k += step) labels->append(QStringLiteral("2^%1").arg(k), k);
    labels->setRange(from, to);
}

QStringList powerOfTwoLabels(const QLogValueAxis* axis) {
    QCategoryAxis* labels = powerLabelAxis(axis); // categoriesLabels() is not const in Qt 6.4
    return labels ? labels->categoriesLabels() : QStringList();
}

namespace {

// The share of a chart's width (inside its margins) that Qt Charts gives a legend at its side
// (AbstractChartLayout's golden_ratio): a legend made wider runs off the chart's edge.
constexpr double kSideLegendShare = 0.4;

// A legend marker's own name: its series' (the label may be that name wrapped).
QString markerName(QLegendMarker* m) { return m->series() ? m->series()->name() : m->label(); }

bool isCjk(QChar c) { return c.unicode() >= 0x2e80; }

// The last place `line` may break, before its character i: at a space or beside a Chinese character (Chinese is
// written without spaces), else after a dot, underscore, hyphen or slash inside a name ("fc1.grad_" "output").
// 0 where there is none.
int lastBreak(const QString& line) {
    for (int i = int(line.size()) - 1; i > 0; --i)
        if (line[i] == QLatin1Char(' ') || isCjk(line[i]) || isCjk(line[i - 1])) return i;
    for (int i = int(line.size()) - 1; i > 0; --i)
        if (QStringLiteral("._-/").contains(line[i - 1])) return i;
    return 0;
}

// `name` broken into lines no wider than `room` where it may break (a word wider than the room and without such a
// place stays whole), as the HTML a legend label is drawn from.
QString wrappedLabel(const QString& name, const QFontMetrics& fm, int room) {
    QStringList lines;
    QString line;
    for (const QChar c : name) {
        line += c;
        if (fm.horizontalAdvance(line) <= room) continue;
        const int cut = lastBreak(line);
        if (cut == 0) continue;
        lines << line.left(cut).trimmed().toHtmlEscaped();
        line = line.mid(cut).trimmed();
    }
    lines << line.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

void setMarkerLabel(QLegendMarker* m, const QString& label) {
    if (m->label() != label) m->setLabel(label);
}

} // namespace

// The legend below the plot while one row holds every name, otherwise at the right in the room Qt Charts gives a
// legend there, its font made smaller until the longest name fits (not below 6.5 points), and a name still too long
// wrapped onto more lines.
void layOutLegend(QChart* chart, int width) {
    QLegend* legend = chart->legend();
    QFont font = legend->font();
    if (!legend->property("fplabFontSize").isValid()) legend->setProperty("fplabFontSize", font.pointSizeF());
    font.setPointSizeF(legend->property("fplabFontSize").toDouble());
    const auto measure = [&](const QFont& f, int& row, int& widest) {
        const QFontMetrics fm(f);
        row = widest = 0;
        for (QLegendMarker* m : legend->markers()) {
            if (!m->isVisible()) continue;
            const int w = fm.horizontalAdvance(markerName(m)) + fm.height() * 2 + 24; // marker square, gaps, margins
            row += w;
            widest = std::max(widest, w);
        }
    };
    int row = 0, widest = 0;
    measure(font, row, widest);
    if (row <= width - 24) {
        for (QLegendMarker* m : legend->markers()) setMarkerLabel(m, markerName(m));
        legend->setFont(font);
        legend->setAlignment(Qt::AlignBottom);
        legend->setMinimumWidth(-1);
        legend->setPreferredWidth(-1);
        return;
    }
    const QMargins margins = chart->margins();
    const int room = int((width - margins.left() - margins.right()) * kSideLegendShare) - 1;
    while (widest > room && font.pointSizeF() > 6.5) {
        font.setPointSizeF(font.pointSizeF() - 0.5);
        measure(font, row, widest);
    }
    // What a legend at the side needs beside a name (its margins, the marker, the gaps), as Qt 6.4 lays it out:
    // 33 to 36 pixels at 6.5 to 9 points, with a pixel or two to spare here.
    const QFontMetrics fm(font);
    const int textRoom = room - (fm.height() / 2 + 32);
    for (QLegendMarker* m : legend->markers()) {
        const QString name = markerName(m);
        setMarkerLabel(m, fm.horizontalAdvance(name) > textRoom ? wrappedLabel(name, fm, textRoom) : name);
    }
    legend->setFont(font);
    legend->setAlignment(Qt::AlignRight);
    // The chart gives the legend its preferred width, which Qt would take from names it cut before.
    legend->setMinimumWidth(std::min(widest, room));
    legend->setPreferredWidth(std::min(widest, room));
}

namespace {

// Fewer ticks on a short axis, so that no label is cut to "...".
void thinTicks(QChart* chart, int width, int height) {
    for (QAbstractAxis* a : chart->axes()) {
        auto* axis = qobject_cast<QCategoryAxis*>(a);
        if (!axis || !axis->property("fplabNiceLo").isValid()) continue;
        const QFontMetrics fm(axis->labelsFont());
        const bool horizontal = axis->orientation() == Qt::Horizontal;
        int longest = 0;
        for (const QString& l : axis->categoriesLabels()) longest = std::max(longest, fm.horizontalAdvance(l));
        const int legendWidth = chart->legend()->alignment() == Qt::AlignRight ? int(chart->legend()->minimumWidth())
                                                                               : 0;
        const int length = horizontal ? width - 100 - legendWidth : height - 110;
        const int perTick = horizontal ? longest + 24 : fm.height() * 2;
        const int ticks = std::clamp(length / std::max(perTick, 1), 2, 6);
        if (ticks == axis->property("fplabNiceTicks").toInt()) continue;
        applyNiceAxis(axis, axis->property("fplabNiceLo").toDouble(), axis->property("fplabNiceHi").toDouble(),
                      axis->property("fplabNiceIntegers").toBool(), ticks);
    }
}

// Qt Charts keeps the width of "..." beside a vertical axis's title for the labels (VerticalAxis::updateGeometry) but
// makes the axis as wide as its widest label: labels narrower than "..." ("0", "1") leave the title a pixel or two
// short, and it is drawn as "..." (a Chinese title, a pixel taller than a Latin one). Such labels get no-break spaces
// on the side away from the plot.
void padNarrowLabels(QChart* chart) {
    for (QAbstractAxis* a : chart->axes(Qt::Vertical)) {
        auto* axis = qobject_cast<QCategoryAxis*>(a);
        if (!axis || !axis->isTitleVisible() || axis->titleText().isEmpty() || !axis->labelsVisible()) continue;
        const QFontMetrics fm(axis->labelsFont());
        const int dots = fm.horizontalAdvance(QStringLiteral("..."));
        const bool left = axis->alignment() == Qt::AlignLeft;
        for (const QString& label : axis->categoriesLabels()) {
            QString padded = label;
            while (fm.horizontalAdvance(padded) < dots) padded.insert(left ? 0 : padded.size(), QChar::Nbsp);
            if (padded != label) axis->replaceLabel(label, padded);
        }
    }
}

void fitToSize(QChart* chart) {
    const int width = chart->size().width() > 0 ? int(chart->size().width()) : 600;
    const int height = chart->size().height() > 0 ? int(chart->size().height()) : 400;
    layOutLegend(chart, width);
    thinTicks(chart, width, height);
    padNarrowLabels(chart);
}

} // namespace

void clearChart(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

void fitLegend(QChart* chart) {
    chart->legend()->setShowToolTips(true);
    fitToSize(chart);
    if (chart->property("fplabFitLegend").toBool()) return;
    chart->setProperty("fplabFitLegend", true);
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart, [chart] { fitToSize(chart); });
}

QColor highlightColor(const QPalette& palette) {
    if (g_highContrast) return isDarkPalette(palette) ? QColor(0xff, 0xff, 0x00) : QColor(0xe0, 0x00, 0x60);
    return isDarkPalette(palette) ? QColor(0xff, 0x7a, 0x5c) : QColor(0xd6, 0x27, 0x28);
}

QColor highlightedRowColor(const QPalette& palette) {
    const QColor base = palette.color(QPalette::Base), mark = highlightColor(palette);
    const double t = 0.3;
    const auto mix = [t](float a, float b) { return float(a * (1 - t) + b * t); };
    return QColor::fromRgbF(mix(base.redF(), mark.redF()), mix(base.greenF(), mark.greenF()),
                            mix(base.blueF(), mark.blueF()));
}

} // namespace fplab::gui
