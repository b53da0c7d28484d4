// Epoch shuffles and batch gathering (a seed gives the same order on every platform and backend).
#include "core/training/batch_sampler.h"

#include <numeric>
#include <utility>

namespace fplab::training {

BatchSampler::BatchSampler(const Dataset& data, std::uint64_t runSeed)
    : m_data(data), m_rng(shuffleSeedFor(runSeed)), m_order(std::size_t(data.size())) {
    std::iota(m_order.begin(), m_order.end(), 0);
    m_cursor = m_order.size(); // the first batch starts a new epoch
}

void BatchSampler::shuffle() {
    // Fisher-Yates from the back: position i-1 swaps with a position drawn from [0, i).
    std::size_t i = m_order.size();
    while (i > 1) {
        const std::size_t j = std::size_t(m_rng.below(i));
        std::swap(m_order[i - 1], m_order[j]);
        --i;
    }
    m_cursor = 0;
}

void BatchSampler::restore(Position p) {
    m_rng = p.rng;
    m_order = std::move(p.order);
    m_cursor = p.cursor;
}

BatchView BatchSampler::next(int size) {
    const std::size_t inputs = std::size_t(m_data.inputs);
    m_features.clear();
    m_labels.clear();
    if (m_order.empty()) return {m_features.data(), m_labels.data(), 0};
    while (int(m_labels.size()) < size) {
        if (m_cursor == m_order.size()) shuffle();
        const std::size_t k = std::size_t(m_order[m_cursor++]);
        const float* row = m_data.features.data() + k * inputs;
        m_features.insert(m_features.end(), row, row + inputs);
        m_labels.push_back(m_data.labels[k]);
    }
    return {m_features.data(), m_labels.data(), size};
}

} // namespace fplab::training
