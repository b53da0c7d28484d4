// NaN conventions of x86 SSE/AVX (and F16C), the default for FP Lab's IEEE formats.
// Kept in one place, like SoftFloat's specialize.h, so another platform's rules could replace it.
#pragma once

#include "core/classify.h"
#include "core/flags.h"
#include "core/format.h"

#include <cstdint>

namespace fplab::platform {

// x86's "QNaN floating-point indefinite": sign set, quiet bit set, payload zero.
// Formats with a single NaN encoding use that one; FP6/FP4 have none and get +0.
constexpr std::uint64_t defaultNan(const Format& f) {
    switch (f.specials) {
    case SpecialValues::Ieee:
        return packFields(f, true, std::uint64_t(f.maxExponentField()), std::uint64_t{1} << (f.mantissaBits - 1));
    case SpecialValues::FiniteWithNan: return f.magnitudeMask();
    case SpecialValues::Fnuz: return f.signMask();
    case SpecialValues::FiniteOnly: return 0;
    }
    return 0;
}

constexpr std::uint64_t quietNan(const Format& f, std::uint64_t bits) {
    if (f.specials != SpecialValues::Ieee) return bits;
    return bits | (std::uint64_t{1} << (f.mantissaBits - 1));
}

// SSE rule for two operands: a signalling NaN raises invalid; the result is the
// first operand if it is a NaN, else the second, made quiet.
constexpr std::uint64_t propagateNan(const Format& f, std::uint64_t a, std::uint64_t b, Flags& flags) {
    const FloatClass ca = classify(f, a), cb = classify(f, b);
    if (ca == FloatClass::SignalingNaN || cb == FloatClass::SignalingNaN) flags |= kInvalid;
    return quietNan(f, isNan(ca) ? a : b);
}

// A NaN converted to another format keeps its sign and the top bits of its payload, made quiet.
constexpr std::uint64_t convertNan(const Format& from, std::uint64_t bits, const Format& to) {
    if (to.specials == SpecialValues::FiniteOnly) return 0;
    if (to.specials == SpecialValues::Fnuz) return to.signMask();
    if (to.specials == SpecialValues::FiniteWithNan)
        return to.magnitudeMask() | (signOf(from, bits) && to.hasSign ? to.signMask() : 0);
    std::uint64_t payload = from.specials == SpecialValues::Ieee ? mantissaFieldOf(from, bits) : 0;
    payload = to.mantissaBits >= from.mantissaBits ? payload << (to.mantissaBits - from.mantissaBits)
                                                   : payload >> (from.mantissaBits - to.mantissaBits);
    return quietNan(
        to, packFields(to, signOf(from, bits), std::uint64_t(to.maxExponentField()), payload & to.mantissaMask()));
}

} // namespace fplab::platform
