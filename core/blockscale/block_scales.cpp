#include "core/blockscale/block_scales.h"

#include "core/blockscale/scale_rules.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace fplab::blockscale {

namespace {

void checkShape(std::size_t size, int rows, int cols, int blockRows, int blockCols) {
    if (rows < 1 || cols < 1) throw std::invalid_argument("the matrix must have at least one row and one column");
    if (blockRows < 1 || blockCols < 1) throw std::invalid_argument("block sizes must be at least 1");
    if (size != std::size_t(rows) * std::size_t(cols))
        throw std::invalid_argument("the matrix holds " + std::to_string(size) + " values, not rows x cols = " +
                                    std::to_string(std::size_t(rows) * std::size_t(cols)));
}

ScaledMatrix castAll(std::span<const float> x, ScaledMatrix m) {
    m.codes.resize(x.size());
    Fp8CastCounts counts;
    for (int r = 0; r < m.rows; ++r) {
        const std::size_t at = std::size_t(r) * m.cols;
        castRowToFp8(x.data() + at, std::size_t(m.cols),
                     m.scales.data() + std::size_t(r / m.blockRows) * m.blocksAcross(), std::size_t(m.blockCols),
                     m.element, m.codes.data() + at, counts);
    }
    m.saturated += counts.saturated;
    m.flushed += counts.flushed;
    m.nonzero += counts.nonzero;
    return m;
}

// The shape and element of a matrix, before its scales and codes.
ScaledMatrix emptyMatrix(int rows, int cols, int blockRows, int blockCols, Fp8Element e) {
    ScaledMatrix m;
    m.rows = rows;
    m.cols = cols;
    m.blockRows = blockRows;
    m.blockCols = blockCols;
    m.element = e;
    return m;
}

} // namespace

float amaxScale(float amax, Fp8Element e) {
    if (!(amax > 0) || !std::isfinite(amax)) return 1.0f;
    return amax / fp8Max(e);
}

float blockScale(float amax, Fp8Element e, ScaleRule rule) {
    if (rule == ScaleRule::Fp32) return amaxScale(amax, e);
    if (!std::isfinite(amax)) return 1.0f;
    const std::uint32_t amaxBits = std::bit_cast<std::uint32_t>(std::fabs(amax));
    const std::uint32_t maxBits = std::bit_cast<std::uint32_t>(fp8Max(e));
    const int emax = e == Fp8Element::E4m3 ? 8 : 15; // 448 = 1.75 * 2^8, 57344 = 1.75 * 2^15
    switch (rule) {
    case ScaleRule::Ocp: return std::ldexp(1.0f, mxSharedExponent(amaxBits, emax));
    case ScaleRule::RoundUp: return std::ldexp(1.0f, roundUpSharedExponent(amaxBits, maxBits));
    case ScaleRule::Nearest: return std::ldexp(1.0f, nearestSharedExponent(amaxBits, maxBits));
    default: break;
    }
    throw std::invalid_argument("the scale rule " + std::string(scaleRuleName(rule)) + " does not apply to FP8 blocks");
}

float amaxOf(std::span<const float> x) {
    float m = 0;
    for (float v : x) {
        if (std::isnan(v)) return std::numeric_limits<float>::quiet_NaN();
        m = std::max(m, std::fabs(v));
    }
    return m;
}

std::vector<float> blockAmaxScales(std::span<const float> x, int rows, int cols, int blockRows, int blockCols,
                                   Fp8Element e, ScaleRule rule) {
    checkShape(x.size(), rows, cols, blockRows, blockCols);
    const int across = (cols + blockCols - 1) / blockCols;
    const int down = (rows + blockRows - 1) / blockRows;
    std::vector<float> amax(std::size_t(across) * down, 0.0f);
    for (int r = 0; r < rows; ++r) {
        float* blockAmax = amax.data() + std::size_t(r / blockRows) * across;
        const float* row = x.data() + std::size_t(r) * cols;
        const auto combine = [](float a, float x) {
            const float v = std::fabs(x);
            return std::isnan(v) || std::isnan(a) ? std::numeric_limits<float>::quiet_NaN() : std::max(a, v);
        };
        if (blockCols == 1) { // a block per column: one pass along the row
            for (int c = 0; c < cols; ++c) blockAmax[c] = combine(blockAmax[c], row[c]);
            continue;
        }
        for (int c0 = 0, b = 0; c0 < cols; c0 += blockCols, ++b) {
            float& a = blockAmax[b];
            for (int c = c0; c < std::min(cols, c0 + blockCols); ++c) a = combine(a, row[c]);
        }
    }
    for (float& a : amax) a = blockScale(a, e, rule);
    return amax;
}

ScaledMatrix quantizeBlocks(std::span<const float> x, int rows, int cols, int blockRows, int blockCols, Fp8Element e,
                            ScaleRule rule) {
    ScaledMatrix m = emptyMatrix(rows, cols, blockRows, blockCols, e);
    m.scales = blockAmaxScales(x, rows, cols, blockRows, blockCols, e, rule);
    return castAll(x, std::move(m));
}

ScaledMatrix quantizeWithScale(std::span<const float> x, int rows, int cols, float scale, Fp8Element e) {
    checkShape(x.size(), rows, cols, rows, cols);
    if (!(scale > 0) || !std::isfinite(scale))
        throw std::invalid_argument("the scale must be a positive finite number");
    ScaledMatrix m = emptyMatrix(rows, cols, rows, cols, e);
    m.scales = {scale};
    return castAll(x, std::move(m));
}

ScaledMatrix transposed(const ScaledMatrix& m) {
    ScaledMatrix t = m;
    t.rows = m.cols;
    t.cols = m.rows;
    t.blockRows = m.blockCols;
    t.blockCols = m.blockRows;
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) t.codes[std::size_t(c) * t.cols + r] = m.codes[std::size_t(r) * m.cols + c];
    const int across = m.blocksAcross(), down = m.blocksDown();
    for (int r = 0; r < down; ++r)
        for (int c = 0; c < across; ++c) t.scales[std::size_t(c) * down + r] = m.scales[std::size_t(r) * across + c];
    return t;
}

} // namespace fplab::blockscale
