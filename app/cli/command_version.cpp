// `fplab-cli version`: the program's version.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"

#include <ostream>

namespace fplab::cli {
namespace {

OptionTable versionOptions() {
    OptionTable t;
    t.command = "version";
    t.description = "Prints the version of fplab-cli.\n";
    return t;
}

std::vector<OptionTable> versionOptionTables() { return {versionOptions()}; }

int runVersion(std::span<const std::string_view> args, CommandIo io) {
    if (const std::optional<int> code = parseOptions(versionOptions(), args, io)) return *code;
    io.out << "fplab-cli " << FPLAB_VERSION << "\n";
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("version", "print the version", runVersion, versionOptionTables);

} // namespace fplab::cli
