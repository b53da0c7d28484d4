// The representable values around the current one on a number line, with the rounding
// boundaries (midpoints) between them and the exact input marked.
#pragma once

#include "core/format.h"

#include <QWidget>

#include <cstdint>
#include <optional>

class QChartView;

namespace fplab::gui {

class NeighboursChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NeighboursChart)

public:
    explicit NeighboursChart(QWidget* parent = nullptr);

    // inputOffsetUlps: where the exact input lies, in ulps of the stored value from it.
    void setValue(const Format& f, std::uint64_t bits, std::optional<double> inputOffsetUlps);
    // The neighbours drawn (the stored value included), for tests.
    int pointCount() const { return m_pointCount; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    QChartView* m_view;
    Format m_format;
    std::uint64_t m_bits = 0;
    std::optional<double> m_inputOffset;
    int m_pointCount = 0;
};

} // namespace fplab::gui
