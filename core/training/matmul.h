// The three matrix products of a linear layer's forward and backward, row-major, each
// output summed in float with k ascending (the same order in every mode, so a run with
// FP16/BF16/TF32 inputs, whose products are exact in float, accumulates exactly as FP32 would).
#pragma once

namespace fplab::training {

// c[m x n] = a[m x k] * b[k x n]
void matmul(const float* a, const float* b, float* c, int m, int k, int n);
// c[m x n] = a^T * b, with a[k x m] and b[k x n]
void matmulTransposedA(const float* a, const float* b, float* c, int m, int k, int n);
// dst[cols x rows] = src[rows x cols]^T
void transpose(const float* src, float* dst, int rows, int cols);

} // namespace fplab::training
