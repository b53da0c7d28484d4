#include "core/training/transformer/host_float_environment.h"

#include <cfenv>

namespace fplab::training {

// 3 x 2^-149 halved is a tie between subnormals, which rounds to 2^-148: a host that flushes subnormal
// operands or results gives 0. A first version computed the probe inline and GCC moved its product past the
// clearing of the flags, which the tests caught as needless declines; hence the call and the volatiles.
[[gnu::noinline]] bool hostEnvironmentIsIeee() {
    if (std::fegetround() != FE_TONEAREST) return false;
    volatile float subnormal = 0x1.8p-148f, half = 0.5f;
    return subnormal * half == 0x1p-148f;
}

} // namespace fplab::training
