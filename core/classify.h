// Reading an encoding: its fields, its class, and its value as sign, exponent and significand.
#pragma once

#include "core/format.h"

#include <bit>
#include <cstdint>
#include <string_view>

namespace fplab {

enum class FloatClass : std::uint8_t { Zero, Subnormal, Normal, Infinity, QuietNaN, SignalingNaN };

std::string_view className(FloatClass c);

constexpr bool signOf(const Format& f, std::uint64_t bits) {
    return f.hasSign && ((bits >> (f.exponentBits + f.mantissaBits)) & 1);
}
constexpr int exponentFieldOf(const Format& f, std::uint64_t bits) {
    return int((bits >> f.mantissaBits) & std::uint64_t(f.maxExponentField()));
}
constexpr std::uint64_t mantissaFieldOf(const Format& f, std::uint64_t bits) { return bits & f.mantissaMask(); }
constexpr std::uint64_t packFields(const Format& f, bool sign, std::uint64_t exponentField, std::uint64_t mantissa) {
    return (sign && f.hasSign ? f.signMask() : 0) | (exponentField << f.mantissaBits) | mantissa;
}

constexpr FloatClass classify(const Format& f, std::uint64_t bits) {
    const int e = exponentFieldOf(f, bits);
    const std::uint64_t m = mantissaFieldOf(f, bits);
    switch (f.specials) {
    case SpecialValues::Ieee:
        if (e == f.maxExponentField()) {
            if (m == 0) return FloatClass::Infinity;
            return (m >> (f.mantissaBits - 1)) & 1 ? FloatClass::QuietNaN : FloatClass::SignalingNaN;
        }
        break;
    case SpecialValues::FiniteWithNan:
        if ((bits & f.magnitudeMask()) == f.magnitudeMask()) return FloatClass::QuietNaN;
        break;
    case SpecialValues::Fnuz:
        if ((bits & f.bitMask()) == f.signMask()) return FloatClass::QuietNaN;
        break;
    case SpecialValues::FiniteOnly: break;
    }
    if (e == 0 && f.hasZero) {
        if (m == 0 || !f.subnormals) return FloatClass::Zero;
        return FloatClass::Subnormal;
    }
    return FloatClass::Normal;
}

constexpr bool isNan(FloatClass c) { return c == FloatClass::QuietNaN || c == FloatClass::SignalingNaN; }
constexpr bool isFinite(FloatClass c) {
    return c == FloatClass::Zero || c == FloatClass::Subnormal || c == FloatClass::Normal;
}

// A value split for arithmetic. For finite nonzero values the significand is
// normalised to [2^M, 2^(M+1)) (M = mantissa bits) and the value is
// (-1)^sign * significand * 2^(exponent - M); subnormals get exponents below minExponent().
struct Unpacked {
    bool sign = false;
    FloatClass cls = FloatClass::Zero;
    int exponent = 0;
    std::uint64_t significand = 0;
};

constexpr Unpacked unpack(const Format& f, std::uint64_t bits) {
    Unpacked u;
    u.sign = signOf(f, bits);
    u.cls = classify(f, bits);
    if (u.cls != FloatClass::Normal && u.cls != FloatClass::Subnormal) return u;
    const int e = exponentFieldOf(f, bits);
    const std::uint64_t m = mantissaFieldOf(f, bits);
    if (u.cls == FloatClass::Normal) {
        u.exponent = e - f.bias;
        u.significand = m | (std::uint64_t{1} << f.mantissaBits);
    } else {
        // Subnormal: value = m * 2^(minExponent - M); shift m up to the normal position.
        const int shift = std::countl_zero(m) - (63 - f.mantissaBits);
        u.significand = m << shift;
        u.exponent = f.minExponent() - shift;
    }
    return u;
}

// Encodings worth naming.
constexpr std::uint64_t positiveZeroBits(const Format&) { return 0; }
constexpr std::uint64_t maxFiniteBits(const Format& f, bool negative = false) {
    return f.maxFiniteMagnitude() | (negative ? f.signMask() : 0);
}
constexpr std::uint64_t infinityBits(const Format& f, bool negative = false) {
    return packFields(f, negative, std::uint64_t(f.maxExponentField()), 0);
}
constexpr std::uint64_t minNormalBits(const Format& f) {
    return std::uint64_t(f.minNormalExponentField()) << f.mantissaBits;
}
constexpr std::uint64_t minPositiveBits(const Format& f) { return f.subnormals ? 1 : minNormalBits(f); }

} // namespace fplab
