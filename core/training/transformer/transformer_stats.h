// What each block of the transformer did in one step, for the views: the attention logits and the
// softmax's saturation, the MLP input's per-channel amax with its outlier channels, the residual
// stream's magnitude and the update-to-weight ratio; and one example's attention probabilities.
#pragma once

#include <cstdint>
#include <vector>

namespace fplab::training {

struct TransformerLayerStats {
    float maxAttentionLogit = 0;      // the largest q.k / sqrt(head dim), before any max subtraction
    std::int64_t softmaxRows = 0;     // attention rows with at least two positions (a row of one is always 1)
    std::int64_t saturatedRows = 0;   // ... whose largest probability is exactly 1 in the softmax's format
    std::vector<float> channelAmax;   // per channel of the MLP's input (ln2's output, what mlp-up casts)
    std::vector<int> outlierChannels; // channels whose amax exceeds kOutlierFactor times the median's
    float residualRms = 0;            // root mean square of the residual stream after the block
    double updateRatio = 0;           // ||w_new - w_old|| / ||w_old|| over the block's parameters (last step)
    double saturatedFraction() const { return softmaxRows ? double(saturatedRows) / double(softmaxRows) : 0.0; }
};

inline constexpr float kOutlierFactor = 6.0f;

struct TransformerStats {
    std::vector<TransformerLayerStats> layers;
    int heads = 0;
    int length = 0; // T
    // The first sequence of the batch: attention[((layer * heads + head) * T + i) * T + j], 0 above the diagonal.
    std::vector<float> attention;
    float attentionAt(int layer, int head, int i, int j) const {
        return attention[((std::size_t(layer) * heads + std::size_t(head)) * length + std::size_t(i)) * length +
                         std::size_t(j)];
    }
};

// The channels of `amax` above kOutlierFactor times their median (none when the median is 0).
std::vector<int> outlierChannels(const std::vector<float>& amax);

} // namespace fplab::training
