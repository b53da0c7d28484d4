// Chart colours that follow the light or dark palette.
#include "app/gui/common/chart_style.h"

#include "app/gui/shell/theme.h"

#include <QApplication>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>

#include <algorithm>
#include <cmath>

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

QColor highlightColor(const QPalette& palette) {
    if (g_highContrast) return isDarkPalette(palette) ? QColor(0xff, 0xff, 0x00) : QColor(0xe0, 0x00, 0x60);
    return isDarkPalette(palette) ? QColor(0xff, 0x7a, 0x5c) : QColor(0xd6, 0x27, 0x28);
}

} // namespace fplab::gui
