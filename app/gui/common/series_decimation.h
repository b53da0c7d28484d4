// Bounded points per chart series: a long run (100000 steps) drawn as at most 2 x buckets points,
// each bucket of consecutive points keeping its lowest and its highest, so spikes stay visible.
#pragma once

#include <QList>
#include <QPointF>

namespace fplab::gui {

// `points` in x order; the result is too. Up to 2 * buckets points (all of them when that is not fewer).
QList<QPointF> decimateMinMax(const QList<QPointF>& points, int buckets);

} // namespace fplab::gui
