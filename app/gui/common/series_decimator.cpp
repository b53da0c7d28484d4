// Min/max buckets that double in size when full.
#include "app/gui/common/series_decimator.h"

#include <algorithm>

namespace fplab::gui {

SeriesDecimator::SeriesDecimator(int maxBuckets) : m_maxBuckets(std::max(1, maxBuckets)) {
    m_buckets.reserve(std::size_t(m_maxBuckets) + 1);
}

void SeriesDecimator::clear() {
    m_perBucket = 1;
    m_samples = 0;
    m_buckets.clear();
}

void SeriesDecimator::merge(Bucket& into, const Bucket& from) {
    if (from.min.y() < into.min.y()) into.min = from.min;
    if (from.max.y() > into.max.y()) into.max = from.max;
    into.count += from.count;
}

void SeriesDecimator::add(double x, double y) {
    const QPointF p(x, y);
    m_last = p;
    ++m_samples;
    if (!m_buckets.empty() && m_buckets.back().count < m_perBucket) {
        merge(m_buckets.back(), Bucket{p, p, 1});
        return;
    }
    m_buckets.push_back({p, p, 1});
    if (int(m_buckets.size()) <= m_maxBuckets) return;
    // Full: pairs of neighbours merge (the last, partly filled bucket stays last).
    std::size_t out = 0;
    for (std::size_t i = 0; i < m_buckets.size(); i += 2) {
        Bucket b = m_buckets[i];
        if (i + 1 < m_buckets.size()) merge(b, m_buckets[i + 1]);
        m_buckets[out++] = b;
    }
    m_buckets.resize(out);
    m_perBucket *= 2;
}

QList<QPointF> SeriesDecimator::points() const {
    QList<QPointF> out;
    out.reserve(qsizetype(2 * m_buckets.size() + 1));
    for (const Bucket& b : m_buckets) {
        const bool minFirst = b.min.x() <= b.max.x();
        out.push_back(minFirst ? b.min : b.max);
        if (b.min != b.max) out.push_back(minFirst ? b.max : b.min);
    }
    if (m_samples > 0 && (out.isEmpty() || out.back() != m_last)) out.push_back(m_last);
    return out;
}

} // namespace fplab::gui
