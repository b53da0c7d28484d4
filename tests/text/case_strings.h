// Random decimal strings for one format, weighted to the hard cases: exact values, exact
// halfway points, points a hair above or below them, the overflow and underflow edges,
// long digit strings, and the many spellings of one number.
#pragma once

#include "core/format.h"

#include <cstdint>
#include <random>
#include <string>

namespace fplab::texttest {

class CaseStrings {
public:
    CaseStrings(const Format& f, std::uint64_t seed);

    // One string in a syntax both MPFR and parseValue read.
    std::string next();
    // A halfway point (or a representable value) nudged at about the `digits`-th digit:
    // a long string whose rounding depends on its last digits.
    std::string longString(int digits);
    // A hex-float ("-0x1.8p-3"): random digits, or an exact halfway point or value, nudged or not.
    std::string nextHexFloat();
    // The exact halfway point between two neighbours (or between the largest finite value and
    // the next step above it, or zero and the smallest positive value) as a plain decimal.
    std::string halfway(std::uint64_t magnitudeBits);

private:
    struct Exact;
    Exact randomValue();
    Exact randomHalfway();
    Exact halfwayAbove(std::uint64_t magnitudeBits);
    std::uint64_t randomMagnitude();
    std::string render(bool negative, std::string digits, long exp10);
    std::string nudged(const Exact& e, long at);
    // Negative half the time; rarely for unsigned formats, where it only means NaN.
    bool negative() { return coin(m_format.hasSign ? 50 : 3); }
    bool coin(int percent) { return std::uniform_int_distribution<int>(0, 99)(m_rng) < percent; }
    long between(long lo, long hi) { return std::uniform_int_distribution<long>(lo, hi)(m_rng); }

    Format m_format;
    std::mt19937_64 m_rng;
};

} // namespace fplab::texttest
