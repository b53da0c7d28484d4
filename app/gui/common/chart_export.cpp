// Rendering a chart view into PNG or SVG bytes.
#include "app/gui/common/chart_export.h"

#include "app/gui/common/number_text.h"
#include "app/gui/common/save_file.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>

namespace fplab::gui {

QByteArray chartImage(QChartView& view, ChartImageFormat format) {
    // What is on screen, at its size (the context menu and File > Export offer only shown charts).
    const QSize size = view.size();
    if (size.isEmpty()) return {};
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (format == ChartImageFormat::Png) {
        constexpr int kScale = 2;
        QImage image(size * kScale, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(kScale);
        image.fill(view.chart() ? view.chart()->backgroundBrush().color() : QColor(Qt::white));
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            view.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
        }
        image.save(&buffer, "PNG");
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(view.chart() ? view.chart()->title() : QString());
        svg.setDescription(Text::tr("A chart exported from FP Lab"));
        QPainter painter(&svg);
        view.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return bytes;
}

QString exportChart(QChartView& view, ChartImageFormat format, const QString& path) {
    const QByteArray bytes = chartImage(view, format);
    if (bytes.isEmpty()) return Text::tr("Could not draw the chart for %1.").arg(path);
    return saveFile(path, bytes);
}

} // namespace fplab::gui
