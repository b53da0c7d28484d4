// Shared look of every chart (Explorer, lesson results, GPU Lab, Training): colours from the
// application palette, light or dark; round axis ticks; legends that fit.
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>
#include <QStringList>

#include <vector>

class QChart;
class QChartView;
class QLogValueAxis;
class QValueAxis;
class QWidget;

namespace fplab::gui {

// A chart view with antialiasing, no margins wasted, and the palette's colours.
QChartView* makeChartView(QWidget* parent);
// Re-applies the palette to a chart (after a theme change).
void styleChart(QChart* chart, const QPalette& palette);
// Removes and deletes every series and axis of a chart, before it is drawn again.
void clearChart(QChart* chart);
// The series colours: the current format, other formats, markers and the current value.
QColor seriesColor(int index, const QPalette& palette);
QColor highlightColor(const QPalette& palette);
// The background of a table row that stands for the highlighted point (the Block tab's block): highlightColor
// blended into the base, so that the palette's Text keeps a contrast of at least 4.5:1 on it in both themes.
QColor highlightedRowColor(const QPalette& palette);
// A log-axis base 10^k that gives about `ticks` ticks over [lo, hi] (Qt ticks every power of the base).
double logAxisBase(double lo, double hi, int ticks = 8);

// Present mode (View menu): series in strong colours that stay apart on a projector, and chart
// text at the application font's size (which View ▸ Zoom scales). styleChart() and seriesColor()
// follow it; the shell restyles every chart after a change.
void setHighContrastCharts(bool on);
bool highContrastCharts();

// Round ticks for a linear axis over [lo, hi]: a step of 1, 2 or 5 times a power of ten (whole
// numbers only for counts), the range widened to whole steps, at most maxTicks + 1 ticks.
struct AxisTicks {
    double min = 0;
    double max = 1;
    double step = 1;
    std::vector<double> values;  // k * step, so zero is exactly 0
    std::vector<QString> labels; // just the digits the step needs: "0.2", "1500", "2e-07"; never "-0"
};
AxisTicks niceTicks(double lo, double hi, int maxTicks = 6, bool integers = false);
// Applies niceTicks to an axis: a QCategoryAxis gets exactly those labels on the tick values; a
// plain QValueAxis gets the range and a dynamic tick every step (use it for whole numbers only).
void applyNiceAxis(QValueAxis* axis, double lo, double hi, bool integers = false, int maxTicks = 6);
// A log axis over [lo, hi] with a tick at each power of a base 10^k (about `ticks` of them), the
// range snapped to those powers; labels "100" inside 1e-4..1e6, "1e-08" outside.
void applyLogAxis(QLogValueAxis* axis, double lo, double hi, int ticks = 8);
// A log axis over [lo, hi] (already added to `chart`) for values that are powers of two (a loss scale, a
// lesson's log2 chart): a tick at every 2^(k*step), about `ticks` of them, labelled "2^-13" rather than the
// "0.000122" that printf gives. A QLogValueAxis only printfs its labels, so it keeps the mapping, the ticks and
// the grid, and a QCategoryAxis over the exponents beside it writes the labels (and the title).
void applyPowerOfTwoAxis(QChart* chart, QLogValueAxis* axis, double lo, double hi, int ticks = 8);
// The labels applyPowerOfTwoAxis gave `axis` ("2^-13", ...), for tests.
QStringList powerOfTwoLabels(const QLogValueAxis* axis);
// Fits a chart to its size, and again whenever it is resized: the legend shows every name in full
// (below the plot while one row holds them all, otherwise at the right in a smaller font if need be,
// a name still too long wrapped onto more lines; full names in tooltips), axes set by applyNiceAxis get
// fewer ticks when short, so that no label is cut, and a vertical axis's labels narrower than "..." are
// padded, so that Qt Charts leaves its title the room it needs. Call after adding the series and axes.
void fitLegend(QChart* chart);
// Once, for a chart `width` pixels wide: the legend below the plot while one row holds every name, otherwise
// at the right in the 40% of the width Qt Charts gives it there, its font made smaller until the longest name
// fits (down to 6.5 points), and a name still too long wrapped onto lines that fit.
void layOutLegend(QChart* chart, int width);

} // namespace fplab::gui
