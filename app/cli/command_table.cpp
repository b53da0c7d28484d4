// The command table and the dispatcher that main() and the in-process tests call.
#include "app/cli/command.h"

#include "app/cli/cli_options.h"
#include "core/platform/file_output_buffer.h"

#include <exception>
#include <ostream>
#include <string>

namespace fplab::cli {

namespace {

// Every command's output must arrive: a write that failed (a full disk, a closed pipe) is reported
// and turns the exit code into kExitOutput, instead of a truncated output reported as success.
int checkOutput(std::string_view name, int code, CommandIo io) {
    io.out.flush();
    if (!io.out) {
        io.err << "fplab-cli " << name << ": cannot write to standard output: " << platform::writeFailureText(io.out)
               << "\n";
        code = kExitOutput;
    }
    io.err.flush();
    // Standard error cannot report its own failure; the exit code does, where it would otherwise say success.
    if (!io.err && code == kExitOk) code = kExitOutput;
    return code;
}

} // namespace

std::vector<Command>& commandTable() {
    static std::vector<Command> table;
    return table;
}

int runCli(std::span<const std::string_view> args, CommandIo io) {
    if (args.empty()) {
        // No command: the list of commands, but as a usage error so scripts notice.
        const std::string_view none[] = {"help"};
        runCli(std::span<const std::string_view>(none), {io.in, io.err, io.err});
        return checkOutput("help", kExitUsage, io);
    }
    std::string_view name = args[0];
    std::span<const std::string_view> rest = args.subspan(1);
    if (name == "--help" || name == "-h") name = "help";
    if (name == "--version" || name == "-V") name = "version";
    for (const Command& c : commandTable()) {
        if (c.name != name) continue;
        int code = kExitOk;
        try {
            code = c.run(rest, io);
        } catch (const std::exception& e) {
            io.out.flush();
            io.err << "fplab-cli " << name << ": internal error: " << e.what() << "\n";
            code = kExitInternal;
        }
        return checkOutput(name, code, io);
    }
    io.err << "fplab-cli: unknown command " << quoted(name) << " (see 'fplab-cli help')\n";
    return kExitUsage;
}

} // namespace fplab::cli
