// Integer formats (INT8, UINT8, INT32, INT64): conversion to and from floats with
// any rounding mode, and wrapping or saturating arithmetic.
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/rounding.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace fplab {

struct IntFormat {
    std::string_view name;
    int bits = 8;
    bool isSigned = true;

    constexpr std::uint64_t mask() const { return bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }
    constexpr std::int64_t minValue() const {
        return isSigned ? (bits == 64 ? INT64_MIN : -(std::int64_t{1} << (bits - 1))) : 0;
    }
    constexpr std::uint64_t maxValue() const { return isSigned ? mask() >> 1 : mask(); }
};

inline constexpr IntFormat kInt8{"int8", 8, true};
inline constexpr IntFormat kUint8{"uint8", 8, false};
inline constexpr IntFormat kInt32{"int32", 32, true};
inline constexpr IntFormat kInt64{"int64", 64, true};
inline constexpr std::array<const IntFormat*, 4> kIntFormats = {&kInt8, &kUint8, &kInt32, &kInt64};

std::optional<IntFormat> findIntFormat(std::string_view name);

enum class Overflow : std::uint8_t { Wrap, Saturate };

// The bits (two's complement, masked to the width) as a signed or unsigned number.
std::int64_t intValue(const IntFormat& t, std::uint64_t bits);

// Float to integer, rounded in env.rounding. Out of range or NaN raises invalid:
// saturating clamps (NaN gives 0), wrapping keeps the low bits of the rounded integer (NaN and inf give 0).
// In range, a discarded fraction raises inexact.
Result floatToInt(const Format& from, std::uint64_t bits, const IntFormat& to, Overflow overflow, const Env& env = {});
// Integer to float, correctly rounded.
Result intToFloat(const IntFormat& from, std::uint64_t bits, const Format& to, const Env& env = {});

// Integer arithmetic; a result outside the range raises overflow and wraps or saturates.
Result intAdd(const IntFormat& t, std::uint64_t a, std::uint64_t b, Overflow overflow);
Result intSub(const IntFormat& t, std::uint64_t a, std::uint64_t b, Overflow overflow);
Result intMul(const IntFormat& t, std::uint64_t a, std::uint64_t b, Overflow overflow);

} // namespace fplab
