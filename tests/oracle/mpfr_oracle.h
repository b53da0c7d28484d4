// Reference results computed with GNU MPFR, for checking core/ bit for bit: every
// operation, format, deterministic rounding mode and tininess rule, with FP Lab's flags.
#pragma once

#include "core/arithmetic.h"
#include "core/format.h"
#include "core/integer.h"
#include "core/result.h"
#include "core/rounding.h"

#include <cstdint>

namespace fplab::oracle {

// Arithmetic and conversion, correctly rounded by MPFR in env.rounding (every mode but
// Stochastic, which throws std::invalid_argument), with env.tininess and env.saturate honoured.
Result referenceAdd(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {});
Result referenceSub(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {});
Result referenceMul(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {});
Result referenceDiv(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {});
Result referenceFma(const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env = {});
Result referenceSqrt(const Format& f, std::uint64_t a, const Env& env = {});
Result referenceConvert(const Format& from, std::uint64_t a, const Format& to, const Env& env = {});

// roundToIntegral (signalInexact false) and roundToIntegralExact, through mpfr_rint and friends.
Result referenceRoundToIntegral(const Format& f, std::uint64_t a, const Env& env = {}, bool signalInexact = false);

// Integer conversions with the documented out-of-range policy (invalid; clamp or keep the low bits).
Result referenceFloatToInt(const Format& from, std::uint64_t bits, const IntFormat& to, Overflow overflow,
                           const Env& env = {});
Result referenceIntToFloat(const IntFormat& from, std::uint64_t bits, const Format& to, const Env& env = {});

// IEEE 754-2019 comparison and minimum/maximum(Number), from the standard's definitions.
Comparison referenceCompare(const Format& f, std::uint64_t a, std::uint64_t b, bool signaling = false);
Result referenceMinimum(const Format& f, std::uint64_t a, std::uint64_t b);
Result referenceMaximum(const Format& f, std::uint64_t a, std::uint64_t b);
Result referenceMinimumNumber(const Format& f, std::uint64_t a, std::uint64_t b);
Result referenceMaximumNumber(const Format& f, std::uint64_t a, std::uint64_t b);

// The exact value of an encoding as a decimal string (NaN, inf, -0 spelled out), for messages.
std::string exactValueText(const Format& f, std::uint64_t bits);

} // namespace fplab::oracle
