// Transformer Engine's DelayedScaling, step by step: the scale of step t comes from the amaxes of
// steps t-H .. t-1 (none yet: scale 1), and the amax of step t joins the history after the cast.
#include "core/training/fp8_scaling.h"

#include <algorithm>
#include <cmath>

namespace fplab::training {

using blockscale::Fp8Element;

void Fp8TensorStats::merge(const Fp8TensorStats& o) {
    amax = std::max(amax, o.amax);
    historyAmax = std::max(historyAmax, o.historyAmax);
    scale = o.scale;
    elements += o.elements;
    nonzero += o.nonzero;
    saturated += o.saturated;
    flushed += o.flushed;
}

void AmaxHistory::push(float amax) {
    m_values[m_next] = amax;
    m_next = (m_next + 1) % m_values.size();
    m_count = std::min(m_count + 1, m_values.size());
}

float AmaxHistory::amax(AmaxAlgo algo) const {
    if (m_count == 0) return 0.0f;
    if (algo == AmaxAlgo::MostRecent) return m_values[(m_next + m_values.size() - 1) % m_values.size()];
    float m = 0;
    for (float v : m_values) m = std::max(m, v); // unfilled slots are 0
    return m;
}

Fp8TensorScaling::Fp8TensorScaling(std::string name, Fp8Element element, Fp8Recipe recipe, const Fp8Settings& settings)
    : m_name(std::move(name)), m_element(element), m_recipe(recipe), m_settings(settings),
      m_history(settings.amaxHistory) {}

float Fp8TensorScaling::sourceAmax(float amax) const {
    return m_recipe == Fp8Recipe::Delayed ? m_history.amax(m_settings.algo) : amax;
}

void Fp8TensorScaling::record(float amax) {
    if (m_recipe == Fp8Recipe::Delayed && std::isfinite(amax)) m_history.push(amax);
}

float Fp8TensorScaling::scaleForAmax(float tensorAmax) const {
    const float amax = sourceAmax(tensorAmax);
    if (!(amax > 0) || !std::isfinite(amax)) return 1.0f; // TE keeps scale 1 until an amax is known
    return std::ldexp(blockscale::amaxScale(amax, m_element), m_settings.margin);
}

blockscale::ScaledMatrix Fp8TensorScaling::quantize(std::span<const float> x, int rows, int cols, int blockRows,
                                                    int blockCols, bool record, Fp8TensorStats* stats) {
    const float amax = blockscale::amaxOf(x);
    blockscale::ScaledMatrix q;
    float historyAmax = amax;
    if (m_recipe == Fp8Recipe::Block) {
        q = blockscale::quantizeBlocks(x, rows, cols, blockRows, blockCols, m_element, m_settings.blockRule);
    } else {
        historyAmax = sourceAmax(amax);
        q = blockscale::quantizeWithScale(x, rows, cols, scaleForAmax(amax), m_element);
    }
    if (record) this->record(amax);
    if (stats) {
        Fp8TensorStats s;
        s.name = m_name;
        s.element = m_element;
        s.amax = amax;
        s.historyAmax = historyAmax;
        s.scale = *std::max_element(q.scales.begin(), q.scales.end());
        s.elements = std::int64_t(x.size());
        s.nonzero = q.nonzero;
        s.saturated = q.saturated;
        s.flushed = q.flushed;
        *stats = std::move(s);
    }
    return q;
}

} // namespace fplab::training
