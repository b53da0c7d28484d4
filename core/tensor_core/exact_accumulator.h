// An exact fixed-point accumulator (Kulisch style) wide enough for any sum of products of the
// tensor-core input types plus FP32/FP16 values: the reference that rounds only once.
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/rounding.h"

#include <array>
#include <cstdint>

namespace fplab::tc {

class ExactAccumulator {
public:
    // The weight of the lowest bit, and the width: 2^-320 .. 2^384, two's complement.
    // Products of bf16/tf32 subnormals reach 2^-272, their largest 2^256; FP32 spans 2^-149 .. 2^128.
    static constexpr int kLowestExponent = -320;
    static constexpr int kLimbs = 11;

    // Adds (-1)^negative * significand * 2^exponent exactly. Throws std::out_of_range if the term
    // does not fit the window (never for the formats above).
    void add(bool negative, std::uint64_t significand, int exponent);
    bool isZero() const;
    // The exact sum rounded once into `f` (any rounding mode of the core). An exact zero sum is +0
    // (-0 when rounding toward negative), as IEEE 754 gives for x - x; callers decide the sign of
    // a sum of zeros themselves.
    Result round(const Format& f, const Env& env = {}) const;

private:
    std::array<std::uint64_t, kLimbs> m_limbs{};
};

} // namespace fplab::tc
