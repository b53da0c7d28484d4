// What the Block view shows: the input vector, its quantization and the analysis, and which block the
// largest element (the one that sets its block's scale) is in. Shared by the view and its two models.
#pragma once

#include "core/blockscale/quantizer.h"

#include <optional>
#include <vector>

namespace fplab::gui {

struct BlockResult {
    std::vector<float> values;
    std::optional<blockscale::Quantized> quantized;
    blockscale::Report report;
    int highlightBlock = -1;
    int highlightElement = -1;

    std::size_t blockOf(std::size_t index) const {
        return blockscale::BlockLayout(quantized->grouping, quantized->shape).blockOf(index);
    }
};

} // namespace fplab::gui
