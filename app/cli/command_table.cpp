// The command table and the dispatcher that main() and the in-process tests call.
#include "app/cli/command.h"

#include "app/cli/cli_options.h"

#include <exception>
#include <ostream>
#include <string>

namespace fplab::cli {

std::vector<Command>& commandTable() {
    static std::vector<Command> table;
    return table;
}

int runCli(std::span<const std::string_view> args, CommandIo io) {
    if (args.empty()) {
        // No command: the list of commands, but as a usage error so scripts notice.
        const std::string_view none[] = {"help"};
        runCli(std::span<const std::string_view>(none), {io.in, io.err, io.err});
        return kExitUsage;
    }
    std::string_view name = args[0];
    std::span<const std::string_view> rest = args.subspan(1);
    if (name == "--help" || name == "-h") name = "help";
    if (name == "--version" || name == "-V") name = "version";
    for (const Command& c : commandTable()) {
        if (c.name != name) continue;
        try {
            const int code = c.run(rest, io);
            io.out.flush();
            return code;
        } catch (const std::exception& e) {
            io.out.flush();
            io.err << "fplab-cli " << name << ": internal error: " << e.what() << "\n";
            return kExitInternal;
        }
    }
    io.err << "fplab-cli: unknown command " << quoted(name) << " (see 'fplab-cli help')\n";
    return kExitUsage;
}

} // namespace fplab::cli
