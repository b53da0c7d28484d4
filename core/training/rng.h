// The training area's random numbers: a small generator with a fixed algorithm
// (splitmix64 + xoshiro256**), so a seed gives the same data and weights on every platform.
#pragma once

#include <cstdint>

namespace fplab::training {

class Rng {
public:
    explicit Rng(std::uint64_t seed);

    std::uint64_t next();
    // Uniform in [0, 1) with 53 random bits.
    double uniform();
    double uniform(double low, double high) { return low + (high - low) * uniform(); }
    // Standard normal (Box-Muller; the second value is kept for the next call).
    double normal();
    // Uniform in [0, n).
    std::uint64_t below(std::uint64_t n);

private:
    std::uint64_t m_state[4];
    bool m_hasSpare = false;
    double m_spare = 0;
};

} // namespace fplab::training
