// The CSV of a transformer run's steps, one row per optimizer step: what `fplab-cli train --model transformer --csv`
// writes and what the Training section's transformer page exports, from this one writer so that the two files are
// the same bytes for a run. Columns: step, loss, scale, skipped, updates attempted and lost, then per block its max
// attention logit, saturated softmax fraction, outlier channels (space-separated), residual RMS and update ratio.
#pragma once

#include "core/training/transformer/transformer_run.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fplab::training {

// What a step's CSV row holds (a TransformerStep without its attention probabilities).
struct TransformerCsvRow {
    struct Block {
        float maxAttentionLogit = 0;
        double saturatedFraction = 0;
        std::vector<int> outlierChannels;
        float residualRms = 0;
        double updateRatio = 0;
    };
    int step = 0;
    float loss = 0;
    float scale = 1;
    bool skipped = false;
    std::int64_t updatesAttempted = 0;
    std::int64_t updatesLost = 0;
    std::vector<Block> blocks;
};
TransformerCsvRow transformerCsvRow(const TransformerStep& step);

std::string transformerCsvHeader(int layers);                 // ends with "\n"
std::string transformerCsvLine(const TransformerCsvRow& row); // ends with "\n"; numbers as csvNumber ("%.9g")

} // namespace fplab::training
