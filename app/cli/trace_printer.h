// Writing values and the steps of an operation (core/trace.h) as text for people:
// what `fplab-cli eval --steps` prints.
#pragma once

#include "core/format.h"
#include "core/rounding.h"
#include "core/text/value_report.h" // valueText, binaryScientific, describeFlags
#include "core/trace.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

namespace fplab::cli {

// "0x3c00 = 0 01111 0000000000 = 1"
std::string describeBits(const Format& f, std::uint64_t bits);

// The steps of one operation. `operandFormat` is the format of the operands (it differs
// from the result's for a conversion).
void printTrace(std::ostream& out, const OperationTrace& trace, const Format& operandFormat, const Format& resultFormat,
                const Env& env, std::string_view indent);

} // namespace fplab::cli
