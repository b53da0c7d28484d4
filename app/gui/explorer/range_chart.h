// The range of every format on a log scale: smallest subnormal, smallest normal and largest
// finite value, with the current value marked.
#pragma once

#include "core/format.h"

#include <QList>
#include <QWidget>

#include <vector>

class QChartView;
class QLineSeries;
class QScatterSeries;

namespace fplab::gui {

class RangeChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RangeChart)

public:
    explicit RangeChart(QWidget* parent = nullptr);

    // The formats to draw (top to bottom) and which one the Explorer shows.
    void setFormats(const std::vector<Format>& formats, int current);
    // The magnitude of the current value (0, inf or NaN: no marker).
    void setCurrentValue(double magnitude);
    int seriesCount() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    QChartView* m_view;
    std::vector<Format> m_formats;
    int m_current = -1;
    double m_value = 0;
    QLineSeries* m_marker = nullptr;
};

} // namespace fplab::gui
