// Adding, subtracting and multiplying whole arrays of values of a small format, in nearest-even: each result
// computed in float and rounded once into the format by roundFloatArray (core/array_round.h). That gives what
// add/sub/mul(f, x, y, env) give, bits and flags: a format of precision p <= 11 has 24 >= 2p + 2, so for + - *
// rounding the float result to nearest again is the correctly rounded result (the double rounding is
// innocuous: S. A. Figueroa, "When is double rounding innocuous?", ACM SIGNUM Newsletter 30(3), 1995;
// P. Roux, "Innocuous double rounding of basic arithmetic operations", Journal of Formalized Reasoning 7(1),
// 2014). Products of these formats' values are exact in float inside its normal range, and a sum is inexact
// only far above the tiny range; the few results float cannot hold for one rounding (an overflow, a product
// below float's normal range: BF16 shares float's range) are computed again by the soft-float operation.
#pragma once

#include "core/flags.h"
#include "core/format.h"
#include "core/operation.h"
#include "core/rounding.h"

#include <cstddef>
#include <optional>

namespace fplab {

// Whether `f` and `env` take the float path: nearest-even, a format with a sign, a negative zero, subnormals,
// at most 10 fraction bits and values that are all floats (fitsInFloat).
bool roundsOnceFromFloat(const Format& f, const Env& env);

// out[i] = op(a[i], b[i]) in `f` (op: add, sub or mul), as floats; flags[i] its flags. Needs
// roundsOnceFromFloat(f, env). Returns the flags of all elements OR-ed, or nothing (and out and flags
// untouched) when an operand is not a finite value of `f`: infinities, NaNs and values that are not the
// format's are the caller's to handle element by element. out may be a or b.
std::optional<Flags> floatArithmeticArray(Operation op, const Format& f, const Env& env, const float* a, const float* b,
                                          float* out, Flags* flags, std::size_t n);

} // namespace fplab
