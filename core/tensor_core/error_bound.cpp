#include "core/tensor_core/error_bound.h"

#include <cmath>

namespace fplab::tc {

double chainErrorBound(const BlockModel& model, int k, int blockK, double absSum) {
    const int n = blockK > 0 ? blockK : model.blockSize;
    const int blocks = (k + n - 1) / n;
    const int precision = model.roundFormat.precision(); // significand bits including the hidden one
    const double u = std::ldexp(1.0, model.finalRounding == RoundingMode::NearestEven ? -precision : 1 - precision);
    const double perBlock = double(n + 1) * std::ldexp(1.0, -model.fractionBits) + u;
    // The output's subnormal grid (2^-149 for FP32) adds at most one spacing per rounding.
    const double grid = std::ldexp(1.0, model.roundFormat.minExponent() - model.roundFormat.mantissaBits);
    return double(blocks) * (perBlock * absSum * (1 + std::ldexp(1.0, -10)) + grid);
}

} // namespace fplab::tc
