// `fplab-cli eval EXPR`: evaluates an expression in the formats its values are written in,
// with the flags raised and, with --steps, each operation's intermediate steps.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/eval_expression.h"
#include "app/cli/option_table.h"
#include "app/cli/trace_printer.h"
#include "core/flags.h"
#include "core/text/print.h"

#include <cstdio>
#include <ostream>

namespace fplab::cli {
namespace {

struct EvalOptions {
    std::string expression;
    Env env;
    bool steps = false;
};

OptionTable evalOptions(EvalOptions& o) {
    OptionTable t;
    t.command = "eval";
    t.operands = "EXPR";
    t.description = "Evaluates EXPR in the formats its values are written in, rounding every operation.\n"
                    "\n"
                    "  values       FORMAT(NUMBER): fp16(1), bf16(3.14159), fp32(2^-11), fp16(1e-3), fp32(0x1.8p-3),\n"
                    "               fp16(0x3c00) (raw bits), e5m10-nosub(1) (custom format)\n"
                    "  operators    + - * / with the usual precedence, unary -, parentheses\n"
                    "  functions    sqrt(x), fma(a, b, c) (a*b+c rounded once), abs(x)\n"
                    "  conversion   x -> FORMAT converts x, e.g. fp32(0.1) -> fp16; it binds loosest, so\n"
                    "               fp32(1) + fp32(2) -> fp16 converts the sum; x -> int8 (int8 uint8 int32 int64)\n"
                    "               converts to an integer with saturation and must come last\n";
    t.options = {
        {"--steps", "",
         "print each step: operands unpacked, alignment, the exact result,\n"
         "guard/round/sticky, the rounding decision and why, the final bits",
         setFlag(o.steps)},
        {"--rounding", "R", "rne rna rtz rup rdn rto (default rne); it rounds the literals too",
         setRounding(o.env.rounding)},
        tininessOption(o.env.tininess),
        saturateOption(o.env.saturate),
    };
    t.notes = "Both operands of an operation must have the same format; convert one with '->' first.\n"
              "Quote EXPR in the shell: fplab-cli eval 'fp16(1) + fp16(2^-11)'\n";
    t.positional = [&o](std::string_view word, std::string&) {
        if (!o.expression.empty()) o.expression += ' ';
        o.expression += word;
        return true;
    };
    return t;
}

std::vector<OptionTable> evalOptionTables() {
    static EvalOptions unused;
    return {evalOptions(unused)};
}

std::string intText(const IntFormat& t, std::uint64_t bits) {
    const std::int64_t v = intValue(t, bits);
    return t.isSigned ? std::to_string(v) : std::to_string(static_cast<std::uint64_t>(v) & t.mask());
}

std::string intHex(const IntFormat& t, std::uint64_t bits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%0*llx", t.bits / 4, static_cast<unsigned long long>(bits & t.mask()));
    return buf;
}

void printSteps(std::ostream& out, const EvalOutcome& r, const Env& env) {
    int n = 0;
    for (const EvalStep& s : r.steps) {
        ++n;
        out << "step " << n << "  ";
        switch (s.kind) {
        case EvalStep::Kind::Literal:
            out << s.text << " rounds to " << describeBits(s.result.format, s.result.bits) << "  flags "
                << describeFlags(s.flags) << "\n";
            break;
        case EvalStep::Kind::SignChange:
            out << s.text << " " << s.operandFormat.name() << ": flip" << (s.text == "abs" ? "s off" : "s")
                << " the sign bit, no rounding\n"
                << "        result    " << describeBits(s.result.format, s.result.bits) << "\n";
            break;
        case EvalStep::Kind::IntConversion:
            out << s.text << ", rounding " << roundingName(env.rounding) << "\n"
                << "        operand   " << describeBits(s.operandFormat, s.trace.operands.at(0).bits) << "\n"
                << "        result    " << intText(*s.result.integer, s.result.bits) << " ("
                << intHex(*s.result.integer, s.result.bits) << ")\n"
                << "        flags     " << describeFlags(s.flags) << "\n";
            break;
        case EvalStep::Kind::Operation:
            out << s.text;
            if (s.text.rfind("convert", 0) != 0) out << " in " << s.operandFormat.name();
            out << ", rounding " << roundingName(env.rounding) << "\n";
            printTrace(out, s.trace, s.operandFormat, s.result.format, env, "        ");
            break;
        }
    }
}

int runEval(std::span<const std::string_view> args, CommandIo io) {
    EvalOptions o;
    if (const std::optional<int> code = parseOptions(evalOptions(o), args, io)) return *code;
    const std::string& expression = o.expression;
    const Env& env = o.env;
    const bool steps = o.steps;
    if (expression.empty()) {
        io.err << "fplab-cli eval: missing EXPR (e.g. fplab-cli eval 'fp16(1) + fp16(2^-11)')\n";
        return kExitUsage;
    }
    const EvalOutcome r = evaluateExpression(expression, env, steps);
    if (!r.ok()) {
        io.err << "fplab-cli eval: " << r.error << "\n";
        if (expression.size() <= 200 && r.errorColumn <= expression.size()) {
            io.err << "  " << expression << "\n  " << std::string(r.errorColumn, ' ') << "^\n";
        }
        return kExitBadInput;
    }
    io.out << expression << "\n";
    if (steps) printSteps(io.out, r, env);
    const EvalValue& v = r.value;
    if (v.integer) {
        io.out << "  = " << intText(*v.integer, v.bits) << "\n";
        io.out << "  format     " << v.integer->name << " (saturating conversion), rounding "
               << roundingName(env.rounding) << "\n";
        io.out << "  bits       " << intHex(*v.integer, v.bits) << "\n";
    } else {
        io.out << "  = " << valueText(v.format, v.bits) << "\n";
        io.out << "  format     " << v.format.name() << ", rounding " << roundingName(env.rounding) << "\n";
        io.out << "  bits       " << hexBits(v.format, v.bits) << " = " << bitString(v.format, v.bits, ' ') << "\n";
        io.out << "  exact      " << exactDecimal(v.format, v.bits) << "\n";
        io.out << "  shortest   " << shortestDecimal(v.format, v.bits) << "\n";
    }
    Flags literalFlags = 0;
    for (const EvalStep& s : r.steps)
        if (s.kind == EvalStep::Kind::Literal) literalFlags |= s.flags;
    io.out << "  flags      " << describeFlags(Flags(r.flags | literalFlags)) << "\n";
    if (literalFlags != 0)
        io.out << "             operations " << flagLetters(r.flags) << ", rounding the literals "
               << flagLetters(literalFlags) << "\n";
    for (const EvalStep& s : r.steps) {
        if (s.kind != EvalStep::Kind::Literal || s.flags == 0) continue;
        io.out << "  note       " << s.text << " is stored as " << valueText(s.result.format, s.result.bits) << " ("
               << hexBits(s.result.format, s.result.bits) << "), flags " << describeFlags(s.flags) << "\n";
    }
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("eval", "evaluate an expression such as 'fp16(1) + fp16(2^-11)', with --steps", runEval,
                  evalOptionTables);

} // namespace fplab::cli
