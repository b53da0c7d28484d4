// Rounding whole arrays of floats into a format: element by element what convert(kFp32, x, to, env)
// gives, written back as the (exact) float of the result. The deterministic modes take a vectorised path
// for results in the format's normal and subnormal ranges, chosen at run time for the processor (AVX-512,
// AVX2 or baseline); everything else (unsigned formats, overflow, NaN, FP32 subnormals, stochastic
// rounding) goes through convert() itself.
#pragma once

#include "core/format.h"
#include "core/random.h"
#include "core/result.h"
#include "core/rounding.h"

#include <cstddef>
#include <cstdint>

namespace fplab {

// Every finite value of `f` is exactly a float (a double): its results can be returned as one.
bool fitsInFloat(const Format& f);
bool fitsInDouble(const Format& f);

// out[i] = convert(kFp32, bits of in[i], to, env) as a float; flags[i] = its flags when `flags` is not null.
// `to` must fit in a float. Stochastic rounding draws one number from `stream` per element, in order
// (stream must then not be null). in and out may be the same array. Returns the flags of all elements OR-ed.
Flags roundFloatArray(const Format& to, const Env& env, const float* in, float* out, Flags* flags, std::size_t n,
                      StochasticStream* stream = nullptr);

} // namespace fplab
