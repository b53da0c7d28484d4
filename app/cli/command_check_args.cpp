// `fplab-cli check-args COMMAND [SUBCOMMAND] ARGS...`: parses a command line with the command's own option
// table and stops there, so that a script's every fplab-cli call (scripts/gpu-run.sh's dry run) is checked
// on a machine that cannot run it: a mistyped option or a bad value is exit 2 with the parser's message.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"
#include "app/cli/transformer_train.h"

#include <ostream>
#include <sstream>

namespace fplab::cli {
namespace {

int runCheckArgs(std::span<const std::string_view> args, CommandIo io) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        (args.empty() ? io.err : io.out)
            << "usage: fplab-cli check-args COMMAND [SUBCOMMAND] [ARGS...]\n\n"
               "Parses the command line of COMMAND (and of its SUBCOMMAND, for gpu) with its option table, as\n"
               "running it would, and runs nothing: exit 0 when it parses, 2 with the parser's message when not.\n";
        return args.empty() ? kExitUsage : kExitOk;
    }
    for (const Command& c : commandTable()) {
        if (c.name != args[0]) continue;
        if (!c.options) {
            io.err << "fplab-cli check-args: " << quoted(c.name) << " has no option table to check against\n";
            return kExitUsage;
        }
        std::span<const std::string_view> rest = args.subspan(1);
        // `train --model transformer` is the transformer's table, as `train` itself picks it.
        const std::vector<OptionTable> tables = c.name == std::string_view("train") && asksForTransformer(rest)
                                                    ? std::vector{transformerOptionTable(TransformerCommand::Train)}
                                                    : c.options();
        const OptionTable* table = tables.size() == 1 ? &tables.front() : nullptr;
        if (!table) {
            // A command with subcommands (gpu): the table whose name is "COMMAND SUBCOMMAND".
            if (rest.empty()) {
                io.err << "fplab-cli check-args: " << quoted(c.name) << " needs a subcommand\n";
                return kExitUsage;
            }
            for (const OptionTable& t : tables)
                if (t.command == std::string(c.name) + " " + std::string(rest[0])) table = &t;
            if (!table) {
                io.err << "fplab-cli check-args: unknown subcommand " << quoted(rest[0]) << " of " << quoted(c.name)
                       << "\n";
                return kExitUsage;
            }
            rest = rest.subspan(1);
        }
        std::ostringstream help; // --help in the checked line prints nothing here
        if (const std::optional<int> code = parseOptions(*table, rest, {io.in, help, io.err}))
            return *code == kExitOk ? kExitOk : *code;
        io.out << "fplab-cli " << table->command << ": the command line parses\n";
        return kExitOk;
    }
    io.err << "fplab-cli check-args: unknown command " << quoted(args[0]) << "\n";
    return kExitUsage;
}

} // namespace

FPLAB_CLI_COMMAND("check-args", "parse another command's line with its option table and run nothing (dry runs)",
                  runCheckArgs);

} // namespace fplab::cli
