#include "app/gui/common/series_decimation.h"

#include <algorithm>

namespace fplab::gui {

QList<QPointF> decimateMinMax(const QList<QPointF>& points, int buckets) {
    const qsizetype n = points.size();
    if (buckets < 1 || n <= 2 * qsizetype(buckets)) return points;
    QList<QPointF> out;
    out.reserve(2 * buckets);
    for (int b = 0; b < buckets; ++b) {
        const qsizetype first = n * b / buckets, last = n * (b + 1) / buckets; // [first, last)
        qsizetype low = first, high = first;
        for (qsizetype i = first + 1; i < last; ++i) {
            if (points[i].y() < points[low].y()) low = i;
            if (points[i].y() > points[high].y()) high = i;
        }
        out.push_back(points[std::min(low, high)]);
        if (low != high) out.push_back(points[std::max(low, high)]);
    }
    return out;
}

} // namespace fplab::gui
