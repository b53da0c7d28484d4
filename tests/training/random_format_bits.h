// Random encodings of a format for the fast-path tests (emulated_fast_path_test.cpp, emulated_span_oracle_test.cpp).
#pragma once

#include "core/format.h"

#include <cstdint>
#include <random>

namespace fplab::training {

// Random bits of `f` drawn to reach every case of the fast path's proof: any exponent (subnormals, values
// whose products underflow or overflow), short significands (exact sums, ties, midpoints), zeros,
// infinities and NaNs.
inline std::uint64_t randomBits(const Format& f, std::mt19937_64& rng) {
    const int kind = int(rng() % 16);
    const std::uint64_t sign = (rng() & 1) ? f.signMask() : 0;
    const std::uint64_t expMask = std::uint64_t(f.maxExponentField()) << f.mantissaBits;
    if (kind == 0) return sign;                                            // zero
    if (kind == 1) return sign | expMask;                                  // infinity
    if (kind == 2) return sign | expMask | (rng() & f.mantissaMask()) | 1; // NaN (quiet or signalling)
    std::uint64_t mantissa = rng() & f.mantissaMask();
    if (kind < 8) mantissa &= ~((std::uint64_t{1} << (rng() % (f.mantissaBits + 1))) - 1); // short significand
    const std::uint64_t field = rng() % std::uint64_t(f.maxExponentField()); // 0 (subnormal) to the largest finite
    return sign | (field << f.mantissaBits) | mantissa;
}

// Values near 1 so that dot products mostly stay finite and normal, with the rare extreme term.
inline std::uint64_t moderateBits(const Format& f, std::mt19937_64& rng) {
    if (rng() % 8 == 0) return randomBits(f, rng);
    const int exponent = int(rng() % 12) - 6;
    std::uint64_t mantissa = rng() & f.mantissaMask();
    if (rng() % 4 == 0) mantissa &= ~((std::uint64_t{1} << (rng() % (f.mantissaBits + 1))) - 1);
    const std::uint64_t sign = (rng() & 1) ? f.signMask() : 0;
    return sign | (std::uint64_t(f.bias + exponent) << f.mantissaBits) | mantissa;
}

} // namespace fplab::training
