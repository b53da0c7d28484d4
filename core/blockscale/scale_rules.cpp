#include "core/blockscale/scale_rules.h"

#include "core/fast.h"

#include <algorithm>
#include <bit>

namespace fplab::blockscale {
namespace {
constexpr std::uint32_t kFp32One = 0x3F800000;
constexpr std::uint32_t kFp32_2688 = 0x45280000; // 448 * 6
constexpr std::uint32_t kFp32_448 = 0x43E00000;
constexpr std::uint64_t kFp64_6 = 0x4018000000000000;

std::uint64_t toFp64(std::uint32_t fp32Bits) { return fast::convert<kFp32, kFp64>(fp32Bits).bits; }
} // namespace

int mxSharedExponent(std::uint32_t amaxBits, int emaxElement) {
    if (amaxBits == 0) return -127;
    const int field = static_cast<int>(amaxBits >> 23);
    const std::uint32_t fraction = amaxBits & 0x7FFFFF;
    const int floorLog2 = field != 0 ? field - 127 : static_cast<int>(std::bit_width(fraction)) - 1 - 149;
    return std::clamp(floorLog2 - emaxElement, -127, 127);
}

std::uint32_t nvfp4GlobalScale(std::uint32_t amaxTensorBits) {
    if (amaxTensorBits == 0) return kFp32One;
    return static_cast<std::uint32_t>(fast::div<kFp32>(amaxTensorBits, kFp32_2688).bits);
}

std::uint8_t nvfp4BlockScale(std::uint32_t amaxBlockBits, std::uint32_t globalScaleBits) {
    // 6 * globalScale is exact in FP64; rounding the quotient to odd there, then to E4M3, rounds once.
    const std::uint64_t denominator = fast::mul<kFp64>(kFp64_6, toFp64(globalScaleBits)).bits;
    const std::uint64_t quotient =
        fast::div<kFp64>(toFp64(amaxBlockBits), denominator, Env{.rounding = RoundingMode::ToOdd}).bits;
    return static_cast<std::uint8_t>(fast::convert<kFp64, kE4m3>(quotient, Env{.saturate = true}).bits);
}

std::uint32_t fp8AmaxScale(std::uint32_t amaxBits) {
    if (amaxBits == 0) return kFp32One;
    return static_cast<std::uint32_t>(fast::div<kFp32>(amaxBits, kFp32_448).bits);
}

} // namespace fplab::blockscale
