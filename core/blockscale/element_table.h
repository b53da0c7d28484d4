// A fast path for MX element encoding. Rounding V * 2^-X to a small element format depends only on
// V's sign, the exponent of V * 2^-X, the few leading fraction bits the format keeps plus the round
// bit, and whether any bit below them is set. The table holds the encoding core's conversion gives for
// one representative FP32 input of each such class, so a lookup gives the same code as calling it.
#pragma once

#include <cstdint>
#include <vector>

namespace fplab::blockscale {

class ElementTable {
public:
    // encode(bits) encodes an FP32 input with X = 0; exponents below lowExponent must all encode to
    // zero and those from highExponent up must all saturate; keptBits is the fraction bits that decide
    // the rounding besides the sticky bit (the element's fraction bits plus the round bit).
    template <class Encode>
    ElementTable(int lowExponent, int highExponent, int keptBits, Encode encode)
        : m_low(lowExponent), m_high(highExponent), m_kept(keptBits) {
        const int exponents = highExponent - lowExponent + 1;
        m_codes.resize(std::size_t{2} * static_cast<std::size_t>(exponents) << (keptBits + 1));
        for (std::uint32_t sign = 0; sign < 2; ++sign)
            for (int e = lowExponent; e <= highExponent; ++e)
                for (std::uint32_t top = 0; top < (1u << keptBits); ++top)
                    for (std::uint32_t sticky = 0; sticky < 2; ++sticky) {
                        const std::uint32_t bits = (sign << 31) | (static_cast<std::uint32_t>(e + 127) << 23) |
                                                   (top << (23 - keptBits)) | sticky;
                        m_codes[index(sign, e, top, sticky)] = encode(bits);
                    }
    }

    // The code of V * 2^-x for a normal FP32 V (exponent field not 0 or 255).
    std::uint8_t lookup(std::uint32_t bits, int x) const {
        const int field = static_cast<int>((bits >> 23) & 0xFF);
        int e = field - 127 - x;
        e = e < m_low ? m_low : (e > m_high ? m_high : e);
        const std::uint32_t fraction = bits & 0x7FFFFF;
        const std::uint32_t top = fraction >> (23 - m_kept);
        const std::uint32_t sticky = (fraction & ((1u << (23 - m_kept)) - 1)) != 0;
        return m_codes[index(bits >> 31, e, top, sticky)];
    }

private:
    std::size_t index(std::uint32_t sign, int e, std::uint32_t top, std::uint32_t sticky) const {
        const std::size_t exponents = static_cast<std::size_t>(m_high - m_low + 1);
        return (((sign * exponents + static_cast<std::size_t>(e - m_low)) << m_kept | top) << 1) | sticky;
    }

    int m_low;
    int m_high;
    int m_kept;
    std::vector<std::uint8_t> m_codes;
};

} // namespace fplab::blockscale
