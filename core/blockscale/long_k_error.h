// The long-K experiment: one FP8 GEMM (E4M3, per-tensor scales) of a given depth k accumulated on
// the Hopper tensor-core model with and without FP32 promotion, each held against the exact sum of
// the same dequantised products (so only the accumulation differs) and against FP64 of the
// unquantised inputs (quantisation plus accumulation).
#pragma once

#include <cstdint>
#include <string>

namespace fplab::blockscale {

struct LongKSettings {
    int k = 4096;
    int m = 8; // output rows and columns: m x n cells
    int n = 8;
    int promoteEvery = 128; // for the promoted run (the other never promotes)
    std::uint64_t seed = 1;
};
// Empty when usable, otherwise what is wrong.
std::string checkLongKSettings(const LongKSettings& s);

struct AccumulationError {
    double maxRelative = 0; // over the cells, |D - exact| / |exact|
    double meanRelative = 0;
};

struct LongKError {
    AccumulationError unpromoted;   // whole k in the tensor core
    AccumulationError promoted;     // promoted every promoteEvery products
    AccumulationError fp32;         // a plain FP32 loop over the same products
    AccumulationError quantization; // exact dequantised sum against FP64 of the inputs
    double ratio() const { return promoted.meanRelative > 0 ? unpromoted.meanRelative / promoted.meanRelative : 0; }
};

// Inputs: a and b uniform in [0, 1) from the seed (positive products: every truncation of the
// accumulator goes the same way, the case DeepSeek-V3 guards against). Throws std::invalid_argument
// for settings checkLongKSettings refuses.
LongKError measureLongKError(const LongKSettings& s);

} // namespace fplab::blockscale
