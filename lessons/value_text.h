// How lesson results write numbers: doubles as Python's repr() writes them (the
// numbers the lessons quote from PyTorch sessions were printed by Python), float encodings through that repr
// (a NaN with its sign and payload, as core's nanText writes it), FP32 values such as a loss with the digits
// the float needs (never a double's 17), measurements with 4 significant digits.
#pragma once

#include "core/flags.h"
#include "core/format.h"
#include "core/integer.h"
#include "lessons/experiment_result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fplab::lessons {

// Python's repr(float): shortest round-trip digits, "65536.0", "1e-05", "3.3895313892515355e+38", "inf", "nan".
std::string pythonRepr(double value);
// An FP32 value with the shortest digits that read back to the same float, laid out as Python would:
// 0.6931472f gives "0.6931472" (pythonRepr(double(x)) would give "0.6931471824645996").
std::string float32Text(float value);
// A measurement (a mean, an error estimate, a ratio) with a few significant digits: "0.001234", "1.5e-07".
std::string measuredText(double value, int significantDigits = 4);
// A Real as its style asks.
std::string realText(double value, RealStyle style);
// A value a lesson shows is what the format stores: its exact decimal, laid out as Python lays out a float
// ("65504.0", "5.9604644775390625e-08"), whenever that has at most kExactDigitsShown significant digits (every
// FP8 and FP16 value, BF16 from 2^-25 to below 2^83, FP32 from 0.25 to 2^24); otherwise the shortest digits that read
// back to the same bits, marked: "≈0.1" for FP64's 0.1000000000000000055511151231257827021181583404541015625.
// A NaN keeps its sign and payload: "-nan(0x201)" (core's nanText), where Python would print "nan".
inline constexpr std::size_t kExactDigitsShown = 25;
inline constexpr std::string_view kShortenedMark = "\u2248"; // ≈
std::string floatText(const Format& f, std::uint64_t bits);
// Whether floatText shows fewer digits than the value has (and so carries kShortenedMark).
bool floatTextShortened(const Format& f, std::uint64_t bits);
std::string intText(const IntFormat& f, std::uint64_t bits);
// An integer encoding as binary digits ("11111111") and as zero-padded hex ("0xff").
std::string intBinary(const IntFormat& f, std::uint64_t bits);
std::string intHex(const IntFormat& f, std::uint64_t bits);
// IEEE flags as words: "overflow, inexact" (English, as core writes them) or "上溢、不精确"; "none" / "无".
std::string flagWords(Flags flags, Language language);
// The main text of a quantity (what {{id.key}} gives).
std::string quantityText(const Quantity& q, Language language);
// Alternative views for {{id.key:view}}: exact, bits (hex), binary (fields), flags, format. Empty if not applicable.
std::string quantityView(const Quantity& q, std::string_view view, Language language);

} // namespace fplab::lessons
