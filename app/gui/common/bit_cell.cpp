// Building rows of bit cells.
#include "app/gui/common/bit_cell.h"

namespace fplab::gui {

QList<BitCell> bitCells(std::uint64_t value, int count, BitRole role) {
    QList<BitCell> cells;
    cells.reserve(count);
    for (int i = count - 1; i >= 0; --i) {
        BitCell c;
        c.symbol = (i < 64 && ((value >> i) & 1)) ? QLatin1Char('1') : QLatin1Char('0');
        c.role = role;
        cells << c;
    }
    return cells;
}

} // namespace fplab::gui
