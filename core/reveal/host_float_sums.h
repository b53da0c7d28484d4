// Sums of floats on this machine's FPU, each compiled as its own code would be: what the host-loop,
// std-reduce and fast-math-loop targets probe.
#pragma once

#include <cstddef>

namespace fplab::reveal {

float hostLoopSum(const float* values, std::size_t count);
float stdReduceSum(const float* values, std::size_t count);
// Compiled with -O3 -ffast-math (core/CMakeLists.txt): the compiler may reassociate the additions.
float fastMathLoopSum(const float* values, std::size_t count);

} // namespace fplab::reveal
