#include "core/blockscale/layout.h"

namespace fplab::blockscale {
namespace {
std::size_t ceilDiv(std::size_t a, std::size_t b) { return (a + b - 1) / b; }
// Rows under one scale for the 2D groupings (1 for the others).
std::size_t tileRows(Grouping g) {
    if (g == Grouping::Tile128x128) return 128;
    if (g == Grouping::Tile16x16) return 16;
    return 1;
}
} // namespace

std::size_t blockWidth(Grouping g) {
    switch (g) {
    case Grouping::Row32: return 32;
    case Grouping::Row16:
    case Grouping::Tile16x16: return 16;
    case Grouping::Row128:
    case Grouping::Tile128x128: return 128;
    case Grouping::Tensor:
    case Grouping::Row: return 0;
    }
    return 0;
}

BlockLayout::BlockLayout(Grouping g, Shape shape) : m_grouping(g), m_shape(shape) {
    if (shape.size() == 0) return;
    const std::size_t width = blockWidth(g);
    m_blocksPerRow = width == 0 ? 1 : ceilDiv(shape.cols, width);
    switch (g) {
    case Grouping::Tensor: m_count = 1; break;
    case Grouping::Row: m_count = shape.rows; break;
    case Grouping::Tile128x128:
    case Grouping::Tile16x16: m_count = ceilDiv(shape.rows, tileRows(g)) * m_blocksPerRow; break;
    default: m_count = shape.rows * m_blocksPerRow; break;
    }
}

std::size_t BlockLayout::blockOf(std::size_t row, std::size_t col) const {
    switch (m_grouping) {
    case Grouping::Tensor: return 0;
    case Grouping::Row: return row;
    case Grouping::Tile128x128:
    case Grouping::Tile16x16: return (row / tileRows(m_grouping)) * m_blocksPerRow + col / blockWidth(m_grouping);
    default: return row * m_blocksPerRow + col / blockWidth(m_grouping);
    }
}

} // namespace fplab::blockscale
