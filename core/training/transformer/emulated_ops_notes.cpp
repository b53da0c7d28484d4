// EmulatedOps' records of values the core did not compute.
#include "core/training/transformer/emulated_ops.h"

#include "core/arithmetic.h"

#include <bit>
#include <cmath>

namespace fplab::training {

void EmulatedOps::noteResult(FormatId f, float value, std::size_t element, const char* operation) {
    if (std::isfinite(value)) return;
    const Flags flags = std::isnan(value) ? kInvalid : kOverflow;
    // Infinities and NaNs convert exactly; the result is reported in f's bits.
    const Result r = fplab::convert(kFp32, std::bit_cast<std::uint32_t>(value), emulatedFormat(f));
    record(f, flags, element, operation, {}, r.bits, {Operation::Fma, {}});
}

} // namespace fplab::training
