#include "core/training/transformer/transformer_csv.h"

#include "core/training/step_csv.h"

namespace fplab::training {

TransformerCsvRow transformerCsvRow(const TransformerStep& s) {
    TransformerCsvRow row;
    row.step = s.step;
    row.loss = s.loss;
    row.scale = s.scale;
    row.skipped = s.skipped;
    row.updatesAttempted = s.updatesAttempted;
    row.updatesLost = s.updatesLost;
    for (const TransformerLayerStats& l : s.stats.layers)
        row.blocks.push_back(
            {l.maxAttentionLogit, l.saturatedFraction(), l.outlierChannels, l.residualRms, l.updateRatio});
    return row;
}

std::string transformerCsvHeader(int layers) {
    std::string h = "step,loss,scale,skipped,updates_attempted,updates_lost";
    for (int l = 0; l < layers; ++l)
        for (const char* series :
             {"max_logit", "saturated_fraction", "outlier_channels", "residual_rms", "update_ratio"})
            h += ",h" + std::to_string(l) + "." + series;
    return h + "\n";
}

std::string transformerCsvLine(const TransformerCsvRow& r) {
    std::string line = std::to_string(r.step) + "," + csvNumber(r.loss) + "," + csvNumber(r.scale) + "," +
                       (r.skipped ? "1" : "0") + "," + std::to_string(r.updatesAttempted) + "," +
                       std::to_string(r.updatesLost);
    for (const TransformerCsvRow::Block& b : r.blocks) {
        std::string outliers;
        for (int c : b.outlierChannels) outliers += (outliers.empty() ? "" : " ") + std::to_string(c);
        line += "," + csvNumber(b.maxAttentionLogit) + "," + csvNumber(b.saturatedFraction) + "," + outliers + "," +
                csvNumber(b.residualRms) + "," + csvNumber(b.updateRatio);
    }
    return line + "\n";
}

} // namespace fplab::training
