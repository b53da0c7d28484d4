// The three matrix products of a linear layer's forward and backward, row-major, each
// output summed in float with k ascending (the same order in every mode, so a run with
// FP16/BF16/TF32 inputs, whose products are exact in float, accumulates exactly as FP32 would).
// With a stop request, the products ask it before every block of kRowsPerStopCheck output rows
// (step_interrupt.h) and throw StepInterrupted when it says stop.
#pragma once

#include "core/training/step_interrupt.h"

namespace fplab::training {

inline constexpr int kRowsPerStopCheck = 8;

// c[m x n] = a[m x k] * b[k x n]
void matmul(const float* a, const float* b, float* c, int m, int k, int n, const StopRequest* stop = nullptr);
// c[m x n] = a^T * b, with a[k x m] and b[k x n]
void matmulTransposedA(const float* a, const float* b, float* c, int m, int k, int n,
                       const StopRequest* stop = nullptr);
// dst[cols x rows] = src[rows x cols]^T
void transpose(const float* src, float* dst, int rows, int cols);

} // namespace fplab::training
