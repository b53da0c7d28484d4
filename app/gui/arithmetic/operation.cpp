// Reading the operands and running one operation through the soft-float core.
#include "app/gui/arithmetic/operation.h"

#include "app/gui/common/number_text.h"
#include "core/arithmetic.h"
#include "core/random.h"
#include "core/text/literal.h"

#include <cmath>

namespace fplab::gui {

QString operationKey(OperationKind kind) {
    switch (kind) {
    case OperationKind::Add: return QStringLiteral("add");
    case OperationKind::Sub: return QStringLiteral("sub");
    case OperationKind::Mul: return QStringLiteral("mul");
    case OperationKind::Div: return QStringLiteral("div");
    case OperationKind::Fma: return QStringLiteral("fma");
    case OperationKind::Sqrt: return QStringLiteral("sqrt");
    case OperationKind::Convert: return QStringLiteral("convert");
    }
    return {};
}

std::optional<OperationKind> operationFromKey(const QString& key) {
    for (OperationKind k : kAllOperations)
        if (operationKey(k) == key) return k;
    return std::nullopt;
}

int operandCount(OperationKind kind) {
    switch (kind) {
    case OperationKind::Fma: return 3;
    case OperationKind::Sqrt:
    case OperationKind::Convert: return 1;
    default: return 2;
    }
}

QString operationSymbol(OperationKind kind) {
    switch (kind) {
    case OperationKind::Add: return QStringLiteral("a + b");
    case OperationKind::Sub: return QStringLiteral("a − b");
    case OperationKind::Mul: return QStringLiteral("a × b");
    case OperationKind::Div: return QStringLiteral("a ÷ b");
    case OperationKind::Fma: return QStringLiteral("fma(a, b, c)");
    case OperationKind::Sqrt: return QStringLiteral("sqrt(a)");
    case OperationKind::Convert: return QStringLiteral("convert(a)");
    }
    return {};
}

QString operationExpression(OperationKind kind, const QStringList& ops) {
    const auto op = [&](int i) { return i < ops.size() ? ops[i] : QStringLiteral("?"); };
    switch (kind) {
    case OperationKind::Add: return QStringLiteral("%1 + %2").arg(op(0), op(1));
    case OperationKind::Sub: return QStringLiteral("%1 − %2").arg(op(0), op(1));
    case OperationKind::Mul: return QStringLiteral("%1 × %2").arg(op(0), op(1));
    case OperationKind::Div: return QStringLiteral("%1 ÷ %2").arg(op(0), op(1));
    case OperationKind::Fma: return QStringLiteral("fma(%1, %2, %3)").arg(op(0), op(1), op(2));
    case OperationKind::Sqrt: return QStringLiteral("sqrt(%1)").arg(op(0));
    case OperationKind::Convert: return QStringLiteral("convert(%1)").arg(op(0));
    }
    return {};
}

namespace {

Result compute(const OperationInput& in, const Format& f, const std::vector<OperandValue>& ops, const Env& env,
               OperationTrace* trace) {
    switch (in.kind) {
    case OperationKind::Add: return add(f, ops[0].bits, ops[1].bits, env, trace);
    case OperationKind::Sub: return sub(f, ops[0].bits, ops[1].bits, env, trace);
    case OperationKind::Mul: return mul(f, ops[0].bits, ops[1].bits, env, trace);
    case OperationKind::Div: return div(f, ops[0].bits, ops[1].bits, env, trace);
    case OperationKind::Fma: return fma(f, ops[0].bits, ops[1].bits, ops[2].bits, env, trace);
    case OperationKind::Sqrt: return sqrt(f, ops[0].bits, env, trace);
    case OperationKind::Convert: return convert(f, ops[0].bits, in.target, env, trace);
    }
    return {};
}

OperationOutcome evaluate(const OperationInput& in, const Format& f, bool traced) {
    OperationOutcome out;
    out.resultFormat = in.kind == OperationKind::Convert ? in.target : f;
    const int n = operandCount(in.kind);
    for (int i = 0; i < n; ++i) {
        const QString text = i < in.operands.size() ? in.operands[i].trimmed() : QString();
        // Operands are read with nearest-even: the chosen mode applies to the operation itself.
        const LiteralOrError read = readLiteral(text.toStdString(), f, Env{});
        if (!read.literal) {
            out.error = Text::tr("operand %1: %2").arg(QChar(QLatin1Char('a' + i)), qs(read.error));
            return out;
        }
        out.operands.push_back({text, read.literal->stored.bits, read.literal->stored.flags, read.literal->kind});
    }
    out.result = compute(in, f, out.operands, in.env, traced ? &out.trace : nullptr);

    if (in.env.rounding == RoundingMode::Stochastic && traced && out.trace.special.empty() && !out.trace.exactIsZero &&
        out.trace.rounding.decision != RoundingDecision::Exact && out.trace.rounding.keptBits > 0) {
        // The candidates are the results rounded toward and away from zero; up happens with
        // probability (discarded bits) / 2^(discarded count), which is what the core compares the draw with.
        StochasticChoice sc;
        Env down = in.env, up = in.env;
        down.rounding = RoundingMode::TowardZero;
        up.rounding = out.trace.rounding.sign ? RoundingMode::TowardNegative : RoundingMode::TowardPositive;
        sc.down = compute(in, f, out.operands, down, nullptr).bits;
        sc.up = compute(in, f, out.operands, up, nullptr).bits;
        const int discard = 64 - out.trace.rounding.keptBits;
        const std::uint64_t sig = out.trace.rounding.significand;
        const std::uint64_t rem = discard >= 64 ? sig : sig & ((std::uint64_t{1} << discard) - 1);
        const std::uint64_t draw = discard >= 64 ? in.env.randomBits : in.env.randomBits & ((std::uint64_t{1} << discard) - 1);
        sc.probabilityUp = std::ldexp(double(rem), -discard);
        sc.draw = std::ldexp(double(draw), -discard);
        sc.wentUp = out.result.bits == sc.up && sc.up != sc.down;
        out.stochastic = sc;
    }
    return out;
}

} // namespace

OperationOutcome runOperation(const OperationInput& input) { return evaluate(input, input.format, true); }

OperationOutcome runInFormat(const OperationInput& input, const Format& format) {
    return evaluate(input, format, false);
}

double stochasticUpFrequency(const OperationInput& input, int trials, std::uint64_t seed) {
    const OperationOutcome base = runOperation(input);
    if (!base.ok() || !base.stochastic || trials <= 0) return 0;
    StochasticStream stream(seed);
    int ups = 0;
    for (int i = 0; i < trials; ++i) {
        const Env env = stream.nextEnv(input.env);
        if (compute(input, input.format, base.operands, env, nullptr).bits == base.stochastic->up) ++ups;
    }
    return double(ups) / trials;
}

} // namespace fplab::gui
