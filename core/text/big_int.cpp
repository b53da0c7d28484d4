// BigUint: 32-bit limbs with 64-bit intermediates; simple algorithms, sized for
// the few-thousand-digit numbers that exact float conversions need.
#include "core/text/big_int.h"

#include <algorithm>
#include <bit>

namespace fplab::text {

BigUint::BigUint(std::uint64_t value) {
    while (value != 0) {
        m_limbs.push_back(std::uint32_t(value));
        value >>= 32;
    }
}

void BigUint::trim() {
    while (!m_limbs.empty() && m_limbs.back() == 0) m_limbs.pop_back();
}

BigUint BigUint::fromDecimal(std::string_view digits) {
    BigUint out;
    // Nine digits at a time: 10^9 < 2^32.
    std::size_t i = 0;
    const std::size_t head = digits.size() % 9;
    auto chunk = [&](std::size_t len) {
        std::uint32_t v = 0, scale = 1;
        for (std::size_t k = 0; k < len; ++k, ++i) {
            v = v * 10 + std::uint32_t(digits[i] - '0');
            scale *= 10;
        }
        out.mulSmall(scale, v);
    };
    if (head) chunk(head);
    while (i < digits.size()) chunk(9);
    return out;
}

BigUint BigUint::pow5(int n) {
    // Repeated multiplication by 5^13 (the largest power of five below 2^32) costs
    // about as much as squaring with schoolbook products, and is simpler.
    BigUint result(1);
    for (; n >= 13; n -= 13) result.mulSmall(1220703125u);
    std::uint32_t rest = 1;
    for (; n > 0; --n) rest *= 5;
    return result.mulSmall(rest);
}

int BigUint::bitLength() const {
    if (m_limbs.empty()) return 0;
    return int(m_limbs.size() - 1) * 32 + (32 - std::countl_zero(m_limbs.back()));
}

std::uint64_t BigUint::low64() const {
    std::uint64_t v = 0;
    if (m_limbs.size() > 0) v = m_limbs[0];
    if (m_limbs.size() > 1) v |= std::uint64_t(m_limbs[1]) << 32;
    return v;
}

bool BigUint::anyBitBelow(int bit) const {
    const std::size_t whole = std::size_t(std::max(bit, 0)) / 32;
    for (std::size_t i = 0; i < whole && i < m_limbs.size(); ++i)
        if (m_limbs[i]) return true;
    const int rest = std::max(bit, 0) % 32;
    if (rest && whole < m_limbs.size()) return (m_limbs[whole] & ((std::uint32_t(1) << rest) - 1)) != 0;
    return false;
}

BigUint& BigUint::operator<<=(int bits) {
    if (isZero() || bits <= 0) return bits < 0 ? (*this >>= -bits) : *this;
    const std::size_t limbShift = std::size_t(bits) / 32;
    const int bitShift = bits % 32;
    m_limbs.insert(m_limbs.begin(), limbShift, 0);
    if (bitShift) {
        std::uint32_t carry = 0;
        for (std::size_t i = limbShift; i < m_limbs.size(); ++i) {
            const std::uint32_t v = m_limbs[i];
            m_limbs[i] = (v << bitShift) | carry;
            carry = v >> (32 - bitShift);
        }
        if (carry) m_limbs.push_back(carry);
    }
    return *this;
}

BigUint& BigUint::operator>>=(int bits) {
    if (bits <= 0) return bits < 0 ? (*this <<= -bits) : *this;
    const std::size_t limbShift = std::size_t(bits) / 32;
    const int bitShift = bits % 32;
    if (limbShift >= m_limbs.size()) {
        m_limbs.clear();
        return *this;
    }
    m_limbs.erase(m_limbs.begin(), m_limbs.begin() + std::ptrdiff_t(limbShift));
    if (bitShift) {
        for (std::size_t i = 0; i < m_limbs.size(); ++i) {
            const std::uint32_t hi = i + 1 < m_limbs.size() ? m_limbs[i + 1] : 0;
            m_limbs[i] = (m_limbs[i] >> bitShift) | (hi << (32 - bitShift));
        }
    }
    trim();
    return *this;
}

BigUint& BigUint::operator+=(const BigUint& other) {
    if (m_limbs.size() < other.m_limbs.size()) m_limbs.resize(other.m_limbs.size(), 0);
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < m_limbs.size(); ++i) {
        const std::uint64_t sum = std::uint64_t(m_limbs[i]) + (i < other.m_limbs.size() ? other.m_limbs[i] : 0) + carry;
        m_limbs[i] = std::uint32_t(sum);
        carry = sum >> 32;
        if (!carry && i >= other.m_limbs.size()) break;
    }
    if (carry) m_limbs.push_back(std::uint32_t(carry));
    return *this;
}

