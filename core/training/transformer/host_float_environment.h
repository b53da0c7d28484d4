// Whether the host's floating-point environment is IEEE 754's default, the condition of the matmuls computed by
// the host's own fmas (host_float_matmul.h, host_half_matmul.h).
#pragma once

namespace fplab::training {

// Round to nearest even, and subnormal operands and results neither flushed nor read as zero. Never inlined:
// its own flags are raised before the caller clears the flags around its host fmas.
bool hostEnvironmentIsIeee();

} // namespace fplab::training
