// A matmul whose operands are FP16 numbers and whose fused multiply-adds round to FP16 (pure FP16's
// accumulation), computed by the host's own FP16 fma where the CPU has one: x86's AVX512-FP16 (Intel Sapphire
// Rapids and later). An IEEE 754 binary16 fma rounding to nearest even is the core's FP16 fma, bit for bit, and
// x86 raises its flags as the core does (underflow: tiny after rounding and inexact, with underflow masked), as
// long as the host's floating-point environment is IEEE's default (see hostHalfMatmul).
#pragma once

#include <cstddef>
#include <cstdint>

namespace fplab::training {

// Whether this build and this CPU have the host FP16 fma (AVX512-FP16, compiled by GCC 12 or later on x86-64).
bool hostHalfMatmulAvailable();

// Floats that are FP16 numbers (or infinities or NaNs) as binary16 bits, exactly: a matmul's operands, converted
// once for all of its blocks of rows. Only where hostHalfMatmulAvailable().
void toHostHalves(const float* values, std::size_t count, std::uint16_t* halves);

// c(i, j) = fma(a(i, k-1), b(k-1, j), ... fma(a(i, 0), b(0, j), +0)) in binary16, for i < m and j < n (j <= i
// too when lowerOnly): a is m rows of k binary16 numbers, b is k rows of bStride (bStride a multiple of 16, at least
// n; the numbers past n are never read), both made by toHostHalves; c has row stride ldc. True when the host
// raised nothing but inexact and underflow and every result is finite; `inexact` and `underflow` then say
// whether it raised them, which is the OR of the core's flags over the same fmas. False where the host has no
// FP16 fma, its environment is not IEEE's default, it raised overflow, invalid or divide-by-zero, or a result is
// an infinity or a NaN: the caller computes the matmul again on its exact path (c may have been written in
// part). The thread's floating-point exception flags are left as they were.
bool hostHalfMatmul(const std::uint16_t* a, const std::uint16_t* b, int bStride, int m, int k, int n, float* c, int ldc,
                    bool lowerOnly, bool& inexact, bool& underflow);

} // namespace fplab::training
