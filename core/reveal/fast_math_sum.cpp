// Built with -O3 -ffast-math on its own (core/CMakeLists.txt): the one function in FP Lab whose additions
// the compiler may reorder, so the fast-math-loop target can show what it chose.
#include "core/reveal/host_float_sums.h"

namespace fplab::reveal {

float fastMathLoopSum(const float* values, std::size_t count) {
    float sum = 0.0f;
    for (std::size_t i = 0; i < count; ++i) sum += values[i];
    return sum;
}

} // namespace fplab::reveal
