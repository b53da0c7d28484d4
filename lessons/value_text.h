// How lesson results write numbers: doubles as Python's repr() writes them (the
// numbers the lessons quote from PyTorch sessions were printed by Python), float encodings through that repr
// (a NaN with its sign and payload, as core's nanText writes it), FP32 values such as a loss with the digits
// the float needs (never a double's 17), measurements with 4 significant digits.
#pragma once

#include "core/flags.h"
#include "core/format.h"
#include "core/integer.h"
#include "lessons/experiment_result.h"

#include <cstdint>
#include <string>

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
// The value of an encoding as Python would print float(x): exact for every preset narrower than FP64.
// A NaN keeps its sign and payload: "-nan(0x201)" (core's nanText), where Python would print "nan".
std::string floatText(const Format& f, std::uint64_t bits);
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
