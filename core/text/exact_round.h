// Rounding an exactly known value (decimal digits, or a binary significand with a far-off
// exponent) into a format through the core's single rounding path, detail::roundPack.
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/rounding.h"

#include <cstdint>
#include <string_view>

namespace fplab::text {

// (-1)^negative * digits * 10^exp10, where `digits` holds '0'..'9' with no leading or
// trailing zero (so it is not empty: zero is the caller's business). Any exponent and
// any length: exponents far outside the format's range are clamped, and long digit
// strings are cut to a length that provably rounds the same (see the .cpp).
Result roundDecimal(const Format& f, bool negative, std::string_view digits, std::int64_t exp10, const Env& env);

// (-1)^negative * sig * 2^(exp - 63): sig has bit 63 set and any lost bits OR-ed into bit 0.
// Unlike roundPack, `exp` may be far outside the int range the format cares about.
Result roundBinary(const Format& f, bool negative, std::int64_t exp, std::uint64_t sig, const Env& env);

// How many significant decimal digits roundDecimal keeps for this format before the rest
// is reduced to a sticky digit (exposed for the tests).
int decimalDigitsKept(const Format& f);

} // namespace fplab::text
