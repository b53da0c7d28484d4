// `fplab-cli help [COMMAND]`: the list of commands, or one command's usage.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"

#include <algorithm>
#include <ostream>

namespace fplab::cli {
namespace {

int runHelp(std::span<const std::string_view> args, CommandIo io) {
    if (!args.empty() && args[0] != "--help" && args[0] != "-h") {
        for (const Command& c : commandTable()) {
            if (c.name != args[0] || c.name == "help") continue;
            const std::string_view helpArg[] = {"--help"};
            return c.run(std::span<const std::string_view>(helpArg), io);
        }
        io.err << "fplab-cli help: unknown command " << quoted(args[0]) << "\n";
        return kExitUsage;
    }
    std::vector<Command> commands = commandTable();
    std::sort(commands.begin(), commands.end(), [](const Command& a, const Command& b) { return a.name < b.name; });
    io.out << "fplab-cli: number formats for deep learning, bit for bit\n\n"
              "usage: fplab-cli COMMAND [ARGS...]\n\ncommands:\n";
    for (const Command& c : commands) {
        io.out << "  " << c.name;
        for (std::size_t i = c.name.size(); i < 10; ++i) io.out << ' ';
        io.out << c.summary << "\n";
    }
    io.out << "\n'fplab-cli help COMMAND' or 'fplab-cli COMMAND --help' shows a command's usage.\n\n";
    std::string codes = "exit codes:";
    for (const ExitCodeWords& c : kExitCodeWords)
        codes += (c.code == kExitOk ? " " : ", ") + std::to_string(int(c.code)) + " " + c.words;
    for (const std::string& line : wrapped(codes, 100)) io.out << line << "\n";
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("help", "list the commands, or show one command's usage", runHelp);

} // namespace fplab::cli
