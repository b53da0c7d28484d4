// Editing bits with the mouse and the keyboard, and the cell tooltips that give each bit's weight.
#include "app/gui/explorer/bit_editor.h"

#include "app/gui/common/number_text.h"
#include "core/classify.h"

#include <QKeyEvent>
#include <QMouseEvent>

#include <cmath>

namespace fplab::gui {

BitEditor::BitEditor(QWidget* parent) : BitRowWidget(parent), m_format(kFp16) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setCellSizeRange(14, 40);
    setCursor(Qt::PointingHandCursor);
    rebuild();
}

void BitEditor::setValue(const Format& f, std::uint64_t bits) {
    const bool formatChanged = !(f == m_format) || f.name() != m_format.name();
    m_format = f;
    m_bits = bits & f.bitMask();
    if (formatChanged) setCursorCell(-1);
    rebuild();
}

int BitEditor::bitPositionOfCell(int cell) const {
    // Cells: [sign] exponent... implicit mantissa...
    const int signCells = m_format.hasSign ? 1 : 0;
    const int e = m_format.exponentBits, m = m_format.mantissaBits;
    if (cell < signCells) return e + m;
    if (cell < signCells + e) return e + m - 1 - (cell - signCells);
    if (cell == signCells + e) return -1;
    const int i = cell - signCells - e - 1;
    return i < m ? m - 1 - i : -2;
}

int BitEditor::cellOfBitPosition(int position) const {
    const int signCells = m_format.hasSign ? 1 : 0;
    const int e = m_format.exponentBits, m = m_format.mantissaBits;
    if (m_format.hasSign && position == e + m) return 0;
    if (position >= m) return signCells + (e + m - 1 - position);
    return signCells + e + 1 + (m - 1 - position);
}

QString BitEditor::bitToolTip(int position) const {
    const Format& f = m_format;
    const int m = f.mantissaBits;
    const int total = f.totalBits();
    const QString where = tr("Bit %1 of %2").arg(position).arg(total);
    if (f.hasSign && position == f.exponentBits + m)
        return where + QLatin1Char('\n') +
               tr("Sign bit: 0 is positive, 1 is negative. Flipping it negates the value.") + QLatin1Char('\n') +
               tr("Click to flip; drag to paint several bits.");
    if (position >= m) {
        const int j = position - m;
        return where + QLatin1Char('\n') +
               tr("Exponent bit: adds 2^%1 = %2 to the biased exponent, so it scales the value by 2^%2.")
                   .arg(j)
                   .arg(qint64(1) << j) +
               QLatin1Char('\n') + tr("Click to flip; drag to paint several bits.");
    }
    const Unpacked u = unpack(f, m_bits);
    const int exponent = u.cls == FloatClass::Normal ? exponentFieldOf(f, m_bits) - f.bias : f.minExponent();
    const int weight = position - m + exponent;
    return where + QLatin1Char('\n') +
           tr("Mantissa bit: worth 2^%1 of the significand; at this exponent (2^%2) it adds 2^%3 = %4.")
               .arg(position - m)
               .arg(exponent)
               .arg(weight)
               .arg(approxText(std::ldexp(1.0, weight), 6)) +
           QLatin1Char('\n') + tr("Click to flip; drag to paint several bits.");
}

