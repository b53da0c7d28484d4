// One bit as drawn: its symbol, its role (field or rounding position) and its tooltip.
// Plain data, so step builders can describe bit rows without creating widgets.
#pragma once

#include "app/gui/common/bit_colors.h"

#include <QList>
#include <QString>

#include <cstdint>

namespace fplab::gui {

struct BitCell {
    QChar symbol = QLatin1Char('0');
    BitRole role = BitRole::Plain;
    QString toolTip;
    bool gapBefore = false;  // a small space before this cell (between fields)
    bool dashed = false;     // drawn with a dashed border: not stored (the implicit bit)
    bool emphasised = false; // drawn with a thick border (the bit a step talks about)
};

// A label over a run of cells, with an optional caption under them.
struct BitGroup {
    int first = 0;
    int count = 0;
    QString label;
    QString caption;
};

// Cells for `count` bits of `value`, most significant first, all of one role.
QList<BitCell> bitCells(std::uint64_t value, int count, BitRole role);

} // namespace fplab::gui
