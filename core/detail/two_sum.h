// Knuth's TwoSum for the scalar fast paths that prove a sum exact or find its rounding direction.
#pragma once

namespace fplab {

// The rounding error of s = a + b computed in T, a binary floating-point type, in round to nearest:
// s + error = a + b exactly, for finite s.
template <class T>
[[gnu::always_inline]] inline T twoSumError(T a, T b, T s) {
    const T bb = s - a;
    return (a - (s - bb)) + (b - bb);
}

} // namespace fplab
