// The ulp heat map: one square per output cell of a GEMM, coloured by how many ulps of the output
// format two results of that cell lie apart (white: identical bits), with a legend. Hovering a cell
// shows the text the owner provides as a tooltip; clicking one reports it.
#pragma once

#include <QWidget>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace fplab::gpu {
struct OutputComparison;
}

namespace fplab::gui {

class UlpHeatMap final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UlpHeatMap)

public:
    // Colour classes of a cell: identical bits, same value with other bits (+0/-0), then |ulps| ranges.
    enum Band { Identical, SameValue, Ulp1, Ulp2, Ulp3To4, Ulp5To16, Ulp17To256, UlpOver256, NanOnOneSide, BandCount };

    explicit UlpHeatMap(QWidget* parent = nullptr);
    ~UlpHeatMap() override;

    void setComparison(const gpu::OutputComparison& comparison);
    void clear();
    bool hasData() const { return m_rows > 0; }
    int rows() const { return m_rows; }
    int columns() const { return m_columns; }
    // Text for the tooltip of cell (row, column).
    void setToolTipProvider(std::function<QString(int, int)> provider) { m_toolTip = std::move(provider); }

    Band bandOf(int row, int column) const;
    static QColor bandColor(Band band, const QPalette& palette);
    // The cell under a point of the widget, if any; and where a cell is drawn.
    std::optional<QPoint> cellAt(const QPoint& pos) const; // x = column, y = row
    QRect cellRect(int row, int column) const;

    QSize sizeHint() const override { return {420, 360}; }

signals:
    void cellClicked(int row, int column);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF mapRect() const;
    QString bandLabel(Band band) const;

    int m_rows = 0;
    int m_columns = 0;
    std::vector<std::uint8_t> m_bands;       // row-major
    std::array<bool, BandCount> m_present{}; // which bands occur (the legend lists those)
    std::optional<QPoint> m_selected;
    std::function<QString(int, int)> m_toolTip;
};

} // namespace fplab::gui
