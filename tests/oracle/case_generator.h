// Random operands for sampled oracle tests, weighted toward the hard cases: ties, signed zeros,
// subnormals, the overflow threshold, cancellation, infinities and (signalling) NaNs. Seeded, so
// every run draws the same cases.
#pragma once

#include "core/format.h"
#include "tests/oracle/format_model.h"

#include <array>
#include <cstdint>
#include <random>
#include <vector>

namespace fplab::oracle {

class CaseGenerator {
public:
    CaseGenerator(const Format& f, std::uint64_t seed);

    std::uint64_t operand();                    // one operand, weighted over all categories
    std::uint64_t uniform();                    // every encoding equally likely
    std::array<std::uint64_t, 2> addOperands(); // also for sub: cancellation, alignment, ties
    std::array<std::uint64_t, 2> mulOperands(); // short significands (ties), products near the limits
    std::array<std::uint64_t, 2> divOperands(); // quotients near 1 and near the limits
    std::array<std::uint64_t, 3> fmaOperands(); // c close to -a*b (cancellation), ties
    std::uint64_t sqrtOperand();                // perfect squares, subnormals, negatives

    // The named encodings every test should meet: zeros, infinities, NaNs, extremes of each range.
    const std::vector<std::uint64_t>& specials() const { return m_specials; }

private:
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : m_rng() % n; }
    bool coin() { return m_rng() & 1; }
    std::uint64_t pack(bool negative, long field, std::uint64_t mantissa) const;
    long fieldOf(std::uint64_t bits) const { return long((bits >> m_fm.mantissaBits) & std::uint64_t(m_fm.maxField)); }
    long randomFiniteField();
    std::uint64_t randomMantissa();
    std::uint64_t shortMantissa();
    std::uint64_t finiteWithField(long field, std::uint64_t mantissa);

    FormatModel m_fm;
    std::mt19937_64 m_rng;
    std::vector<std::uint64_t> m_specials;
    long m_topFiniteField; // the largest exponent field that holds finite values
};

} // namespace fplab::oracle
