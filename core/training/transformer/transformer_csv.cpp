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

// Appends only (no operator+ on temporaries): GCC 12's -Wrestrict misreads those (core/training/step_csv.cpp too).
std::string transformerCsvHeader(int layers) {
    std::string h = "step,loss,scale,skipped,updates_attempted,updates_lost";
    for (int l = 0; l < layers; ++l)
        for (const char* series :
             {"max_logit", "saturated_fraction", "outlier_channels", "residual_rms", "update_ratio"}) {
            h += ",h";
            h += std::to_string(l);
            h += '.';
            h += series;
        }
    h += '\n';
    return h;
}

std::string transformerCsvLine(const TransformerCsvRow& r) {
    std::string line = std::to_string(r.step);
    const auto field = [&line](const std::string& text) {
        line += ',';
        line += text;
    };
    field(csvNumber(r.loss));
    field(csvNumber(r.scale));
    field(r.skipped ? "1" : "0");
    field(std::to_string(r.updatesAttempted));
    field(std::to_string(r.updatesLost));
    for (const TransformerCsvRow::Block& b : r.blocks) {
        field(csvNumber(b.maxAttentionLogit));
        field(csvNumber(b.saturatedFraction));
        std::string outliers;
        for (int c : b.outlierChannels) {
            if (!outliers.empty()) outliers += ' ';
            outliers += std::to_string(c);
        }
        field(outliers);
        field(csvNumber(b.residualRms));
        field(csvNumber(b.updateRatio));
    }
    line += '\n';
    return line;
}

} // namespace fplab::training
