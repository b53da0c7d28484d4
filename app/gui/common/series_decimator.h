// A chart series of bounded size for a series that only grows (a training run's loss per step): the
// samples fall into at most maxBuckets buckets of equal sample count, each drawn as its minimum and its
// maximum (in x order), so a spike stays visible however long the run; when the buckets are full,
// neighbours merge and each bucket holds twice as many samples. Adding a sample is O(1) amortized and
// points() is O(maxBuckets): a chart redrawn 30 times a second costs the same at step 100 and 100,000.
// The last sample is always the last point, so the chart ends at the latest step.
#pragma once

#include <QList>
#include <QPointF>

#include <cstdint>
#include <vector>

namespace fplab::gui {

class SeriesDecimator {
public:
    explicit SeriesDecimator(int maxBuckets = 500);

    void clear();
    // x must not decrease from one call to the next.
    void add(double x, double y);
    // At most 2 * maxBuckets + 1 points.
    QList<QPointF> points() const;

    std::int64_t samples() const { return m_samples; }
    std::int64_t samplesPerBucket() const { return m_perBucket; }
    int maxBuckets() const { return m_maxBuckets; }
    int maxPoints() const { return 2 * m_maxBuckets + 1; }

private:
    struct Bucket {
        QPointF min, max;
        std::int64_t count = 0;
    };
    static void merge(Bucket& into, const Bucket& from);

    int m_maxBuckets;
    std::int64_t m_perBucket = 1;
    std::int64_t m_samples = 0;
    std::vector<Bucket> m_buckets;
    QPointF m_last;
};

} // namespace fplab::gui
