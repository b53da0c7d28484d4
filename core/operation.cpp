#include "core/operation.h"

namespace fplab {

std::string_view operationName(Operation op) {
    switch (op) {
    case Operation::Add: return "add";
    case Operation::Sub: return "sub";
    case Operation::Mul: return "mul";
    case Operation::Div: return "div";
    case Operation::Fma: return "fma";
    case Operation::Sqrt: return "sqrt";
    case Operation::Convert: return "convert";
    }
    return "?";
}

std::optional<Operation> parseOperationName(std::string_view name) {
    for (Operation op : kAllOperations)
        if (operationName(op) == name) return op;
    return std::nullopt;
}

int operandCount(Operation op) {
    switch (op) {
    case Operation::Fma: return 3;
    case Operation::Sqrt:
    case Operation::Convert: return 1;
    default: return 2;
    }
}

} // namespace fplab
