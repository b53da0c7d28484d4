// A double as the Block view prints it: core's shortest decimal that reads back to the same double.
#pragma once

#include "core/format.h"
#include "core/text/print.h"

#include <QString>

#include <bit>
#include <cstdint>

namespace fplab::gui {

inline QString blockNumberText(double v) {
    return QString::fromStdString(shortestDecimal(kFp64, std::bit_cast<std::uint64_t>(v)));
}

} // namespace fplab::gui
