#include "core/reveal/host_float_sums.h"

#include <numeric>

namespace fplab::reveal {

float hostLoopSum(const float* values, std::size_t count) {
    float sum = 0.0f;
    for (std::size_t i = 0; i < count; ++i) sum += values[i];
    return sum;
}

float stdReduceSum(const float* values, std::size_t count) { return std::reduce(values, values + count, 0.0f); }

} // namespace fplab::reveal
