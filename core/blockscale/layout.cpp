#include "core/blockscale/layout.h"

namespace fplab::blockscale {
namespace {
constexpr std::size_t kTile = 128;
std::size_t ceilDiv(std::size_t a, std::size_t b) { return (a + b - 1) / b; }
} // namespace

std::size_t blockWidth(Grouping g) {
    switch (g) {
    case Grouping::Row32: return 32;
    case Grouping::Row16: return 16;
    case Grouping::Row128:
    case Grouping::Tile128x128: return kTile;
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
    case Grouping::Tile128x128: m_count = ceilDiv(shape.rows, kTile) * m_blocksPerRow; break;
    default: m_count = shape.rows * m_blocksPerRow; break;
    }
}

std::size_t BlockLayout::blockOf(std::size_t row, std::size_t col) const {
    switch (m_grouping) {
    case Grouping::Tensor: return 0;
    case Grouping::Row: return row;
    case Grouping::Tile128x128: return (row / kTile) * m_blocksPerRow + col / kTile;
    default: return row * m_blocksPerRow + col / blockWidth(m_grouping);
    }
}

} // namespace fplab::blockscale