BigUint& BigUint::operator-=(const BigUint& other) {
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < m_limbs.size(); ++i) {
        std::int64_t diff = std::int64_t(m_limbs[i]) - (i < other.m_limbs.size() ? other.m_limbs[i] : 0) - borrow;
        borrow = diff < 0 ? 1 : 0;
        m_limbs[i] = std::uint32_t(diff + (borrow << 32));
        if (!borrow && i >= other.m_limbs.size()) break;
    }
    trim();
    return *this;
}

BigUint& BigUint::mulSmall(std::uint32_t factor, std::uint32_t addend) {
    std::uint64_t carry = addend;
    for (std::uint32_t& limb : m_limbs) {
        const std::uint64_t v = std::uint64_t(limb) * factor + carry;
        limb = std::uint32_t(v);
        carry = v >> 32;
    }
    if (carry) m_limbs.push_back(std::uint32_t(carry));
    trim();
    return *this;
}

std::uint32_t BigUint::divSmall(std::uint32_t divisor) {
    std::uint64_t rem = 0;
    for (std::size_t i = m_limbs.size(); i-- > 0;) {
        const std::uint64_t cur = (rem << 32) | m_limbs[i];
        m_limbs[i] = std::uint32_t(cur / divisor);
        rem = cur % divisor;
    }
    trim();
    return std::uint32_t(rem);
}

BigUint operator*(const BigUint& a, const BigUint& b) {
    BigUint out;
    if (a.isZero() || b.isZero()) return out;
    out.m_limbs.assign(a.m_limbs.size() + b.m_limbs.size(), 0);
    for (std::size_t i = 0; i < a.m_limbs.size(); ++i) {
        std::uint64_t carry = 0;
        const std::uint64_t ai = a.m_limbs[i];
        for (std::size_t j = 0; j < b.m_limbs.size(); ++j) {
            const std::uint64_t v = ai * b.m_limbs[j] + out.m_limbs[i + j] + carry;
            out.m_limbs[i + j] = std::uint32_t(v);
            carry = v >> 32;
        }
        out.m_limbs[i + b.m_limbs.size()] = std::uint32_t(carry);
    }
    out.trim();
    return out;
}

std::strong_ordering operator<=>(const BigUint& a, const BigUint& b) {
    if (a.m_limbs.size() != b.m_limbs.size()) return a.m_limbs.size() <=> b.m_limbs.size();
    for (std::size_t i = a.m_limbs.size(); i-- > 0;)
        if (a.m_limbs[i] != b.m_limbs[i]) return a.m_limbs[i] <=> b.m_limbs[i];
    return std::strong_ordering::equal;
}

BigUint::DivMod BigUint::divMod(const BigUint& a, const BigUint& b) {
    DivMod out;
    out.remainder = a;
    if (a < b) return out;
    const int shift = a.bitLength() - b.bitLength();
    BigUint d = b << shift;
    out.quotient.m_limbs.assign(std::size_t(shift) / 32 + 1, 0);
    for (int i = shift; i >= 0; --i) {
        if (out.remainder >= d) {
            out.remainder -= d;
            out.quotient.m_limbs[std::size_t(i) / 32] |= std::uint32_t(1) << (i % 32);
        }
        d >>= 1;
    }
    out.quotient.trim();
    return out;
}

std::string BigUint::toDecimal() const {
    if (isZero()) return "0";
    BigUint v = *this;
    std::string out;
    while (!v.isZero()) {
        std::uint32_t chunk = v.divSmall(1000000000u);
        for (int k = 0; k < 9; ++k) {
            out.push_back(char('0' + chunk % 10));
            chunk /= 10;
            if (v.isZero() && chunk == 0) break;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

} // namespace fplab::text
