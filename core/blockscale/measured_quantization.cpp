#include "core/blockscale/measured_quantization.h"

#include "core/blockscale/hadamard.h"

namespace fplab::blockscale {

QuantizerInput::QuantizerInput(std::span<const float> data, Shape shape, std::optional<std::uint64_t> hadamardSeed)
    : m_data(data), m_shape(shape), m_seed(hadamardSeed) {
    if (!m_seed) return;
    m_shapeError = hadamardShapeError(shape);
    if (!m_shapeError) m_transformed = hadamardForward(data, shape, *m_seed);
}

MeasuredQuantization QuantizerInput::measure(const Recipe& recipe) const {
    MeasuredQuantization m;
    if (m_shapeError) {
        m.error = *m_shapeError;
        return m;
    }
    QuantizeOutcome q = quantize(recipe, m_seed ? std::span<const float>(m_transformed) : m_data, m_shape);
    if (!q.value) { // under the transform the element named is the transform's, in the input element's segment
        m.error = m_seed ? "after the random Hadamard transform, " + q.error : std::move(q.error);
        return m;
    }
    m.report = m_seed ? analyseThroughHadamard(*q.value, m_data, m_transformed, *m_seed) : analyse(*q.value, m_data);
    m.quantized = std::move(q.value);
    return m;
}

} // namespace fplab::blockscale
