// One table per command of its options: name, value placeholder, help text and what the option
// does. The same table parses the command line and writes the command's --help, so help and
// parser cannot disagree, and every command reports unknown options and missing values alike.
#pragma once

#include "app/cli/command.h"
#include "core/format.h"
#include "core/rounding.h"
#include "core/quote.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::cli {

// Applies an option's value (empty for a flag); false, with the reason in `error`, when it is bad.
using OptionSetter = std::function<bool(std::string_view value, std::string& error)>;

struct Option {
    std::string name;        // "--rounding"
    std::string placeholder; // "R": the value's name in the help; empty for a flag
    std::string help;        // what it does; '\n' starts a continuation line
    OptionSetter set;
    bool required = false; // the parser refuses a command line without it; the synopsis shows it unbracketed
};

struct OptionTable {
    std::string command;     // "eval", "gpu gemm": messages start "fplab-cli <command>: "
    std::string summary;     // one line (the `gpu` command lists its subcommands with it)
    std::string operands;    // the synopsis before the options: "EXPR", "list|run|show ID"
    std::string trailing;    // the synopsis after the options: "< input", "[FILE.npy]"
    std::string description; // the paragraphs between the synopsis and the options
    std::vector<Option> options;
    std::string notes; // the text after the options
    // Takes a positional word; when empty, a positional word is an error.
    std::function<bool(std::string_view word, std::string& error)> positional;
    std::string positionalHint; // added to "unexpected argument 'x'", e.g. "(the values come on stdin)"
};

// Setters for the common cases, and for the options several commands share (names as cli_options.h looks them up).
OptionSetter setFlag(bool& target);
OptionSetter setText(std::string& target);
OptionSetter setRounding(RoundingMode& target);
OptionSetter setTininess(Tininess& target);
OptionSetter setFormat(Format& target);
// --tininess T and --saturate, as eval, show and batch take them.
Option tininessOption(Tininess& target);
Option saturateOption(bool& target);
// A name looked up with `parse` (giving a std::optional); otherwise "unknown <what> 'v' (<known>)".
template <typename T, typename Parse>
OptionSetter setNamed(T& target, Parse parse, std::string what, std::string known) {
    return [&target, parse, what = std::move(what), known = std::move(known)](std::string_view v, std::string& error) {
        const auto x = parse(v);
        if (x) target = *x;
        else error = "unknown " + what + " " + quoted(v) + " (" + known + ")";
        return x.has_value();
    };
}

// Parses `args` with the table. --help or -h prints the help on io.out. Returns the exit code when the
// command ends here (help printed: 0; a usage error on io.err: kExitUsage), nothing when it should run.
std::optional<int> parseOptions(const OptionTable& table, std::span<const std::string_view> args, CommandIo io);

// The whole --help text: synopsis, description, the options one per line, notes.
std::string helpText(const OptionTable& table);
// The lines of `text` (split at '\n'), each broken at spaces to at most `width` characters.
std::vector<std::string> wrapped(const std::string& text, std::size_t width);
// "usage: fplab-cli <command> <operands> [--a A] [--b] ... <trailing>", wrapped at 100 columns.
std::string synopsis(const OptionTable& table, std::string_view prefix = "usage: ");

} // namespace fplab::cli
