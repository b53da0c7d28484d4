#include "core/values.h"

#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/platform/x86_nan.h"

#include <bit>

namespace fplab {
namespace {

// Magnitude bits of the smallest positive value.
std::uint64_t minPositiveMagnitude(const Format& f) { return minPositiveBits(f); }

} // namespace

std::uint64_t nextUp(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (isNan(c)) return platform::quietNan(f, bits);
    const bool sign = signOf(f, bits);
    if (c == FloatClass::Infinity) return sign ? maxFiniteBits(f, true) : bits;
    if (c == FloatClass::Zero) return minPositiveBits(f);
    const std::uint64_t mag = bits & f.magnitudeMask();
    if (!sign) {
        if (mag == f.maxFiniteMagnitude()) return f.hasInfinity() ? infinityBits(f, false) : bits;
        return mag + 1;
    }
    if (mag == minPositiveMagnitude(f)) return f.hasNegativeZero() ? f.signMask() : 0;
    return f.signMask() | (mag - 1);
}

std::uint64_t nextDown(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (isNan(c)) return platform::quietNan(f, bits);
    const bool sign = signOf(f, bits);
    if (c == FloatClass::Infinity) return sign ? bits : maxFiniteBits(f, false);
    if (c == FloatClass::Zero) return f.hasSign ? (minPositiveBits(f) | f.signMask()) : bits;
    const std::uint64_t mag = bits & f.magnitudeMask();
    if (!sign) {
        if (mag == minPositiveMagnitude(f)) return f.hasZero ? 0 : bits;
        return mag - 1;
    }
    if (mag == f.maxFiniteMagnitude()) return f.hasInfinity() ? infinityBits(f, true) : bits;
    return f.signMask() | (mag + 1);
}

std::optional<int> ulpExponent(const Format& f, std::uint64_t bits) {
    const FloatClass c = classify(f, bits);
    if (!isFinite(c)) return std::nullopt;
    if (c != FloatClass::Normal) return f.minExponent() - f.mantissaBits;
    return exponentFieldOf(f, bits) - f.bias - f.mantissaBits;
}

double toDouble(const Format& f, std::uint64_t bits) { return std::bit_cast<double>(convert(f, bits, kFp64).bits); }

} // namespace fplab
