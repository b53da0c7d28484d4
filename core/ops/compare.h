// Comparison and IEEE 754-2019 minimum/maximum.
#pragma once

#include "core/ops/common.h"

#include <cstdint>

namespace fplab::detail {

// A signed integer that orders the non-NaN values of a format; all zeros map to 0.
inline std::int64_t orderKey(const Format& f, u64 bits, FloatClass c) {
    if (c == FloatClass::Zero) return 0;
    const std::int64_t m = std::int64_t(bits & f.magnitudeMask());
    return signOf(f, bits) ? -m : m;
}

} // namespace fplab::detail
