// The Explorer's bit editor: one cell per bit of the format, coloured by field, with the
// implicit bit shown apart. Click or drag to flip bits; arrows, space, 0 and 1 edit from the keyboard.
#pragma once

#include "app/gui/common/bit_row_widget.h"
#include "core/format.h"

#include <cstdint>

namespace fplab::gui {

class BitEditor final : public BitRowWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BitEditor)

public:
    explicit BitEditor(QWidget* parent = nullptr);

    void setValue(const Format& f, std::uint64_t bits);
    std::uint64_t bits() const { return m_bits; }
    const Format& format() const { return m_format; }

    // The stored bit position (0 = least significant) of a cell, or -1 for the implicit bit.
    int bitPositionOfCell(int cell) const;
    int cellOfBitPosition(int position) const;

signals:
    // The user changed the bits.
    void bitsEdited(std::uint64_t bits);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void setBitAt(int cell, bool value);
    void moveCursor(int step);
    QString bitToolTip(int position) const;

    Format m_format;
    std::uint64_t m_bits = 0;
    bool m_dragging = false;
    bool m_dragValue = false;
    int m_lastDragCell = -1;
};

} // namespace fplab::gui
