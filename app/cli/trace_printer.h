// Writing values and the steps of an operation (core/trace.h) as text for people:
// what `fplab-cli eval --steps` prints.
#pragma once

#include "core/format.h"
#include "core/rounding.h"
#include "core/trace.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

namespace fplab::cli {

// The value for a person: the exact decimal when it has at most 30 characters, else "~" and the
// shortest decimal that reads back to the same bits ("448", "~0.30000000000000004").
std::string valueText(const Format& f, std::uint64_t bits);
// "0x3c00 = 0 01111 0000000000 = 1"
std::string describeBits(const Format& f, std::uint64_t bits);
// "+1.0000000000 x 2^0", "+0.01 x 2^-14" for subnormals, "+inf", "NaN", "+0".
std::string binaryScientific(const Format& f, std::uint64_t bits);
// "x (inexact)", "- (none)"
std::string describeFlags(Flags flags);

// The steps of one operation. `operandFormat` is the format of the operands (it differs
// from the result's for a conversion).
void printTrace(std::ostream& out, const OperationTrace& trace, const Format& operandFormat,
                const Format& resultFormat, const Env& env, std::string_view indent);

} // namespace fplab::cli
