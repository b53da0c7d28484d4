// What the matmuls computed by the host's own fmas share (host_float_matmul.h, host_half_matmul.h): the condition
// that the host's floating-point environment is IEEE 754's default, the protocol that reads the exception flags
// around the fmas, and the columns a row of the product has.
#pragma once

#include <algorithm>
#include <cfenv>

namespace fplab::training {

// Round to nearest even, and subnormal operands and results neither flushed nor read as zero. Never inlined:
// its own flags are raised before the caller clears the flags around its host fmas.
bool hostEnvironmentIsIeee();

// What runWithHostFlags saw: whether the fmas ran (the environment is IEEE's default), whether every result was
// finite, and the exception flags (FE_*) they raised.
struct HostFmaRun {
    bool ran = false;
    bool finite = false;
    int raised = 0;
};

// Runs `compute` (which calls a function never inlined that writes its results to memory, so that no
// floating-point operation moves across the calls that clear and read the flags; it returns whether every result
// is finite) with the thread's exception flags cleared, where the environment is IEEE's default. The thread's own
// flags are put back afterwards: nothing outside sees the fmas' (or the probe's).
template <class Compute>
HostFmaRun runWithHostFlags(Compute&& compute) {
    std::fexcept_t before;
    std::fegetexceptflag(&before, FE_ALL_EXCEPT);
    HostFmaRun run;
    if (hostEnvironmentIsIeee()) {
        std::feclearexcept(FE_ALL_EXCEPT);
        run.finite = compute();
        run.raised = std::fetestexcept(FE_ALL_EXCEPT);
        run.ran = true;
    }
    std::fesetexceptflag(&before, FE_ALL_EXCEPT);
    return run;
}

// The columns of row i that belong to an m x n product (j <= i too under a causal mask).
inline int columnsOf(int i, int n, bool lowerOnly) { return lowerOnly ? std::min(n, i + 1) : n; }

} // namespace fplab::training
