#include "core/blockscale/byte_cast.h"

#include "core/arithmetic.h"

#include <bit>
#include <cmath>

namespace fplab::blockscale {
namespace {

const Format& formatOf(Fp8Element e) { return e == Fp8Element::E4m3 ? kE4m3 : kE5m2; }

double valueOf(const Format& f, std::uint64_t bits) { return std::bit_cast<double>(convert(f, bits, kFp64).bits); }
double largest(const Format& f) { return valueOf(f, f.maxFiniteMagnitude()); }

} // namespace

Fp8Byte castFp32ToFp8(std::uint32_t fp32Bits, Fp8Element e, Fp8Overflow overflow) {
    const Format& f = formatOf(e);
    const std::uint64_t special = convert(kFp32, fp32Bits, f).bits;
    Fp8Byte b;
    b.byte = static_cast<std::uint8_t>(
        overflow == Fp8Overflow::Special ? special : convert(kFp32, fp32Bits, f, Env{.saturate = true}).bits);
    b.value = valueOf(f, b.byte);
    const float x = std::bit_cast<float>(fp32Bits);
    if (std::isnan(x)) return b;
    const bool overflows = !std::isfinite(valueOf(f, special)) && std::isfinite(x);
    b.nanByte = overflows && overflow == Fp8Overflow::Special && std::isnan(b.value);
    b.infinityByte = overflows && overflow == Fp8Overflow::Special && std::isinf(b.value);
    b.saturated = overflows && overflow == Fp8Overflow::Saturate;
    // A tie: |x| halfway between its neighbours below and above, each exact in double; above the largest
    // finite value the neighbour is the next step the format does not have (480 for E4M3).
    const std::uint32_t magnitude = fp32Bits & 0x7FFFFFFF;
    const double below = valueOf(f, convert(kFp32, magnitude, f, Env{.rounding = RoundingMode::TowardZero}).bits);
    double above = valueOf(f, convert(kFp32, magnitude, f, Env{.rounding = RoundingMode::TowardPositive}).bits);
    if (!std::isfinite(above)) above = largest(f) + std::ldexp(1.0, f.maxExponent() - f.mantissaBits);
    b.tie = below != above && std::isfinite(x) && 2 * std::fabs(static_cast<double>(x)) == below + above;
    return b;
}

ByteReading readScaleByte(std::uint8_t byte, ScaleByteFormat f) {
    switch (f) {
    case ScaleByteFormat::E8m0: return {valueOf(kE8m0, byte), true};
    case ScaleByteFormat::Ue4m3:
        if ((byte & 0x80) != 0) return {valueOf(kE4m3, byte), false};
        return {valueOf(kE4m3, byte), true};
    case ScaleByteFormat::E4m3: return {valueOf(kE4m3, byte), true};
    }
    return {};
}

} // namespace fplab::blockscale
