// The words for every summation target the Summation order section offers (the names are core's and
// app/summation_targets'; the sentences are written here, once, translated).
#pragma once

#include "app/summation_targets/summation_targets.h"

#include <QString>

namespace fplab::gui {

QString targetTitle(const summation_targets::Target& t);
QString targetDescription(const summation_targets::Target& t);

} // namespace fplab::gui
