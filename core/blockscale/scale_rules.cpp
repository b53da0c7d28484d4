#include "core/blockscale/scale_rules.h"

#include "core/fast.h"

#include <algorithm>
#include <bit>

namespace fplab::blockscale {
namespace {
constexpr std::uint32_t kFp32One = 0x3F800000;

std::uint64_t toFp64(std::uint32_t fp32Bits) { return fast::convert<kFp32, kFp64>(fp32Bits).bits; }

// floor(log2) of a finite non-zero FP32 magnitude, and its significand as a 24-bit integer 1.f * 2^23.
int floorLog2(std::uint32_t bits) {
    const int field = static_cast<int>(bits >> 23);
    const std::uint32_t fraction = bits & 0x7FFFFF;
    return field != 0 ? field - 127 : static_cast<int>(std::bit_width(fraction)) - 1 - 149;
}
std::uint32_t significand(std::uint32_t bits) {
    const std::uint32_t fraction = bits & 0x7FFFFF;
    if ((bits >> 23) != 0) return fraction | 0x800000;
    return fraction << (24 - std::bit_width(fraction));
}
} // namespace

int mxSharedExponent(std::uint32_t amaxBits, int emaxElement) {
    if (amaxBits == 0) return -127;
    return std::clamp(floorLog2(amaxBits) - emaxElement, -127, 127);
}

// amax = a * 2^ea and max_elem = d * 2^ed with significands a, d in [1, 2): amax / max_elem lies in
// (2^(ea-ed-1), 2^(ea-ed)] when a <= d, else in (2^(ea-ed), 2^(ea-ed+1)); so the ceiling of its log2 is
// ea - ed, plus one when a > d.
int roundUpSharedExponent(std::uint32_t amaxBits, std::uint32_t elementMaxBits) {
    if (amaxBits == 0) return -127;
    const int x = floorLog2(amaxBits) - floorLog2(elementMaxBits) +
                  (significand(amaxBits) > significand(elementMaxBits) ? 1 : 0);
    return std::clamp(x, -127, 127);
}

int nearestSharedExponent(std::uint32_t amaxBits, std::uint32_t elementMaxBits) {
    if (amaxBits == 0) return -127;
    const std::uint64_t s = fast::div<kFp32>(amaxBits, elementMaxBits).bits;
    if (s == 0) return -127; // the quotient underflowed: E8M0's smallest scale
    const std::uint64_t code = fast::convert<kFp32, kE8m0>(s, Env{.saturate = true}).bits;
    return std::clamp(static_cast<int>(code) - 127, -127, 127);
}

std::uint32_t nvfp4GlobalScale(std::uint32_t amaxTensorBits, double scaleMax, double elementMax) {
    if (amaxTensorBits == 0) return kFp32One;
    const std::uint64_t divisor = std::bit_cast<std::uint64_t>(scaleMax * elementMax); // exact: small integers
    const std::uint64_t divisorFp32 = fast::convert<kFp64, kFp32>(divisor).bits;
    return static_cast<std::uint32_t>(fast::div<kFp32>(amaxTensorBits, divisorFp32).bits);
}

std::uint8_t nvfp4BlockScale(std::uint32_t amaxBlockBits, std::uint32_t globalScaleBits, double elementMax) {
    // elementMax * globalScale is exact in FP64; rounding the quotient to odd there, then to E4M3, rounds once.
    const std::uint64_t denominator =
        fast::mul<kFp64>(std::bit_cast<std::uint64_t>(elementMax), toFp64(globalScaleBits)).bits;
    const std::uint64_t quotient =
        fast::div<kFp64>(toFp64(amaxBlockBits), denominator, Env{.rounding = RoundingMode::ToOdd}).bits;
    return static_cast<std::uint8_t>(fast::convert<kFp64, kE4m3>(quotient, Env{.saturate = true}).bits);
}

std::uint32_t fp32AmaxScale(std::uint32_t amaxBits, std::uint32_t elementMaxBits) {
    if (amaxBits == 0) return kFp32One;
    return static_cast<std::uint32_t>(fast::div<kFp32>(amaxBits, elementMaxBits).bits);
}

} // namespace fplab::blockscale
