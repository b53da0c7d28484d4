// The five IEEE 754 exception flags, as a small bit set returned with every result.
#pragma once

#include <cstdint>
#include <string>

namespace fplab {

enum Flag : std::uint8_t {
    kInvalid = 1 << 0,
    kDivideByZero = 1 << 1,
    kOverflow = 1 << 2,
    kUnderflow = 1 << 3,
    kInexact = 1 << 4,
};
using Flags = std::uint8_t;

// The flags as the letters "vzoux" (invalid, divide-by-zero, overflow, underflow, inexact), "-" for none.
std::string flagLetters(Flags flags);
// The flags as words: "overflow, inexact", or "none".
std::string flagNames(Flags flags);

} // namespace fplab
