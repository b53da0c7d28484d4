// A chart as a picture: PNG (pixels at the screen's scale, twice the view's size) or SVG
// (vectors, for slides and papers). Both are written through saveFile().
#pragma once

#include <QByteArray>
#include <QString>

class QChartView;

namespace fplab::gui {

enum class ChartImageFormat { Png, Svg };

// The encoded picture of the view as shown; empty when the view has no size to draw.
QByteArray chartImage(QChartView& view, ChartImageFormat format);
// Writes chartImage() to `path`; empty on success, otherwise the error sentence.
QString exportChart(QChartView& view, ChartImageFormat format, const QString& path);

} // namespace fplab::gui
