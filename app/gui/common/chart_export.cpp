// Rendering a chart view into PNG or SVG bytes.
#include "app/gui/common/chart_export.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/save_file.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QGraphicsLayout>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QChartView>

namespace fplab::gui {

namespace {

// A chart whose legend is hidden on screen (a separate key beside it, or no room) shows it while it is
// exported: a picture on its own has no key beside it.
class LegendForExport {
public:
    explicit LegendForExport(QChart* chart) : m_chart(chart) {
        if (!chart || chart->legend()->isVisible()) return;
        for (const QAbstractSeries* s : chart->series())
            if (!s->name().isEmpty()) m_shown = true;
        if (!m_shown) return;
        QLegend* legend = chart->legend();
        m_alignment = legend->alignment();
        m_font = legend->font();
        m_minimumWidth = legend->minimumWidth();
        m_preferredWidth = legend->preferredWidth();
        legend->show();
        relayOut(chart); // the markers get their labels' sizes only once the legend is laid out shown
        layOutLegend(chart, int(chart->size().width())); // at the right in a small chart, every name whole
        relayOut(chart);
    }
    ~LegendForExport() {
        if (!m_shown) return;
        QLegend* legend = m_chart->legend();
        legend->hide();
        legend->setAlignment(m_alignment);
        legend->setFont(m_font);
        legend->setMinimumWidth(m_minimumWidth);
        legend->setPreferredWidth(m_preferredWidth);
        relayOut(m_chart);
    }
    LegendForExport(const LegendForExport&) = delete;
    LegendForExport& operator=(const LegendForExport&) = delete;

private:
    // At once, not at the next event: the picture is drawn before the event loop runs again.
    static void relayOut(QChart* chart) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        chart->layout()->activate();
    }

    QChart* m_chart;
    bool m_shown = false;
    Qt::Alignment m_alignment;
    QFont m_font;
    qreal m_minimumWidth = -1, m_preferredWidth = -1;
};

} // namespace

QByteArray chartImage(QChartView& view, ChartImageFormat format) {
    // What is on screen, at its size (the context menu and File > Export offer only shown charts).
    const QSize size = view.size();
    if (size.isEmpty()) return {};
    const LegendForExport legend(view.chart());
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
