// Quantising a float tensor to INT8 and back: symmetric (absmax) and asymmetric
// (scale and zero point), computed in FP32 as PyTorch does.
#pragma once

#include "core/format.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fplab {

enum class QuantScheme : std::uint8_t { SymmetricAbsmax, AsymmetricMinMax };

struct QuantParams {
    QuantScheme scheme = QuantScheme::SymmetricAbsmax;
    float scale = 1.0f; // value = (q - zeroPoint) * scale
    int zeroPoint = 0;  // 0 for symmetric
};

// Picks scale (and zero point) for the data: absmax/127, or (max - min)/255 with min mapped to -128.
QuantParams chooseQuantParams(std::span<const float> data, QuantScheme scheme);
// q = clamp(round_half_even(x / scale) + zeroPoint, -128, 127) (symmetric clamps to -127..127).
std::vector<std::int8_t> quantize(std::span<const float> data, const QuantParams& p);
std::vector<float> dequantize(std::span<const std::int8_t> q, const QuantParams& p);

} // namespace fplab
