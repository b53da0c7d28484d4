// IEEE reference GEMMs to hold the emulated tensor core against: a sequential loop in the
// accumulator format, and the exact dot product rounded once.
#pragma once

#include "core/rounding.h"
#include "core/tensor_core/emulated_gemm.h"

#include <cstdint>
#include <span>

namespace fplab::tc {

enum class SequentialKind : std::uint8_t {
    Fma,    // d = fma(a_k, b_k, d): one rounding per k (what a CUDA-core FP32 loop with fmaf does)
    MulAdd, // d = d + round(a_k * b_k): two roundings per k
};

// d = c, then for k = 0, 1, ...: d = fma(a_k, b_k, d) or d + round(a_k * b_k), every operation
// IEEE 754 round-to-nearest-even in the accumulator format (FP32 or FP16), operands widened exactly
// to it. Same bit layout as emulateGemm; TF32 operands are converted per model.config.tf32Input
// first, so only the accumulation differs from the model. Integer models: the exact wrapped sum.
void referenceGemmSequential(const BlockModel& model, GemmShape shape, std::span<const std::uint32_t> a,
                             std::span<const std::uint32_t> b, std::span<const std::uint32_t> c,
                             std::span<std::uint32_t> d, SequentialKind kind = SequentialKind::Fma);

// d = sum_k a_k * b_k + c computed exactly (ExactAccumulator), then rounded once into the
// accumulator format with `rounding`. NaN operands, 0 * inf and inf - inf give the core's default
// NaN; a sum of zeros follows IEEE 754 (-0 only if every term is -0, or rounding down).
// Integer models: the exact sum, wrapped or clamped once per config.intOverflow.
void referenceGemmExact(const BlockModel& model, GemmShape shape, std::span<const std::uint32_t> a,
                        std::span<const std::uint32_t> b, std::span<const std::uint32_t> c, std::span<std::uint32_t> d,
                        RoundingMode rounding = RoundingMode::NearestEven);

} // namespace fplab::tc
