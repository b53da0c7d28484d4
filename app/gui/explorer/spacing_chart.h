// The spacing of a format's values (its ulp) against their magnitude, on log-log axes:
// constant in the subnormal range, doubling every binade after it.
#pragma once

#include "core/format.h"

#include <QWidget>

#include <cstdint>

class QChartView;
class QScatterSeries;

namespace fplab::gui {

class SpacingChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpacingChart)

public:
    explicit SpacingChart(QWidget* parent = nullptr);

    void setValue(const Format& f, std::uint64_t bits);
    // Points in the spacing curve, for tests.
    int curvePointCount() const { return m_curvePoints; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void placeMarker();

    QChartView* m_view;
    Format m_format;
    bool m_built = false;
    std::uint64_t m_bits = 0;
    QScatterSeries* m_marker = nullptr;
    int m_curvePoints = 0;
};

} // namespace fplab::gui
