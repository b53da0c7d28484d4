// The expression language of `fplab-cli eval`: values written as FORMAT(NUMBER),
// + - * / with the usual precedence, sqrt() fma() abs(), and '->' for conversion.
#pragma once

#include "core/format.h"
#include "core/integer.h"
#include "core/rounding.h"
#include "core/text/literal.h"
#include "core/trace.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::cli {

// A value during evaluation: bits in a float format, or (only as the result of '-> int8') an integer.
struct EvalValue {
    Format format;
    std::optional<IntFormat> integer; // set when the value is an integer
    std::uint64_t bits = 0;
};

// One thing the evaluation did, in order: a literal rounded into its format, or an operation.
struct EvalStep {
    enum class Kind { Literal, Operation, SignChange, IntConversion };
    Kind kind = Kind::Operation;
    std::string text;     // the literal as typed or the operation in words: "add", "convert fp32 -> fp16"
    Format operandFormat; // the format of the operands
    EvalValue result;
    Flags flags = 0;
    std::optional<Literal> literal; // Kind::Literal
    OperationTrace trace;           // Kind::Operation, when steps were asked for
};

struct EvalOutcome {
    std::string error;           // empty on success
    std::size_t errorColumn = 0; // where in the expression the problem is (0-based)
    EvalValue value;
    Flags flags = 0; // raised by the operations (not by rounding the literals)
    std::vector<EvalStep> steps;
    bool ok() const { return error.empty(); }
};

// Expressions longer than this are refused (they are typed by people).
inline constexpr std::size_t kMaxExpressionLength = 4096;

EvalOutcome evaluateExpression(std::string_view expression, const Env& env, bool traceOperations);

} // namespace fplab::cli
