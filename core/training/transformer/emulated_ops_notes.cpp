// EmulatedOps' records of values the core did not compute.
#include "core/training/transformer/emulated_ops.h"

#include <bit>
#include <cmath>

namespace fplab::training {

void EmulatedOps::noteResult(FormatId f, float value, std::size_t element, const char* operation) {
    if (std::isfinite(value)) return;
    const Flags flags = std::isnan(value) ? kInvalid : kOverflow;
    record(f, flags, element, operation, {}, std::bit_cast<std::uint32_t>(value), {Operation::Fma, {}});
}

} // namespace fplab::training
