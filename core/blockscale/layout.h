// Which block each element of a rows x cols tensor belongs to, for each grouping.
// Blocks run along a row (the last, contiguous dimension); a row's last block may be short.
#pragma once

#include "core/blockscale/scheme.h"

#include <cstddef>

namespace fplab::blockscale {

struct Shape {
    std::size_t rows = 1;
    std::size_t cols = 0;
    constexpr std::size_t size() const { return rows * cols; }
};

// Elements along a row under one scale (0 for "the whole row or tensor").
std::size_t blockWidth(Grouping g);

class BlockLayout {
public:
    BlockLayout(Grouping g, Shape shape);
    std::size_t blockCount() const { return m_count; }
    std::size_t blockOf(std::size_t row, std::size_t col) const;
    std::size_t blockOf(std::size_t index) const { return blockOf(index / m_shape.cols, index % m_shape.cols); }
    Shape shape() const { return m_shape; }
    Grouping grouping() const { return m_grouping; }

private:
    Grouping m_grouping;
    Shape m_shape;
    std::size_t m_blocksPerRow = 1;
    std::size_t m_count = 0;
};

} // namespace fplab::blockscale
