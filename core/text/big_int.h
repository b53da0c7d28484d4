// A small arbitrary-precision unsigned integer: just enough for exact decimal
// reading and writing (schoolbook multiplication, binary long division).
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::text {

class BigUint {
public:
    BigUint() = default;
    explicit BigUint(std::uint64_t value);

    // Digits '0'..'9' only (the caller validates them).
    static BigUint fromDecimal(std::string_view digits);
    static BigUint pow5(int n);

    bool isZero() const { return m_limbs.empty(); }
    // Position of the highest set bit plus one; 0 for zero.
    int bitLength() const;
    // The lowest 64 bits.
    std::uint64_t low64() const;
    // Whether any of the bits below `bit` is set.
    bool anyBitBelow(int bit) const;

    BigUint& operator<<=(int bits);
    BigUint& operator>>=(int bits);
    BigUint& operator+=(const BigUint& other);
    // Requires *this >= other.
    BigUint& operator-=(const BigUint& other);
    BigUint& mulSmall(std::uint32_t factor, std::uint32_t addend = 0);
    // Divides in place by a small divisor (> 0) and returns the remainder.
    std::uint32_t divSmall(std::uint32_t divisor);

    friend BigUint operator*(const BigUint& a, const BigUint& b);
    friend BigUint operator<<(BigUint a, int bits) { return a <<= bits; }
    friend BigUint operator+(BigUint a, const BigUint& b) { return a += b; }
    friend BigUint operator-(BigUint a, const BigUint& b) { return a -= b; }
    friend std::strong_ordering operator<=>(const BigUint& a, const BigUint& b);
    friend bool operator==(const BigUint& a, const BigUint& b) = default;

    struct DivMod;
    // Quotient and remainder; the divisor must not be zero. Costs about
    // (bitLength(a) - bitLength(b)) passes over b, so it is meant for small quotients.
    static DivMod divMod(const BigUint& a, const BigUint& b);

    std::string toDecimal() const;

private:
    void trim();
    std::vector<std::uint32_t> m_limbs; // little-endian, no zero limb at the top
};

struct BigUint::DivMod {
    BigUint quotient;
    BigUint remainder;
};

} // namespace fplab::text
