// Reading the operands and running one operation through the soft-float core.
#include "app/gui/common/steps/operation.h"

#include "app/gui/common/nan_problem_text.h"
#include "app/gui/common/number_text.h"
#include "core/arithmetic.h"
#include "core/random.h"
#include "core/text/literal.h"

namespace fplab::gui {

QString operationSymbol(Operation kind) {
    switch (kind) {
    case Operation::Add: return QStringLiteral("a + b");
    case Operation::Sub: return QStringLiteral("a − b");
    case Operation::Mul: return QStringLiteral("a × b");
    case Operation::Div: return QStringLiteral("a ÷ b");
    case Operation::Fma: return QStringLiteral("fma(a, b, c)");
    case Operation::Sqrt: return QStringLiteral("sqrt(a)");
    case Operation::Convert: return QStringLiteral("convert(a)");
    }
    return {};
}

QString operationExpression(Operation kind, const QStringList& ops) {
    const auto op = [&](int i) { return i < ops.size() ? ops[i] : QStringLiteral("?"); };
    switch (kind) {
    case Operation::Add: return QStringLiteral("%1 + %2").arg(op(0), op(1));
    case Operation::Sub: return QStringLiteral("%1 − %2").arg(op(0), op(1));
    case Operation::Mul: return QStringLiteral("%1 × %2").arg(op(0), op(1));
    case Operation::Div: return QStringLiteral("%1 ÷ %2").arg(op(0), op(1));
    case Operation::Fma: return QStringLiteral("fma(%1, %2, %3)").arg(op(0), op(1), op(2));
    case Operation::Sqrt: return QStringLiteral("sqrt(%1)").arg(op(0));
    case Operation::Convert: return QStringLiteral("convert(%1)").arg(op(0));
    }
    return {};
}

namespace {

Result compute(const OperationInput& in, const Format& f, const std::vector<OperandValue>& ops, const Env& env,
               OperationTrace* trace) {
    switch (in.kind) {
    case Operation::Add: return add(f, ops[0].bits, ops[1].bits, env, trace);
    case Operation::Sub: return sub(f, ops[0].bits, ops[1].bits, env, trace);
    case Operation::Mul: return mul(f, ops[0].bits, ops[1].bits, env, trace);
    case Operation::Div: return div(f, ops[0].bits, ops[1].bits, env, trace);
    case Operation::Fma: return fma(f, ops[0].bits, ops[1].bits, ops[2].bits, env, trace);
    case Operation::Sqrt: return sqrt(f, ops[0].bits, env, trace);
    case Operation::Convert: return convert(f, ops[0].bits, in.target, env, trace);
    }
    return {};
}

OperationOutcome evaluate(const OperationInput& in, const Format& f, bool traced) {
    OperationOutcome out;
    out.resultFormat = in.kind == Operation::Convert ? in.target : f;
    const int n = operandCount(in.kind);
    for (int i = 0; i < n; ++i) {
        const QString text = i < in.operands.size() ? in.operands[i].trimmed() : QString();
        // A NaN typed with a payload ("-nan(0x201)") is the section's format's NaN: another format gets it
        // converted, its sign and payload kept, quieted or cut as core converts them (the Explorer's rule);
        // reading the text again would take 0x201 as another format's significand field.
        if (f != in.format) {
            const LiteralOrError home = readLiteral(text.toStdString(), in.format, Env{});
            if (home.literal && home.literal->kind == InputKind::NaN && f.hasNan()) {
                const Result converted = convert(in.format, home.literal->stored.bits, f, Env{});
                out.operands.push_back({text, converted.bits, converted.flags, InputKind::NaN});
                continue;
            }
        }
        // Operands are read with nearest-even: the chosen mode applies to the operation itself.
        const LiteralOrError read = readLiteral(text.toStdString(), f, Env{});
        if (!read.literal) {
            const QString why = read.nanProblem != NanProblem::None ? nanProblemText(read.nanProblem, f, text)
                                                                    : qs(read.error);
            out.error = Text::tr("operand %1: %2").arg(QChar(QLatin1Char('a' + i)), why);
            return out;
        }
        out.operands.push_back({text, read.literal->stored.bits, read.literal->stored.flags, read.literal->kind});
    }
    out.result = compute(in, f, out.operands, in.env, traced ? &out.trace : nullptr);

    const RoundingTrace& rt = out.trace.rounding;
    if (traced && rt.stochastic && out.trace.special == SpecialCase::None && !out.trace.exactIsZero &&
        rt.decision != RoundingDecision::Exact && rt.keptBits > 0) {
        const StochasticTrace& st = *rt.stochastic;
        StochasticChoice sc;
        sc.down = st.towardZero;
        sc.up = st.awayFromZero;
        sc.probabilityUp = st.probabilityUp();
        sc.draw = st.drawFraction();
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
