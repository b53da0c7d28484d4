#include "core/integer.h"

#include "core/classify.h"
#include "core/detail/wide.h"
#include "core/ops/round_integral.h"

#include <bit>

namespace fplab {

namespace {
using detail::i128;

std::uint64_t clampBits(const IntFormat& t, bool negative) {
    return negative ? std::uint64_t(t.minValue()) & t.mask() : t.maxValue();
}

bool inRange(const IntFormat& t, i128 v) { return v >= i128(t.minValue()) && v <= i128(t.maxValue()); }

Result fromWide(const IntFormat& t, i128 v, Overflow overflow) {
    if (inRange(t, v)) return {std::uint64_t(v) & t.mask(), 0};
    if (overflow == Overflow::Saturate) return {clampBits(t, v < 0), kOverflow};
    return {std::uint64_t(v) & t.mask(), kOverflow};
}
} // namespace

std::optional<IntFormat> findIntFormat(std::string_view name) {
    for (const IntFormat* t : kIntFormats)
        if (t->name == name) return *t;
    return std::nullopt;
}

std::int64_t intValue(const IntFormat& t, std::uint64_t bits) {
    bits &= t.mask();
    if (!t.isSigned || t.bits == 64) return std::int64_t(bits);
    const std::uint64_t signBit = std::uint64_t{1} << (t.bits - 1);
    return std::int64_t((bits ^ signBit) - signBit);
}

Result floatToInt(const Format& from, std::uint64_t bits, const IntFormat& to, Overflow overflow, const Env& env) {
    const Unpacked u = unpack(from, bits);
    if (isNan(u.cls)) return {0, kInvalid};
    if (u.cls == FloatClass::Infinity) return {overflow == Overflow::Saturate ? clampBits(to, u.sign) : 0, kInvalid};
    if (u.cls == FloatClass::Zero) return {0, 0};
    const int lz = std::countl_zero(u.significand);
    const detail::IntegerPart ip = detail::roundToInteger(u.sign, u.exponent, u.significand << lz, env);
    if (!ip.huge) {
        const i128 v = u.sign ? -i128(ip.magnitude) : i128(ip.magnitude);
        if (inRange(to, v)) return {std::uint64_t(v) & to.mask(), Flags(ip.inexact ? kInexact : 0)};
        if (overflow == Overflow::Saturate) return {clampBits(to, u.sign), kInvalid};
        return {std::uint64_t(v) & to.mask(), kInvalid};
    }
    if (overflow == Overflow::Saturate) return {clampBits(to, u.sign), kInvalid};
    // Wrap: the integer is significand * 2^(exponent - M), a multiple of 2^64 once the shift reaches 64.
    const int shift = u.exponent - from.mantissaBits;
    const std::uint64_t low = shift >= 64 ? 0 : u.significand << shift;
    return {(u.sign ? std::uint64_t(0) - low : low) & to.mask(), kInvalid};
}

Result intToFloat(const IntFormat& from, std::uint64_t bits, const Format& to, const Env& env) {
    const std::int64_t v = intValue(from, bits);
    const bool negative = from.isSigned && v < 0;
    const std::uint64_t magnitude = negative ? std::uint64_t(0) - std::uint64_t(v) : (bits & from.mask());
    if (magnitude == 0) return detail::zeroResult(to, false);
    const int lz = std::countl_zero(magnitude);
    return detail::roundPack(to, negative, 63 - lz, magnitude << lz, env);
}

Result intAdd(const IntFormat& t, std::uint64_t a, std::uint64_t b, Overflow overflow) {
    return fromWide(t, i128(intValue(t, a)) + i128(intValue(t, b)), overflow);
}
Result intSub(const IntFormat& t, std::uint64_t a, std::uint64_t b, Overflow overflow) {
    return fromWide(t, i128(intValue(t, a)) - i128(intValue(t, b)), overflow);
}
Result intMul(const IntFormat& t, std::uint64_t a, std::uint64_t b, Overflow overflow) {
    return fromWide(t, i128(intValue(t, a)) * i128(intValue(t, b)), overflow);
}

} // namespace fplab
