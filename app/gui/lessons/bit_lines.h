// The bits of a lesson's value on as many lines as the width needs: one line while every cell can be drawn
// wide enough to read, else lines of equal length (FP64's 64 bits as two lines of 32). A field that a line
// break cuts is labelled on both lines.
#pragma once

#include "app/gui/common/bit_cell.h"

#include <QList>
#include <QWidget>

class QVBoxLayout;

namespace fplab::gui {

class BitRowWidget;

class BitLines final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BitLines)

public:
    // The smallest cell a bit is drawn in, in device-independent pixels (its digit's font is 9 pixels).
    static constexpr int kReadableCell = 14;
    static constexpr int kLargestCell = 24;

    explicit BitLines(QWidget* parent = nullptr);

    void setCells(QList<BitCell> cells, QList<BitGroup> groups);
    const QList<BitCell>& cells() const { return m_cells; }
    // The lines shown now.
    QList<BitRowWidget*> lines() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // The fewest lines that give every cell kReadableCell pixels in `width`.
    int lineCountFor(int width) const;
    void split(int lineCount);

    QList<BitCell> m_cells;
    QList<BitGroup> m_groups;
    QVBoxLayout* m_layout;
    QList<BitRowWidget*> m_rows; // one per line, the unused ones hidden
    int m_lineCount = 0;
};

} // namespace fplab::gui
