// A matmul whose operands are FP32 numbers and whose fused multiply-adds round to FP32, computed by the host's
// own float fma: an IEEE 754 binary32 fma rounding to nearest even is the core's FP32 fma, bit for bit, and its
// exception flags are the core's too, as long as the host's floating-point environment is IEEE's default (no
// flush to zero, round to nearest) and the only flag raised is inexact (see hostFloatMatmul).
#pragma once

namespace fplab::training {

// c(i, j) = fma(a(i, k-1), b(k-1, j), ... fma(a(i, 0), b(0, j), +0)), for i < m and j < n (j <= i too when
// lowerOnly), in binary32 by the host: a is m rows of k floats, b is k rows of bStride floats (bStride a
// multiple of 16, at least n; the floats past n are never read), c has row stride ldc. True when the host
// raised no exception but inexact and every result is finite; `inexact` is then whether it raised inexact,
// which is the OR of the core's inexact flags over the same fmas. False where the host's environment is not
// IEEE's default or it raised overflow, underflow, invalid or divide-by-zero, or a result is an infinity or
// a NaN: the caller computes the matmul again on its exact path (c may have been written in part). The
// thread's floating-point exception flags are left as they were.
bool hostFloatMatmul(const float* a, const float* b, int bStride, int m, int k, int n, float* c, int ldc,
                     bool lowerOnly, bool& inexact);

} // namespace fplab::training
