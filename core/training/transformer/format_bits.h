// Floats to and from the bits of the formats the transformer computes in (fp32, fp16, bf16).
#pragma once

#include "core/fast.h"
#include "core/format.h"
#include "core/result.h"

#include <bit>
#include <cstdint>

namespace fplab::training {

// A float's value rounded to `f`, as bits of `f`, with the rounding's flags.
inline Result roundToFormat(FormatId f, float x) {
    const std::uint64_t bits = std::bit_cast<std::uint32_t>(x);
    switch (f) {
    case FormatId::Fp16: return fast::convert<kFp32, kFp16>(bits);
    case FormatId::Bf16: return fast::convert<kFp32, kBf16>(bits);
    default: return {bits, 0};
    }
}

// Bits of `f` as the (exact) float.
inline float floatOf(FormatId f, std::uint64_t bits) {
    switch (f) {
    case FormatId::Fp16: bits = fast::convert<kFp16, kFp32>(bits).bits; break;
    case FormatId::Bf16: bits = fast::convert<kBf16, kFp32>(bits).bits; break;
    default: break;
    }
    return std::bit_cast<float>(std::uint32_t(bits));
}

} // namespace fplab::training
