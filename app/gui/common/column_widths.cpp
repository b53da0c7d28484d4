// Column widths by water-filling, the cap found by bisection (the total grows with the cap).
#include "app/gui/common/column_widths.h"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace fplab::gui {

namespace {

std::vector<int> cappedWidths(const std::vector<int>& need, const std::vector<int>& floor, int cap) {
    std::vector<int> width(need.size());
    for (std::size_t i = 0; i < need.size(); ++i) width[i] = std::min(need[i], std::max(cap, floor[i]));
    return width;
}

int sum(const std::vector<int>& v) { return std::accumulate(v.begin(), v.end(), 0); }

} // namespace

std::vector<int> shareColumnWidths(const std::vector<int>& need, const std::vector<int>& floor, int room, int slack) {
    if (need.empty()) return {};
    const int total = sum(need);
    if (total <= room) {
        std::vector<int> width = need;
        width[slack >= 0 && std::size_t(slack) < need.size() ? std::size_t(slack) : need.size() - 1] += room - total;
        return width;
    }
    int low = 0, high = *std::max_element(need.begin(), need.end());
    while (low < high) {
        const int mid = low + (high - low + 1) / 2;
        if (sum(cappedWidths(need, floor, mid)) <= room) low = mid;
        else high = mid - 1;
    }
    std::vector<int> width = cappedWidths(need, floor, low);
    // The few pixels the cap could not share evenly go, one each, to the columns it cut.
    int left = room - sum(width);
    for (std::size_t i = 0; i < width.size() && left > 0; ++i)
        if (width[i] < need[i]) {
            ++width[i];
            --left;
        }
    return width;
}

} // namespace fplab::gui
