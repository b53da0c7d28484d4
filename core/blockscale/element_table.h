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
                        m_codes[indexIn(m_low, m_high, m_kept, sign, e, top, sticky)] = encode(bits);
                    }
    }

    // The code of V * 2^-x for a normal FP32 V (exponent field not 0 or 255).
    std::uint8_t lookup(std::uint32_t bits, int x) const { return View(*this).lookup(bits, x); }

    // lookup(in[i], x) into out[i] for n normal FP32 inputs (in[i] gives FP32 bits): the table indices first,
    // in chunks, a loop the compiler vectorises; then the byte loads.
    template <class Fp32Array>
    void lookupAll(Fp32Array in, std::size_t n, int x, std::uint8_t* out) const {
        const View view(*this); // the byte stores may alias the members: read them once, before the loop
        constexpr std::size_t kChunk = 256;
        std::uint32_t indices[kChunk];
        for (std::size_t at = 0; at < n; at += kChunk) {
            const std::size_t count = n - at < kChunk ? n - at : kChunk;
            for (std::size_t i = 0; i < count; ++i) indices[i] = view.index(in[at + i], x);
            for (std::size_t i = 0; i < count; ++i) out[at + i] = view.codes[indices[i]];
        }
    }

private:
    struct View {
        explicit View(const ElementTable& t) : codes(t.m_codes.data()), low(t.m_low), high(t.m_high), kept(t.m_kept) {}
        std::uint8_t lookup(std::uint32_t bits, int x) const { return codes[index(bits, x)]; }
        std::uint32_t index(std::uint32_t bits, int x) const {
            const int field = static_cast<int>((bits >> 23) & 0xFF);
            int e = field - 127 - x;
            e = e < low ? low : (e > high ? high : e);
            const std::uint32_t fraction = bits & 0x7FFFFF;
            const std::uint32_t top = fraction >> (23 - kept);
            const std::uint32_t sticky = (fraction & ((1u << (23 - kept)) - 1)) != 0;
            const std::uint32_t exponents = static_cast<std::uint32_t>(high - low + 1);
            const std::uint32_t sign = (0u - (bits >> 31)) & exponents; // sign * exponents, without a multiplication
            return (((sign + static_cast<std::uint32_t>(e - low)) << kept | top) << 1) | sticky;
        }
        const std::uint8_t* codes;
        int low, high, kept;
    };

    static std::size_t indexIn(int low, int high, int kept, std::uint32_t sign, int e, std::uint32_t top,
                               std::uint32_t sticky) {
        const std::size_t exponents = static_cast<std::size_t>(high - low + 1);
        return (((sign * exponents + static_cast<std::size_t>(e - low)) << kept | top) << 1) | sticky;
    }
    int m_low;
    int m_high;
    int m_kept;
    std::vector<std::uint8_t> m_codes;
};

} // namespace fplab::blockscale
