// The values a reveal probes a sum with, per format: a large value M at one position, -M at another,
// and a small unit u everywhere else. M absorbs every unit added to it before -M cancels it, so the sum
// comes out as u times the number of terms added outside the subtree that joins the two positions
// (Xie et al., "Revealing Floating-Point Accumulation Orders in Software/Hardware Implementations",
// USENIX ATC 2025, section 4).
#pragma once

#include "core/format.h"

#include <cstdint>
#include <optional>

namespace fplab::reveal {

struct ProbeValues {
    std::uint64_t large = 0;    // M, a power of two
    std::uint64_t negLarge = 0; // -M
    std::uint64_t unit = 0;     // u, a power of two
    int unitExponent = 0;       // u = 2^unitExponent
    // The most terms the count stays exact for: every partial count k*u must be representable.
    int maxTerms = 0;
};

// FP64, FP32, FP16 and BF16 (docs/summation-order.md says why each pair was chosen); none for other formats.
std::optional<ProbeValues> probeValuesFor(const Format& f);
// The same, or std::invalid_argument naming the formats a reveal takes.
ProbeValues requireProbeValues(const Format& f);

} // namespace fplab::reveal
