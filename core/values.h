// Questions about one value: its neighbours, its ulp, its approximate double,
// the extremes of a format.
#pragma once

#include "core/format.h"

#include <cstdint>
#include <optional>

namespace fplab {

// The next representable value toward +inf / -inf (IEEE nextUp/nextDown). NaN stays NaN,
// +inf stays +inf for nextUp; the largest finite value steps to inf where the format has one.
std::uint64_t nextUp(const Format& f, std::uint64_t bits);
std::uint64_t nextDown(const Format& f, std::uint64_t bits);

// The exponent k of ulp(x) = 2^k: the spacing of the format around x (finite x only).
std::optional<int> ulpExponent(const Format& f, std::uint64_t bits);

// The value as a double: exact for every preset except values outside FP64's range (none today).
double toDouble(const Format& f, std::uint64_t bits);

// Machine epsilon 2^-M as an exponent: the gap between 1 and the next value.
constexpr int epsilonExponent(const Format& f) { return -f.mantissaBits; }

} // namespace fplab
