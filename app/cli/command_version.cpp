// `fplab-cli version`: the program's version.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"

#include <ostream>

namespace fplab::cli {
namespace {

int runVersion(std::span<const std::string_view> args, CommandIo io) {
    if (!args.empty() && args[0] != "--help" && args[0] != "-h") {
        io.err << "fplab-cli version: takes no arguments (got " << quoted(args[0]) << ")\n";
        return kExitUsage;
    }
    if (!args.empty()) {
        io.out << "usage: fplab-cli version\n\nPrints the version of fplab-cli.\n";
        return kExitOk;
    }
    io.out << "fplab-cli " << FPLAB_VERSION << "\n";
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("version", "print the version", runVersion);

} // namespace fplab::cli
