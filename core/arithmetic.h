// The arithmetic API: every operation on any float format, correctly rounded in
// the given mode, returning bits and IEEE flags. Thread-safe: no global state.
// Pass an OperationTrace to get the intermediate steps (slower path).
#pragma once

#include "core/format.h"
#include "core/result.h"
#include "core/rounding.h"
#include "core/trace.h"

#include <cstdint>

namespace fplab {

Result add(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {}, OperationTrace* trace = nullptr);
Result sub(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {}, OperationTrace* trace = nullptr);
Result mul(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {}, OperationTrace* trace = nullptr);
Result div(const Format& f, std::uint64_t a, std::uint64_t b, const Env& env = {}, OperationTrace* trace = nullptr);
// a * b + c, rounded once.
Result fma(const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, const Env& env = {},
           OperationTrace* trace = nullptr);
Result sqrt(const Format& f, std::uint64_t a, const Env& env = {}, OperationTrace* trace = nullptr);
Result convert(const Format& from, std::uint64_t a, const Format& to, const Env& env = {},
               OperationTrace* trace = nullptr);
// roundToIntegral (no inexact flag) or, with signalInexact, roundToIntegralExact.
Result roundToIntegral(const Format& f, std::uint64_t a, const Env& env = {}, bool signalInexact = false);

enum class Ordering : std::uint8_t { Less, Equal, Greater, Unordered };
struct Comparison {
    Ordering order = Ordering::Unordered;
    Flags flags = 0;
};
// Quiet comparison raises invalid only for signalling NaNs; signalling comparison for any NaN.
Comparison compare(const Format& f, std::uint64_t a, std::uint64_t b, bool signaling = false);

// IEEE 754-2019 minimum/maximum (a NaN operand gives NaN; -0 < +0) and
// minimumNumber/maximumNumber (a number beats a NaN).
Result minimum(const Format& f, std::uint64_t a, std::uint64_t b);
Result maximum(const Format& f, std::uint64_t a, std::uint64_t b);
Result minimumNumber(const Format& f, std::uint64_t a, std::uint64_t b);
Result maximumNumber(const Format& f, std::uint64_t a, std::uint64_t b);

// Changing only the sign bit (IEEE negate/abs: no flags, NaNs included).
std::uint64_t negate(const Format& f, std::uint64_t a);
std::uint64_t absolute(const Format& f, std::uint64_t a);

// TF32 in its own 19-bit encoding versus inside an FP32 container (low 13 bits zero).
constexpr std::uint64_t tf32ToFp32Container(std::uint64_t tf32Bits) { return (tf32Bits & 0x7FFFF) << 13; }
constexpr std::uint64_t tf32FromFp32Container(std::uint64_t fp32Bits) { return (fp32Bits >> 13) & 0x7FFFF; }

} // namespace fplab
