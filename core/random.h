// Reproducible random bits for stochastic rounding: a seeded SplitMix64 stream.
#pragma once

#include "core/rounding.h"

#include <cstdint>

namespace fplab {

class StochasticStream {
public:
    explicit constexpr StochasticStream(std::uint64_t seed) : m_state(seed) {}

    constexpr std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    // An environment for one stochastically rounded operation.
    constexpr Env nextEnv(Env base = {}) {
        base.rounding = RoundingMode::Stochastic;
        base.randomBits = next();
        return base;
    }

private:
    std::uint64_t m_state;
};

} // namespace fplab
