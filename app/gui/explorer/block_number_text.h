// Numbers as the Block view prints them: core's shortest decimal that reads back to the same double (or float).
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

// An input of the Block view, an FP32 value, with the digits its float needs ("0.30639967", not the 17 of its
// double): the element table keeps room for its Error column at 1280 px.
inline QString blockInputText(float v) {
    return QString::fromStdString(shortestDecimal(kFp32, std::bit_cast<std::uint32_t>(v)));
}

} // namespace fplab::gui
