// A row of bit cells coloured by role (sign, exponent, mantissa, guard, round, sticky...),
// with group labels above, captions below and a tooltip per cell. Read-only; BitEditor edits.
#pragma once

#include "app/gui/common/bit_cell.h"

#include <QWidget>

namespace fplab::gui {

class BitRowWidget : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BitRowWidget)

public:
    explicit BitRowWidget(QWidget* parent = nullptr);

    void setCells(QList<BitCell> cells, QList<BitGroup> groups = {});
    const QList<BitCell>& cells() const { return m_cells; }
    const QList<BitGroup>& groups() const { return m_groups; }
    // Cell size limits in device-independent pixels; the cells grow with the width between them.
    void setCellSizeRange(int minimum, int maximum);
    // The cell under a point, or -1.
    int cellAt(const QPoint& pos) const;
    QRect cellRect(int index) const;

    // The font the bits are drawn in: monospace, bold, sized by the cells (which follow the zoom).
    QFont bitFont() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

    // The cell drawn with a focus frame (keyboard cursor), or -1.
    void setCursorCell(int index);
    int cursorCell() const { return m_cursor; }

private:
    int preferredHeight() const;
    int gapCount() const;
    int gapWidth() const;
    int cellSizeFor(int width) const;
    int minCell() const;
    int maxCell() const;
    void relayout();

    QList<BitCell> m_cells;
    QList<BitGroup> m_groups;
    int m_minCell = 14;
    int m_maxCell = 34;
    int m_cell = 20;
    int m_left = 0;
    int m_cursor = -1;
};

} // namespace fplab::gui
