// Writing values for people: the exact decimal expansion (every digit), the
// shortest decimal that reads back to the same bits, hex-float, and the bits grouped by field.
#pragma once

#include "core/format.h"

#include <cstdint>
#include <string>

namespace fplab {

// Every digit: "0.1000000000000000055511151231257827021181583404541015625". "inf", "-inf", "nan".
std::string exactDecimal(const Format& f, std::uint64_t bits);
// The shortest decimal that parses back (nearest-even) to the same bits: "0.1", "6.1e-05" style scientific when long.
std::string shortestDecimal(const Format& f, std::uint64_t bits);
// C99 hex-float of the value: "0x1.99999ap-4", "-0x0p+0", subnormals as "0x0.004p-14".
std::string hexFloat(const Format& f, std::uint64_t bits);
// The bits grouped by field, sign first: "0_01111_0000000000" (separator configurable, '\0' for none).
std::string bitString(const Format& f, std::uint64_t bits, char separator = '_');
// A NaN with its sign and payload (the trailing significand field in hex, quiet bit included):
// "nan" and "-nan" for the canonical quiet NaN, "-nan(0x201)", "nan(0x1)" (signalling) otherwise.
// Formats with one NaN per sign (E4M3, E8M0, fnuz) have no payload: "nan", "-nan". parseValue reads it back.
std::string nanText(const Format& f, std::uint64_t bits);
// Raw bits as zero-padded hex of the format's width: "0x3c00".
std::string hexBits(const Format& f, std::uint64_t bits);

} // namespace fplab
