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

namespace {
// A chart that was never shown (a hidden tab) still renders at a readable size.
QSize renderSize(const QChartView& view) {
    const QSize size = view.size();
    return size.width() >= 100 && size.height() >= 80 ? size : QSize(800, 500);
}
} // namespace

QByteArray chartImage(QChartView& view, ChartImageFormat format) {
    const QSize size = renderSize(view);
    if (view.size() != size) view.resize(size);
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
