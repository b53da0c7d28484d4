// What the x86 host CPU offers, for the tests that run its instructions as an oracle. Clang 14's
// __builtin_cpu_supports does not know "f16c", so F16C is read from CPUID (leaf 1, ECX bit 29).
#pragma once

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

namespace fplab::host {

inline bool cpuHasF16c() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
}

} // namespace fplab::host
#endif
