// JobControl's helpers.
#include "app/gui/common/job_control.h"

#include <algorithm>

namespace fplab::gui {

JobCancelled::JobCancelled() : std::runtime_error("cancelled") {}

void JobControl::report(double fraction) const {
    if (progress) progress(std::clamp(fraction, 0.0, 1.0));
}

bool JobControl::isCancelled() const { return cancelled && cancelled(); }

void JobControl::checkCancelled() const {
    if (isCancelled()) throw JobCancelled();
}

} // namespace fplab::gui