void BitEditor::rebuild() {
    const Format& f = m_format;
    QList<BitCell> cells;
    QList<BitGroup> groups;
    const FloatClass cls = classify(f, m_bits);
    const auto bitAt = [&](int pos) { return (m_bits >> pos) & 1 ? QLatin1Char('1') : QLatin1Char('0'); };
    int index = 0;
    if (f.hasSign) {
        const int pos = f.exponentBits + f.mantissaBits;
        cells << BitCell{bitAt(pos), BitRole::Sign, bitToolTip(pos)};
        groups << BitGroup{index, 1, tr("sign"), signOf(f, m_bits) ? QStringLiteral("−") : QStringLiteral("+")};
        ++index;
    }
    const int expField = exponentFieldOf(f, m_bits);
    for (int i = 0; i < f.exponentBits; ++i) {
        const int pos = f.exponentBits + f.mantissaBits - 1 - i;
        BitCell c{bitAt(pos), BitRole::Exponent, bitToolTip(pos)};
        c.gapBefore = i == 0 && f.hasSign;
        cells << c;
    }
    QString expCaption;
    if (cls == FloatClass::Normal)
        expCaption = QStringLiteral("%1 − %2 = %3").arg(expField).arg(f.bias).arg(expField - f.bias);
    else if (cls == FloatClass::Subnormal || cls == FloatClass::Zero) expCaption = tr("min: %1").arg(f.minExponent());
    else expCaption = classText(cls);
    groups << BitGroup{index, f.exponentBits, tr("exponent"), expCaption};
    index += f.exponentBits;

    // The implicit bit: not stored, 1 for normal numbers and 0 for subnormals and zero.
    BitCell implicit{
        cls == FloatClass::Normal ? QLatin1Char('1') : (isFinite(cls) ? QLatin1Char('0') : QChar(0x00B7)),
        BitRole::Implicit,
        tr("The implicit leading bit: not stored. It is 1 for normal numbers and 0 for subnormals and zero, "
           "which is why the significand reads %1.")
            .arg(cls == FloatClass::Normal ? QStringLiteral("1.xxx") : QStringLiteral("0.xxx"))};
    implicit.gapBefore = true;
    implicit.dashed = true;
    cells << implicit;
    groups << BitGroup{index, 1, QString(), QString()};
    ++index;

    for (int i = 0; i < f.mantissaBits; ++i) {
        const int pos = f.mantissaBits - 1 - i;
        BitCell c{bitAt(pos), BitRole::Mantissa, bitToolTip(pos)};
        c.gapBefore = i == 0;
        cells << c;
    }
    if (f.mantissaBits > 0) {
        QString caption;
        if (isFinite(cls)) {
            const double frac = std::ldexp(double(mantissaFieldOf(f, m_bits)), -f.mantissaBits);
            caption = tr("significand %1 + %2").arg(cls == FloatClass::Normal ? 1 : 0).arg(approxText(frac, 8));
        }
        groups << BitGroup{index, f.mantissaBits, tr("mantissa"), caption};
    }
    setCells(cells, groups);
    setAccessibleName(tr("Bits of the value"));
}

void BitEditor::setBitAt(int cell, bool value) {
    const int pos = bitPositionOfCell(cell);
    if (pos < 0) return;
    const std::uint64_t mask = std::uint64_t{1} << pos;
    const std::uint64_t next = value ? (m_bits | mask) : (m_bits & ~mask);
    if (next == m_bits) return;
    m_bits = next;
    rebuild();
    emit bitsEdited(m_bits);
}

void BitEditor::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return BitRowWidget::mousePressEvent(event);
    const int cell = cellAt(event->position().toPoint());
    if (cell < 0 || bitPositionOfCell(cell) < 0) return;
    m_dragging = true;
    m_dragValue = !((m_bits >> bitPositionOfCell(cell)) & 1);
    m_lastDragCell = cell;
    setCursorCell(cell);
    setBitAt(cell, m_dragValue);
}

void BitEditor::mouseMoveEvent(QMouseEvent* event) {
    if (!m_dragging) return BitRowWidget::mouseMoveEvent(event);
    const int cell = cellAt(event->position().toPoint());
    if (cell < 0 || cell == m_lastDragCell || bitPositionOfCell(cell) < 0) return;
    m_lastDragCell = cell;
    setCursorCell(cell);
    setBitAt(cell, m_dragValue);
}

void BitEditor::mouseReleaseEvent(QMouseEvent* event) {
    m_dragging = false;
    m_lastDragCell = -1;
    BitRowWidget::mouseReleaseEvent(event);
}

void BitEditor::moveCursor(int step) {
    const int n = int(cells().size());
    if (n == 0) return;
    int c = cursorCell() < 0 ? 0 : cursorCell();
    do {
        c += step;
    } while (c >= 0 && c < n && bitPositionOfCell(c) < 0);
    if (c >= 0 && c < n) setCursorCell(c);
}

void BitEditor::keyPressEvent(QKeyEvent* event) {
    const int n = int(cells().size());
    switch (event->key()) {
    case Qt::Key_Left: moveCursor(-1); return;
    case Qt::Key_Right: moveCursor(+1); return;
    case Qt::Key_Home: setCursorCell(0); return;
    case Qt::Key_End: setCursorCell(n - 1); return;
    case Qt::Key_Space:
        if (cursorCell() >= 0 && bitPositionOfCell(cursorCell()) >= 0)
            setBitAt(cursorCell(), !((m_bits >> bitPositionOfCell(cursorCell())) & 1));
        return;
    case Qt::Key_0:
    case Qt::Key_1:
        if (cursorCell() >= 0 && bitPositionOfCell(cursorCell()) >= 0) {
            setBitAt(cursorCell(), event->key() == Qt::Key_1);
            moveCursor(+1);
        }
        return;
    default: break;
    }
    BitRowWidget::keyPressEvent(event);
}

void BitEditor::focusInEvent(QFocusEvent* event) {
    if (cursorCell() < 0) setCursorCell(0);
    update();
    BitRowWidget::focusInEvent(event);
}

void BitEditor::focusOutEvent(QFocusEvent* event) {
    update();
    BitRowWidget::focusOutEvent(event);
}

void BitEditor::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) rebuild();
    BitRowWidget::changeEvent(event);
}

} // namespace fplab::gui
