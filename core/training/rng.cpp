// The fixed-algorithm generator behind the training data and the initial weights.
#include "core/training/rng.h"

#include <cmath>
#include <numbers>

namespace fplab::training {

namespace {

std::uint64_t splitMix(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

} // namespace

Rng::Rng(std::uint64_t seed) {
    for (std::uint64_t& s : m_state) s = splitMix(seed);
}

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
    const std::uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotl(m_state[3], 45);
    return result;
}

double Rng::uniform() { return double(next() >> 11) * 0x1p-53; }

double Rng::normal() {
    if (m_hasSpare) {
        m_hasSpare = false;
        return m_spare;
    }
    double u = 0;
    while (u == 0) u = uniform();
    const double v = uniform();
    const double r = std::sqrt(-2.0 * std::log(u));
    const double angle = 2.0 * std::numbers::pi * v;
    m_spare = r * std::sin(angle);
    m_hasSpare = true;
    return r * std::cos(angle);
}

std::uint64_t Rng::below(std::uint64_t n) {
    // Rejection keeps the result unbiased.
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
    std::uint64_t x = next();
    while (x >= limit) x = next();
    return x % n;
}

} // namespace fplab::training
