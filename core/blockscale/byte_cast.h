// FP8 casts with the overflow behaviour as a choice, and what each byte became; and "read these bytes as":
// one scale byte as E8M0, UE4M3 and E4M3, the three scale formats of MX and NVFP4.
#pragma once

#include "core/blockscale/fp8_element.h"

#include <cstdint>

namespace fplab::blockscale {

// Saturate: above the largest finite value becomes it (Transformer Engine's casts, torch's saturating cast).
// Special: overflow becomes E4M3's NaN byte (0x7f/0xff, E4M3 has no infinity) or E5M2's infinity, as a plain
// non-saturating cast (the OCP FP8 specification's default conversion) does.
enum class Fp8Overflow : std::uint8_t { Saturate, Special };

struct Fp8Byte {
    std::uint8_t byte = 0;
    double value = 0;          // the byte's value (NaN for a NaN byte, +-inf for an infinity)
    bool nanByte = false;      // a NaN byte from a finite input (overflow under Special)
    bool infinityByte = false; // an infinity from a finite input (E5M2 overflow under Special)
    bool saturated = false;    // clamped to the largest finite value (overflow under Saturate)
    bool tie = false;          // the input lay exactly halfway between two neighbours: rounded to the even one
};

// An FP32 value rounded to nearest even into the FP8 format; a NaN input gives the NaN byte, an infinite
// one the largest finite value (Saturate) or the special (Special).
Fp8Byte castFp32ToFp8(std::uint32_t fp32Bits, Fp8Element e, Fp8Overflow overflow);

// UE4M3 is NVFP4's block-scale format: E4M3 with the sign bit always 0 (a byte with bit 7 set is not one).
enum class ScaleByteFormat : std::uint8_t { E8m0, Ue4m3, E4m3 };
inline constexpr ScaleByteFormat kScaleByteFormats[] = {ScaleByteFormat::E8m0, ScaleByteFormat::Ue4m3,
                                                        ScaleByteFormat::E4m3};

struct ByteReading {
    double value = 0;  // NaN for a NaN encoding
    bool valid = true; // false for a UE4M3 byte with the sign bit set
};
ByteReading readScaleByte(std::uint8_t byte, ScaleByteFormat f);

} // namespace fplab::blockscale
