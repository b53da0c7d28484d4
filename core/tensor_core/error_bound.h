// How far a chain of the model's block FMAs can be from the exact D = C + sum a_k b_k: the bound the
// GEMM ladder's large GPU runs are checked against (tests/gpu/ladder_gpu_test.cpp), from the algorithm of
// docs/tensor-core-model.md section 1.
#pragma once

#include "core/tensor_core/mma_config.h"

namespace fplab::tc {

// Each block of n products and the running D cuts n + 1 terms toward zero, F fraction bits below 2^E
// (each term loses less than 2^(E-F), and 2^E is at most the largest term's magnitude with inputs below
// the format's smallest normal counted as 2^emin), then rounds once to the output (relative error u:
// 2^-23 for RZ to FP32, 2^-24 for RNE). The D carried from block to block holds every earlier error, so
// over ceil(k / blockK) blocks:
//   |D - exact| <= blocks * (((n + 1) * 2^-F + u) * absSum * (1 + 2^-10) + g),
// absSum = |C| + sum over k of mag(a_k) * mag(b_k), mag(x) = max(|x|, 2^emin of the input format); the
// last factor covers the second-order growth of the terms by earlier errors (at most 2^-10 relative for
// k <= 2^20) and g, the output's smallest subnormal (2^-149 for FP32), the most a rounding onto the
// subnormal grid adds. For finite results of floating-point models with a fixed output format (not integer ones).
double chainErrorBound(const BlockModel& model, int k, int blockK, double absSum);

} // namespace fplab::tc
