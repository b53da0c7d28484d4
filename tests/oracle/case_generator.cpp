#include "tests/oracle/case_generator.h"

#include "tests/oracle/mpfr_oracle.h"

#include <algorithm>

namespace fplab::oracle {

CaseGenerator::CaseGenerator(const Format& f, std::uint64_t seed) : m_fm(f), m_rng(seed) {
    m_topFiniteField = m_fm.specials == SpecialValues::Ieee ? m_fm.maxField - 1 : m_fm.maxField;
    const std::uint64_t sign = m_fm.signBit;
    std::vector<std::uint64_t> s;
    auto both = [&](std::uint64_t magnitude) {
        s.push_back(magnitude);
        if (sign) s.push_back(magnitude | sign);
    };
    both(0);
    both(m_fm.maxFiniteMagnitudeBits);
    both(m_fm.maxFiniteMagnitudeBits - 1);
    both(m_fm.minNormal(false));
    both(m_fm.minNormal(false) + (m_fm.mantissaBits > 0 ? 1 : 0));
    if (m_fm.subnormals && m_fm.mantissaBits > 0) {
        both(1);
        both(m_fm.mantissaMask);
        both(m_fm.mantissaMask >> 1);
    }
    if (m_fm.bias <= m_topFiniteField) {
        both(std::uint64_t(m_fm.bias) << m_fm.mantissaBits); // 1.0
        both((std::uint64_t(m_fm.bias) << m_fm.mantissaBits) | m_fm.mantissaMask);
    }
    switch (m_fm.specials) {
    case SpecialValues::Ieee: {
        const std::uint64_t exponentOnes = std::uint64_t(m_fm.maxField) << m_fm.mantissaBits;
        const std::uint64_t quietBit = std::uint64_t{1} << (m_fm.mantissaBits - 1);
        both(exponentOnes);                     // infinity
        both(exponentOnes | quietBit);          // quiet NaN, empty payload
        both(exponentOnes | quietBit | 1);      // quiet NaN with a payload
        both(exponentOnes | m_fm.mantissaMask); // quiet NaN, full payload
        if (m_fm.mantissaBits >= 2) {
            both(exponentOnes | 1);              // signalling NaN, smallest payload
            both(exponentOnes | (quietBit - 1)); // signalling NaN, largest payload
        }
        break;
    }
    case SpecialValues::FiniteWithNan: both(m_fm.magnitudeMask); break;
    case SpecialValues::Fnuz: s.push_back(m_fm.signBit); break;
    case SpecialValues::FiniteOnly: break;
    }
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    m_specials = s;
}

std::uint64_t CaseGenerator::pack(bool negative, long field, std::uint64_t mantissa) const {
    field = std::clamp(field, 0L, long(m_fm.maxField));
    return (negative ? m_fm.signBit : 0) | (std::uint64_t(field) << m_fm.mantissaBits) | (mantissa & m_fm.mantissaMask);
}

long CaseGenerator::randomFiniteField() { return long(below(std::uint64_t(m_topFiniteField) + 1)); }

std::uint64_t CaseGenerator::randomMantissa() { return m_rng() & m_fm.mantissaMask; }

// A significand with only its top few bits set: products and sums of these are often exact or ties.
std::uint64_t CaseGenerator::shortMantissa() {
    const int keep = int(below(4));
    if (m_fm.mantissaBits <= keep) return randomMantissa();
    const int drop = m_fm.mantissaBits - keep;
    return (m_rng() & m_fm.mantissaMask) >> drop << drop;
}

std::uint64_t CaseGenerator::finiteWithField(long field, std::uint64_t mantissa) {
    field = std::clamp(field, 0L, m_topFiniteField);
    std::uint64_t bits = pack(coin(), field, mantissa);
    // Keep clear of the NaN encodings of the formats that put finite values in the top field.
    if ((m_fm.specials == SpecialValues::FiniteWithNan && (bits & m_fm.magnitudeMask) == m_fm.magnitudeMask) ||
        (m_fm.specials == SpecialValues::Fnuz && bits == m_fm.signBit))
        bits ^= 1;
    return bits;
}

std::uint64_t CaseGenerator::uniform() {
    const std::uint64_t mask = m_fm.magnitudeMask | m_fm.signBit;
    return m_rng() & mask;
}

std::uint64_t CaseGenerator::operand() {
    const std::uint64_t category = below(100);
    if (category < 30) return uniform();
    if (category < 40) return m_specials[below(m_specials.size())];
    if (category < 55)
        return finiteWithField(m_fm.subnormals ? 0 : 1, m_rng() % 3 == 0 ? shortMantissa() : randomMantissa());
    if (category < 65)
        return finiteWithField(m_topFiniteField - long(below(3)), coin() ? m_fm.mantissaMask : randomMantissa());
    if (category < 75) return finiteWithField(long(m_fm.bias) - 2 + long(below(5)), randomMantissa());
    if (category < 90) return finiteWithField(randomFiniteField(), shortMantissa());
    const std::uint64_t extremes[] = {0, 1, m_fm.mantissaMask, m_fm.mantissaMask >> 1, (m_fm.mantissaMask >> 1) + 1};
    return finiteWithField(randomFiniteField(), extremes[below(5)]);
}

std::array<std::uint64_t, 2> CaseGenerator::addOperands() {
    const std::uint64_t category = below(100);
    const std::uint64_t a = operand();
    const long fa = fieldOf(a);
    if (category < 35) return {a, operand()};
    if (category < 55) {
        // Cancellation: the same exponent, a nearby significand, opposite effective signs.
        const std::uint64_t delta = below(5);
        const std::uint64_t mantissa = coin() ? (a + delta) : (a - delta);
        std::uint64_t b = pack(coin(), fa, mantissa);
        if (coin()) b = pack(!(a & m_fm.signBit), fa, a); // exactly -a (or a for sub)
        return {a, b};
    }
    if (category < 80) {
        // Alignment: the smaller operand shifted by 0..p+3 places, with bits right at guard/round/sticky.
        const long shift = long(below(std::uint64_t(m_fm.precision()) + 4));
        return {a, pack(coin(), fa - shift, coin() ? shortMantissa() : randomMantissa())};
    }
    // Ties: b is exactly half an ulp of a (or half an ulp plus a little).
    return {a, pack(coin(), fa - m_fm.precision(), coin() ? 0 : shortMantissa())};
}

std::array<std::uint64_t, 2> CaseGenerator::mulOperands() {
    const std::uint64_t category = below(100);
    if (category < 35) return {operand(), operand()};
    const long bias = m_fm.bias;
    if (category < 60) {
        const long fa = randomFiniteField();
        const long fb = std::clamp(2 * bias - fa + long(below(9)) - 4, 0L, m_topFiniteField);
        return {finiteWithField(fa, shortMantissa()), finiteWithField(fb, shortMantissa())};
    }
    const long fa = randomFiniteField();
    long target;
    if (category < 80) target = m_topFiniteField + long(below(5)) - 3;  // product near overflow
    else target = 1 - long(below(std::uint64_t(m_fm.precision()) + 3)); // product near or below the smallest normal
    const long fb = std::clamp(target + bias - fa, 0L, m_topFiniteField);
    const bool shortOnes = coin();
    return {finiteWithField(fa, shortOnes ? shortMantissa() : randomMantissa()),
            finiteWithField(fb, shortOnes ? shortMantissa() : randomMantissa())};
}

std::array<std::uint64_t, 2> CaseGenerator::divOperands() {
    const std::uint64_t category = below(100);
    if (category < 35) return {operand(), operand()};
    const long bias = m_fm.bias;
    const long fa = randomFiniteField();
    long fb;
    if (category < 60) fb = fa + long(below(3)) - 1;                                  // quotient near 1
    else if (category < 80) fb = fa - (m_topFiniteField - bias) + long(below(4)) - 2; // near overflow
    else fb = fa - (1 - bias) + long(below(std::uint64_t(m_fm.precision()) + 3));     // near the smallest normal
    fb = std::clamp(fb, 0L, m_topFiniteField);
    const std::uint64_t ma = coin() ? shortMantissa() : randomMantissa();
    const std::uint64_t mb = coin() ? shortMantissa() : randomMantissa();
    return {finiteWithField(fa, ma), finiteWithField(fb, mb)};
}

std::array<std::uint64_t, 3> CaseGenerator::fmaOperands() {
    const std::uint64_t category = below(100);
    if (category < 30) return {operand(), operand(), operand()};
    const auto [a, b] = mulOperands();
    if (category < 70) {
        // c within a few ulps of -(a*b): massive cancellation, exact zeros and their signs.
        Env toZero;
        toZero.rounding = RoundingMode::TowardZero;
        const std::uint64_t product = referenceMul(m_fm.format, a, b, toZero).bits;
        const std::uint64_t negated = product ^ m_fm.signBit;
        const std::uint64_t delta = below(4);
        std::uint64_t c = coin() ? negated + delta : negated - delta;
        if (coin()) c = negated;
        return {a, b, c & (m_fm.magnitudeMask | m_fm.signBit)};
    }
    if (category < 85) {
        // c at half an ulp of the product's scale: ties after the addition.
        const long fc = fieldOf(a) + fieldOf(b) - long(m_fm.bias) - m_fm.precision() + long(below(3)) - 1;
        return {a, b, pack(coin(), fc, coin() ? 0 : shortMantissa())};
    }
    return {a, b, finiteWithField(m_fm.subnormals ? 0 : 1, randomMantissa())};
}

std::uint64_t CaseGenerator::sqrtOperand() {
    const std::uint64_t category = below(100);
    if (category < 50) return operand();
    if (category < 70) {
        // A perfect square: (short significand)^2 at an even exponent.
        const std::uint64_t m = shortMantissa();
        const std::uint64_t r = pack(false, long(m_fm.bias) + long(below(5)) - 2, m);
        Env exact;
        return referenceMul(m_fm.format, r, r, exact).bits;
    }
    if (category < 90) return pack(false, m_fm.subnormals ? 0 : 1, randomMantissa());
    return pack(false, randomFiniteField(), randomMantissa());
}

} // namespace fplab::oracle
