// What every operation returns: the result's bits and the flags it raised.
#pragma once

#include "core/flags.h"

#include <cstdint>

namespace fplab {

struct Result {
    std::uint64_t bits = 0;
    Flags flags = 0;
    friend constexpr bool operator==(const Result&, const Result&) = default;
};

} // namespace fplab
