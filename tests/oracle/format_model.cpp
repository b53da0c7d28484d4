#include "tests/oracle/format_model.h"

#include <bit>
#include <stdexcept>
#include <string>

namespace fplab::oracle {
namespace {

[[noreturn]] void oracleBug(const std::string& what) { throw std::logic_error("oracle: " + what); }

} // namespace

FormatModel::FormatModel(const Format& f)
    : format(f), exponentBits(f.exponentBits), mantissaBits(f.mantissaBits), bias(f.bias), hasSign(f.hasSign),
      subnormals(f.subnormals), hasZero(f.hasZero), specials(f.specials) {
    const int width = exponentBits + mantissaBits;
    magnitudeMask = (std::uint64_t{1} << width) - 1;
    signBit = hasSign ? std::uint64_t{1} << width : 0;
    mantissaMask = (std::uint64_t{1} << mantissaBits) - 1;
    maxField = (1 << exponentBits) - 1;
    minNormalExponent = (hasZero ? 1 : 0) - long(bias);
    // The largest finite encoding, from the definitions of each family:
    // IEEE: exponent field all ones is reserved; OCP E4M3/E8M0: only S.1111.111 (E8M0: 0xFF) is NaN;
    // fnuz and FP6/FP4: every magnitude is finite.
    int field = maxField;
    std::uint64_t mantissa = mantissaMask;
    switch (specials) {
    case SpecialValues::Ieee: field = maxField - 1; break;
    case SpecialValues::FiniteWithNan:
        if (mantissaBits == 0) field = maxField - 1;
        else mantissa = mantissaMask - 1;
        break;
    case SpecialValues::Fnuz:
    case SpecialValues::FiniteOnly: break;
    }
    maxFiniteMagnitudeBits = (std::uint64_t(field) << mantissaBits) | mantissa;
    maxFiniteSignificand = mantissa | (std::uint64_t{1} << mantissaBits);
    maxFiniteExponent = long(field) - bias - mantissaBits;
}

Decoded FormatModel::decode(std::uint64_t bits) const {
    Decoded d;
    d.negative = hasSign && (bits & signBit);
    const int field = int((bits >> mantissaBits) & std::uint64_t(maxField));
    const std::uint64_t mantissa = bits & mantissaMask;
    switch (specials) {
    case SpecialValues::Ieee:
        if (field == maxField) {
            d.kind = mantissa == 0                          ? Kind::Infinity
                     : (mantissa >> (mantissaBits - 1)) & 1 ? Kind::QuietNan
                                                            : Kind::SignalingNan;
            return d;
        }
        break;
    case SpecialValues::FiniteWithNan:
        if ((bits & magnitudeMask) == magnitudeMask) {
            d.kind = Kind::QuietNan;
            return d;
        }
        break;
    case SpecialValues::Fnuz:
        if (bits == signBit) {
            d.kind = Kind::QuietNan;
            return d;
        }
        break;
    case SpecialValues::FiniteOnly: break;
    }
    if (hasZero && field == 0) {
        // Without subnormals the field-0 encodings read as zero (denormals-are-zero).
        if (mantissa == 0 || !subnormals) {
            d.kind = Kind::Zero;
            return d;
        }
        d.kind = Kind::Finite;
        d.significand = mantissa;
        d.exponent = minNormalExponent - mantissaBits;
        return d;
    }
    d.kind = Kind::Finite;
    d.significand = mantissa | (std::uint64_t{1} << mantissaBits);
    d.exponent = long(field) - bias - mantissaBits;
    return d;
}

std::uint64_t FormatModel::zero(bool negative) const {
    if (!hasZero) oracleBug("format has no zero");
    return negative && hasNegativeZero() ? signBit : 0;
}

std::uint64_t FormatModel::encode(bool negative, std::uint64_t significand, long exponent) const {
    if (significand == 0) return zero(negative);
    if (negative && !hasSign) oracleBug("negative value in an unsigned format");
    const long top = exponent + (63 - std::countl_zero(significand)); // floor(log2(value))
    long field;
    long lsbExponent; // exponent of the encoding's last mantissa bit
    if (top >= minNormalExponent) {
        field = top + bias;
        lsbExponent = top - mantissaBits;
    } else {
        if (!hasZero || !subnormals) oracleBug("subnormal value in a format without subnormals");
        field = 0;
        lsbExponent = minNormalExponent - mantissaBits;
    }
    const long shift = exponent - lsbExponent;
    std::uint64_t full;
    if (shift >= 0) {
        if (shift >= 64 || (significand << shift) >> shift != significand) oracleBug("encode: shift overflow");
        full = significand << shift;
    } else {
        if (-shift >= 64 || (significand & ((std::uint64_t{1} << -shift) - 1)) != 0)
            oracleBug("encode: value is not on the format's grid");
        full = significand >> -shift;
    }
    const std::uint64_t mantissa = field == 0 && top < minNormalExponent ? full
                                                                         : full - (std::uint64_t{1} << mantissaBits);
    if (mantissa > mantissaMask || field > maxField) oracleBug("encode: fields out of range");
    const std::uint64_t magnitude = (std::uint64_t(field) << mantissaBits) | mantissa;
    if (magnitude > maxFiniteMagnitudeBits) oracleBug("encode: above the largest finite value");
    return magnitude | (negative ? signBit : 0);
}

std::uint64_t FormatModel::infinity(bool negative) const {
    if (!hasInfinity()) oracleBug("format has no infinity");
    return (std::uint64_t(maxField) << mantissaBits) | (negative ? signBit : 0);
}

std::uint64_t FormatModel::maxFinite(bool negative) const { return maxFiniteMagnitudeBits | (negative ? signBit : 0); }

std::uint64_t FormatModel::minNormal(bool negative) const {
    return (std::uint64_t(hasZero ? 1 : 0) << mantissaBits) | (negative ? signBit : 0);
}

std::uint64_t FormatModel::defaultNan() const {
    switch (specials) {
    case SpecialValues::Ieee: // x86 "QNaN floating-point indefinite": sign set, quiet bit set
        return signBit | (std::uint64_t(maxField) << mantissaBits) | (std::uint64_t{1} << (mantissaBits - 1));
    case SpecialValues::FiniteWithNan: return magnitudeMask;
    case SpecialValues::Fnuz: return signBit;
    case SpecialValues::FiniteOnly: return 0; // no NaN encoding: +0 stands in, with invalid raised
    }
    return 0;
}

std::uint64_t FormatModel::quiet(std::uint64_t nanBits) const {
    if (specials != SpecialValues::Ieee) return nanBits;
    return nanBits | (std::uint64_t{1} << (mantissaBits - 1));
}

std::uint64_t convertNanBits(const FormatModel& from, std::uint64_t bits, const FormatModel& to) {
    const bool negative = from.hasSign && (bits & from.signBit);
    switch (to.specials) {
    case SpecialValues::FiniteOnly: return 0;
    case SpecialValues::Fnuz: return to.signBit;
    case SpecialValues::FiniteWithNan: return to.magnitudeMask | (negative ? to.signBit : 0);
    case SpecialValues::Ieee: break;
    }
    std::uint64_t payload = from.specials == SpecialValues::Ieee ? bits & from.mantissaMask : 0;
    if (to.mantissaBits >= from.mantissaBits) payload <<= (to.mantissaBits - from.mantissaBits);
    else payload >>= (from.mantissaBits - to.mantissaBits);
    const std::uint64_t quietBit = std::uint64_t{1} << (to.mantissaBits - 1);
    return (negative ? to.signBit : 0) | (std::uint64_t(to.maxField) << to.mantissaBits) | payload | quietBit;
}

} // namespace fplab::oracle
