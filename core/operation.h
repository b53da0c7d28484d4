// The operations of the arithmetic API (core/arithmetic.h), as one enum that every layer passes
// around: the trace records it, the batch runner parses it, the GUI offers it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace fplab {

enum class Operation : std::uint8_t { Add, Sub, Mul, Div, Fma, Sqrt, Convert };

inline constexpr Operation kAllOperations[] = {Operation::Add, Operation::Sub,  Operation::Mul,    Operation::Div,
                                               Operation::Fma, Operation::Sqrt, Operation::Convert};

// The stable machine name: "add", "sub", "mul", "div", "fma", "sqrt", "convert" (batch lines, settings).
std::string_view operationName(Operation op);
std::optional<Operation> parseOperationName(std::string_view name);
// 3 for fma, 1 for sqrt and convert, else 2.
int operandCount(Operation op);

} // namespace fplab
