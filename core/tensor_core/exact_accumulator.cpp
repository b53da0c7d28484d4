#include "core/tensor_core/exact_accumulator.h"

#include "core/detail/round_pack.h"

#include <bit>
#include <stdexcept>

namespace fplab::tc {

namespace {

using Limbs = std::array<std::uint64_t, ExactAccumulator::kLimbs>;

// 64 bits of x starting at bit `low` (bits below 0 read as zero).
std::uint64_t bitsAt(const Limbs& x, int low) {
    std::uint64_t out = 0;
    for (int i = 0; i < 64; ++i) {
        const int bit = low + i;
        if (bit < 0 || bit >= ExactAccumulator::kLimbs * 64) continue;
        out |= ((x[std::size_t(bit / 64)] >> (bit % 64)) & 1) << i;
    }
    return out;
}

bool anyBelow(const Limbs& x, int bit) {
    for (int i = 0; i < ExactAccumulator::kLimbs && i * 64 < bit; ++i) {
        const int inLimb = bit - i * 64;
        const std::uint64_t mask = inLimb >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << inLimb) - 1;
        if (x[std::size_t(i)] & mask) return true;
    }
    return false;
}

} // namespace

void ExactAccumulator::add(bool negative, std::uint64_t significand, int exponent) {
    if (significand == 0) return;
    const int pos = exponent - kLowestExponent;
    if (pos < 0 || pos + 64 > kLimbs * 64 - 8)
        throw std::out_of_range("ExactAccumulator: term 2^" + std::to_string(exponent) + " is outside the window");
    const std::size_t idx = std::size_t(pos / 64);
    const int off = pos % 64;
    std::uint64_t parts[2] = {significand << off, off ? significand >> (64 - off) : 0};
    if (!negative) {
        unsigned carry = 0;
        for (std::size_t i = idx; i < std::size_t(kLimbs); ++i) {
            const std::uint64_t addend = i - idx < 2 ? parts[i - idx] : 0;
            if (addend == 0 && carry == 0 && i - idx >= 2) break;
            const std::uint64_t s1 = m_limbs[i] + addend;
            const unsigned c1 = s1 < addend;
            const std::uint64_t s2 = s1 + carry;
            const unsigned c2 = s2 < carry;
            m_limbs[i] = s2;
            carry = c1 | c2;
        }
    } else {
        unsigned borrow = 0;
        for (std::size_t i = idx; i < std::size_t(kLimbs); ++i) {
            const std::uint64_t sub = i - idx < 2 ? parts[i - idx] : 0;
            if (sub == 0 && borrow == 0 && i - idx >= 2) break;
            const std::uint64_t d1 = m_limbs[i] - sub;
            const unsigned b1 = m_limbs[i] < sub;
            const std::uint64_t d2 = d1 - borrow;
            const unsigned b2 = d1 < borrow;
            m_limbs[i] = d2;
            borrow = b1 | b2;
        }
    }
}

bool ExactAccumulator::isZero() const {
    for (std::uint64_t l : m_limbs)
        if (l) return false;
    return true;
}

Result ExactAccumulator::round(const Format& f, const Env& env) const {
    if (isZero()) return fplab::detail::zeroResult(f, env.rounding == RoundingMode::TowardNegative);
    Limbs mag = m_limbs;
    const bool negative = (mag[kLimbs - 1] >> 63) != 0;
    if (negative) {
        unsigned carry = 1;
        for (std::uint64_t& l : mag) {
            l = ~l + carry;
            carry = carry && l == 0;
        }
    }
    int top = kLimbs * 64 - 1;
    while (((mag[std::size_t(top / 64)] >> (top % 64)) & 1) == 0) --top;
    std::uint64_t sig = bitsAt(mag, top - 63);
    if (anyBelow(mag, top - 63)) sig |= 1;
    return fplab::detail::roundPack(f, negative, top + kLowestExponent, sig, env);
}

} // namespace fplab::tc
