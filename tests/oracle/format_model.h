// The oracle's own reading of a format's encodings (IEEE 754 and the OCP FP8/MX rules),
// written from the definitions and sharing no code with core/: only the fields of Format are read.
#pragma once

#include "core/format.h"

#include <cstdint>

namespace fplab::oracle {

enum class Kind : std::uint8_t { Zero, Finite, Infinity, QuietNan, SignalingNan };

// A decoded encoding. For Finite, |value| = significand * 2^exponent (significand > 0, not normalised).
struct Decoded {
    Kind kind = Kind::Zero;
    bool negative = false;
    std::uint64_t significand = 0;
    long exponent = 0;
};

// Field widths, limits and special encodings of one format.
struct FormatModel {
    explicit FormatModel(const Format& f);

    Format format;
    int exponentBits, mantissaBits, bias;
    bool hasSign, subnormals, hasZero;
    SpecialValues specials;
    std::uint64_t signBit, magnitudeMask, mantissaMask;
    int maxField;           // all-ones exponent field
    long minNormalExponent; // the smallest normal is 2^minNormalExponent
    std::uint64_t maxFiniteMagnitudeBits;
    std::uint64_t maxFiniteSignificand; // the largest finite value = maxFiniteSignificand * 2^maxFiniteExponent
    long maxFiniteExponent;

    bool hasInfinity() const { return specials == SpecialValues::Ieee; }
    bool hasNan() const { return specials != SpecialValues::FiniteOnly; }
    bool hasNegativeZero() const { return hasSign && hasZero && specials != SpecialValues::Fnuz; }
    int precision() const { return mantissaBits + 1; }

    Decoded decode(std::uint64_t bits) const;

    // Encodes sign * significand * 2^exponent, which must lie exactly on the format's grid
    // (a normal or subnormal value, not above the largest finite). Zero gives a signed zero.
    std::uint64_t encode(bool negative, std::uint64_t significand, long exponent) const;
    std::uint64_t zero(bool negative) const;
    std::uint64_t infinity(bool negative) const;
    std::uint64_t maxFinite(bool negative) const;
    std::uint64_t minNormal(bool negative) const;

    // x86 / OCP NaN conventions (the policy FP Lab documents): the default NaN of an
    // invalid operation, quieting, and what a NaN becomes in another format.
    std::uint64_t defaultNan() const;
    std::uint64_t quiet(std::uint64_t nanBits) const;
};

// A NaN of `from` converted to `to` (x86 cvtss2sd/cvtps2ph rule: keep the sign and the top of the payload, quiet).
std::uint64_t convertNanBits(const FormatModel& from, std::uint64_t bits, const FormatModel& to);

} // namespace fplab::oracle
