// Shared look of the Explorer's charts: colours from the application palette, light or dark.
#pragma once

#include <QColor>
#include <QPalette>

class QChart;
class QChartView;
class QWidget;

namespace fplab::gui {

// A chart view with antialiasing, no margins wasted, and the palette's colours.
QChartView* makeChartView(QWidget* parent);
// Re-applies the palette to a chart (after a theme change).
void styleChart(QChart* chart, const QPalette& palette);
// The series colours: the current format, other formats, markers and the current value.
QColor seriesColor(int index, const QPalette& palette);
QColor highlightColor(const QPalette& palette);
// A log-axis base 10^k that gives about `ticks` ticks over [lo, hi] (Qt ticks every power of the base).
double logAxisBase(double lo, double hi, int ticks = 8);

// Present mode (View menu): series in strong colours that stay apart on a projector, and chart
// text at the application font's size (which View ▸ Zoom scales). styleChart() and seriesColor()
// follow it; the shell restyles every chart after a change.
void setHighContrastCharts(bool on);
bool highContrastCharts();

} // namespace fplab::gui
