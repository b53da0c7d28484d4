// `fplab-cli show VALUE`: one value in one format (fields, class, exact and shortest
// decimal, ulp, neighbours, the error of storing it, the flags), or in every preset with --all.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"
#include "app/cli/trace_printer.h"
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/text/literal.h"
#include "core/text/print.h"
#include "core/text/value_report.h"
#include "core/values.h"

#include <ostream>

namespace fplab::cli {
namespace {

struct ShowOptions {
    std::vector<std::string_view> values;
    Format format = kFp32;
    Env env;
    bool all = false;
};

OptionTable showOptions(ShowOptions& o) {
    OptionTable t;
    t.command = "show";
    t.operands = "VALUE";
    t.description = "Shows how VALUE is stored in a format: the bits grouped by field, the class, the exact and\n"
                    "the shortest decimal, hex-float, the ulp, the neighbours, the error of the stored value against\n"
                    "the typed one and the flags that storing it raised.\n"
                    "\n"
                    "  VALUE        0.1, -2.5e-3, 2^-11, 10^-3, inf, nan, 0x1.8p-3 (hex-float),\n"
                    "               0x3c00 or 0b0_01111_0000000000 (raw bits of the format)\n";
    t.options = {
        {"--format", "F",
         "fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 e2m1 e8m0 e4m3fnuz e5m2fnuz\n"
         "or a custom name such as e5m10-nosub, e4m3-fn, e5m10-bias=14 (default fp32)",
         setFormat(o.format)},
        {"--rounding", "R", "rne rna rtz rup rdn rto (default rne)", setRounding(o.env.rounding)},
        tininessOption(o.env.tininess),
        saturateOption(o.env.saturate),
        {"--all", "", "every preset format side by side (raw bits are read in --format first)", setFlag(o.all)},
    };
    t.notes = "A value too large for the format (1e999999999) is stored as infinity, or NaN / the largest\n"
              "value in formats without infinity, with the overflow flag; this is not an error.\n";
    t.positional = [&o](std::string_view word, std::string&) {
        o.values.push_back(word);
        return true;
    };
    return t;
}

std::vector<OptionTable> showOptionTables() {
    static ShowOptions unused;
    return {showOptions(unused)};
}

std::string padded(std::string s, std::size_t width) {
    if (s.size() < width) s.append(width - s.size(), ' ');
    return s;
}

// Every preset, one row each. Raw bits are decoded in `sourceFormat` and converted; other input is parsed per format.
int printAll(std::ostream& out, std::ostream& err, std::string_view text, const Format& sourceFormat, const Env& env) {
    LiteralOrError source = readLiteral(text, sourceFormat, env);
    if (!source.literal) {
        err << "fplab-cli show: " << source.error << "\n";
        return kExitBadInput;
    }
    const bool rawBits = source.literal->kind == InputKind::RawHex || source.literal->kind == InputKind::RawBinary;
    if (rawBits) {
        out << text << " read as " << sourceFormat.name() << " = "
            << valueText(sourceFormat, source.literal->stored.bits) << ", converted to every format (rounding "
            << roundingName(env.rounding) << ")\n";
    } else {
        out << text << " in every format (rounding " << roundingName(env.rounding) << ")\n";
    }
    out << padded("format", 10) << padded("hex", 20) << padded("stored value (exact)", 30)
        << padded("relative error", 16) << "flags\n";
    for (const Format* f : kPresetFormats) {
        Literal lit;
        if (rawBits) {
            lit.text = std::string(text);
            lit.stored = convert(sourceFormat, source.literal->stored.bits, *f, env);
            lit.exact = exactValueOf(sourceFormat, source.literal->stored.bits);
            lit.kind = lit.exact                                                    ? InputKind::Decimal
                       : isNan(classify(sourceFormat, source.literal->stored.bits)) ? InputKind::NaN
                                                                                    : InputKind::Infinity;
        } else {
            LiteralOrError one = readLiteral(text, *f, env);
            if (!one.literal) {
                out << padded(std::string(f->name()), 10) << "error: " << one.error << "\n";
                continue;
            }
            lit = std::move(*one.literal);
        }
        const StoredError e = storedError(*f, lit);
        std::string relative = "-";
        if (e.available) relative = e.relative ? formatDouble("%+.4g", *e.relative) : "undefined";
        else if (e.why.rfind("not finite", 0) == 0) relative = "overflow";
        std::string value = exactDecimal(*f, lit.stored.bits);
        if (value.size() > 28) value = value.substr(0, 25) + "...";
        out << padded(std::string(f->name()), 10) << padded(hexBits(*f, lit.stored.bits), 20) << padded(value, 30)
            << padded(relative, 16) << flagLetters(lit.stored.flags) << "\n";
    }
    return kExitOk;
}

int runShow(std::span<const std::string_view> args, CommandIo io) {
    ShowOptions o;
    if (const std::optional<int> code = parseOptions(showOptions(o), args, io)) return *code;
    const std::vector<std::string_view>& values = o.values;
    const Format format = o.format;
    const Env& env = o.env;
    if (values.size() != 1) {
        io.err << "fplab-cli show: "
               << (values.empty() ? "missing VALUE" : "expected one VALUE, got " + std::to_string(values.size()))
               << " (e.g. 'fplab-cli show 0.1 --format fp16')\n";
        return kExitUsage;
    }
    if (o.all) return printAll(io.out, io.err, values[0], format, env);
    LiteralOrError lit = readLiteral(values[0], format, env);
    if (!lit.literal) {
        io.err << "fplab-cli show: " << lit.error << "\n";
        return kExitBadInput;
    }
    io.out << valueReportText(valueReport(format, *lit.literal, env));
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("show", "show one value in a format (fields, exact value, ulp, error, flags)", runShow,
                  showOptionTables);

} // namespace fplab::cli
