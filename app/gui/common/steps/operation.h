// One arithmetic operation as the Arithmetic section runs it: operands typed as text, read
// into the format, the operation with its trace, and for stochastic rounding the two candidates.
#pragma once

#include "core/format.h"
#include "core/operation.h"
#include "core/result.h"
#include "core/rounding.h"
#include "core/text/parse.h"
#include "core/trace.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace fplab::gui {

// "a + b", "fma(a, b, c)", "sqrt(a)", "convert(a)".
QString operationSymbol(Operation kind);
// The same with the operands written in: "1 + 0.0001".
QString operationExpression(Operation kind, const QStringList& operands);

struct OperationInput {
    Operation kind = Operation::Add;
    Format format = kFp16;
    Format target = kE4m3; // the destination of a conversion
    Env env;
    QStringList operands; // a, b, c as typed
};

struct OperandValue {
    QString text;
    std::uint64_t bits = 0;
    Flags entryFlags = 0; // flags raised when the typed text was rounded into the format
    InputKind kind = InputKind::Decimal;
};

// Stochastic rounding's two candidates and the chance of each.
struct StochasticChoice {
    std::uint64_t down = 0;   // toward zero
    std::uint64_t up = 0;     // away from zero
    double probabilityUp = 0; // the discarded fraction of an ulp
    double draw = 0;          // the random draw as a fraction of an ulp: up when draw < probabilityUp
    bool wentUp = false;
};

struct OperationOutcome {
    QString error; // set when an operand cannot be read
    std::vector<OperandValue> operands;
    Result result;
    OperationTrace trace;
    Format resultFormat = kFp16;
    std::optional<StochasticChoice> stochastic;
    bool ok() const { return error.isEmpty(); }
};

OperationOutcome runOperation(const OperationInput& input);

// Runs the same operation with the format replaced (the side-by-side table). No trace.
OperationOutcome runInFormat(const OperationInput& input, const Format& format);

// How often stochastic rounding goes up over `trials` seeded draws (the empirical P(up)).
double stochasticUpFrequency(const OperationInput& input, int trials, std::uint64_t seed);

} // namespace fplab::gui
