// Whole-tensor FP16 additions and multiplications by a scalar (EmulatedOps::addAll, mulAll) four elements at a time
// in binary64 vectors, with fp16_fma_lanes.h's rounding.
//
// Why it is exact. Where both operands are FP16 numbers (a float that FP16's rounding leaves as it is and at most
// 65504), their sum or product x is exact in binary64 (a sum: multiples of 2^-24 below 2^17; a product: 22 bits),
// so w = x and RN16(x) = r = (w + M) - M as fp16_fma_lanes.h proves, inexact is r != w, tiny after rounding is
// |w| < 2^-14 - 2^-26 and underflow is tiny and inexact; the operands, being FP16 numbers, are their own rounding,
// with no flag. An element whose operand is no FP16 number (it must be rounded first), or whose r is above 65504
// (overflow, left to the core), is declined: its block of four is not written, for the caller to compute element by
// element.
#pragma once

#include "core/flags.h"

#include <cstddef>

namespace fplab::training {

inline constexpr std::size_t kFp16SpanWidth = 4;

// out[e] = RN16(a[e] + b[e]) for e = 0, 1... a block of four at a time, up to the first block with a declined element
// (or fewer than four left); returns how many elements were written. Their inexact and underflow are ORed into flags.
// out may be a (or b).
std::size_t fp16AddSpan(const float* a, const float* b, float* out, std::size_t count, Flags& flags);
// The same for RN16(a[e] x b).
std::size_t fp16MulSpan(const float* a, float b, float* out, std::size_t count, Flags& flags);

// How many of values[0], values[1]... are FP16 numbers before the first block of four that holds one that is not
// (castAll's skipped elements: their own cast, with no flag); a multiple of four.
std::size_t fp16NumbersAtStart(const float* values, std::size_t count);

} // namespace fplab::training
