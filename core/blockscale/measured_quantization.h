// One quantization as the front ends ask for it: a recipe, optionally through the random Hadamard transform
// (hadamard.h), giving the codes and scales that were stored and their cost measured against the input.
#pragma once

#include "core/blockscale/quantizer.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fplab::blockscale {

struct MeasuredQuantization {
    std::optional<Quantized> quantized; // codes and scales (of the transformed tensor when a seed is given)
    Report report;                      // dequantized values and errors in the input's domain (after the inverse)
    std::string error;                  // why nothing was quantized (a shape the transform cannot take, a NaN...)
};

// A tensor as the quantizer sees it: the input itself, or (with a seed) its random Hadamard transform, computed
// once for every recipe measured on it. The data must outlive it.
class QuantizerInput {
public:
    QuantizerInput(std::span<const float> data, Shape shape, std::optional<std::uint64_t> hadamardSeed);
    // quantize() and analyse(), or through the transform: quantize() of the transform and analyseThroughHadamard().
    MeasuredQuantization measure(const Recipe& recipe) const;

private:
    std::span<const float> m_data;
    Shape m_shape;
    std::optional<std::uint64_t> m_seed;
    std::optional<std::string> m_shapeError; // the transform cannot take the shape
    std::vector<float> m_transformed;
};

inline MeasuredQuantization quantizeAndMeasure(const Recipe& recipe, std::span<const float> data, Shape shape,
                                               std::optional<std::uint64_t> hadamardSeed = std::nullopt) {
    return QuantizerInput(data, shape, hadamardSeed).measure(recipe);
}

} // namespace fplab::blockscale
