// The command table of fplab-cli. Each subcommand lives in its own file and
// registers itself with FPLAB_CLI_COMMAND, so areas add commands without touching main.
#pragma once

#include <iosfwd>
#include <span>
#include <string_view>
#include <vector>

namespace fplab::cli {

struct CommandIo {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

// Runs a subcommand; args excludes the program and subcommand names. Returns the exit code.
using CommandFn = int (*)(std::span<const std::string_view> args, CommandIo io);

struct OptionTable;
// The option tables a command parses with (the `gpu` command: one per subcommand), bound to throwaway
// state: for tests that check each option against the help and the parser.
using OptionTablesFn = std::vector<OptionTable> (*)();

struct Command {
    std::string_view name;
    std::string_view summary; // one line for `fplab-cli help`
    CommandFn run;
    OptionTablesFn options = nullptr;
};

std::vector<Command>& commandTable();

struct CommandRegistrar {
    explicit CommandRegistrar(Command c) { commandTable().push_back(c); }
};

// Runs fplab-cli with the given arguments (argv[0] excluded): what main() and the in-process tests call.
int runCli(std::span<const std::string_view> args, CommandIo io);

} // namespace fplab::cli

#define FPLAB_CLI_CONCAT_INNER(a, b) a##b
#define FPLAB_CLI_CONCAT(a, b) FPLAB_CLI_CONCAT_INNER(a, b)
// FPLAB_CLI_COMMAND(name, summary, run) or FPLAB_CLI_COMMAND(name, summary, run, optionTables).
#define FPLAB_CLI_COMMAND(name, summary, ...)                                                                          \
    static const ::fplab::cli::CommandRegistrar FPLAB_CLI_CONCAT(fplabCommand_, __LINE__)({name, summary, __VA_ARGS__})
