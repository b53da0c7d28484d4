// Where a training chart's step axis ends. A 100,000-step run that has done 40 steps drew them in the first
// pixel: the axis spans the steps done, doubling from 100 as the run goes (so it rarely moves), never past
// the run's length.
#pragma once

#include <algorithm>

namespace fplab::gui {

inline int stepAxisEnd(int totalSteps, int lastStep) {
    int end = std::min(totalSteps, 100);
    while (end < totalSteps && end < lastStep + lastStep / 8) end = std::min(totalSteps, 2 * end);
    return end;
}

} // namespace fplab::gui
