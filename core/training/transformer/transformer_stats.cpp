#include "core/training/transformer/transformer_stats.h"

#include "core/training/transformer/transformer_model.h"

#include <algorithm>
#include <cmath>

namespace fplab::training {

std::vector<int> outlierChannels(const std::vector<float>& amax) {
    std::vector<int> outliers;
    if (amax.empty()) return outliers;
    std::vector<float> sorted = amax;
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(sorted.size() / 2), sorted.end());
    const float median = sorted[sorted.size() / 2];
    if (!(median > 0.0f)) return outliers;
    for (std::size_t i = 0; i < amax.size(); ++i)
        if (!(amax[i] <= kOutlierFactor * median)) outliers.push_back(int(i));
    return outliers;
}

void TransformerModel::collectStats(const LayerCache& c, const std::vector<float>& residual) {
    const int T = m_batch.length, D = m_shape.dim, H = m_shape.heads;
    TransformerLayerStats s;
    s.maxAttentionLogit = -INFINITY;
    const std::size_t rows = c.scaledScores.size() / std::size_t(T);
    for (std::size_t row = 0; row < rows; ++row) {
        const int i = int(row % std::size_t(T));
        float maxProbability = 0.0f;
        for (int j = 0; j <= i; ++j) {
            const std::size_t e = row * std::size_t(T) + std::size_t(j);
            s.maxAttentionLogit = std::fmax(s.maxAttentionLogit, c.scaledScores[e]);
            maxProbability = std::fmax(maxProbability, c.probs[e]);
        }
        if (i == 0) continue;
        ++s.softmaxRows;
        if (maxProbability == 1.0f) ++s.saturatedRows;
    }
    s.channelAmax.assign(std::size_t(D), 0.0f);
    for (std::size_t e = 0; e < c.ln2.out.size(); ++e) {
        float& a = s.channelAmax[e % std::size_t(D)];
        a = std::fmax(a, std::fabs(c.ln2.out[e]));
    }
    s.outlierChannels = outlierChannels(s.channelAmax);
    double squares = 0;
    for (float v : residual) squares += double(v) * double(v);
    s.residualRms = residual.empty() ? 0.0f : float(std::sqrt(squares / double(residual.size())));
    m_stats.layers.push_back(std::move(s));

    // The first sequence's heads are the first H blocks of T x T.
    m_stats.attention.insert(m_stats.attention.end(), c.probs.begin(),
                             c.probs.begin() + std::ptrdiff_t(std::size_t(H) * T * T));
}

} // namespace fplab::training
