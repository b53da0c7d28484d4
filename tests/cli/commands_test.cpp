// The command table and dispatcher: help, version, unknown commands, and that an exception
// inside a command becomes an error message instead of a crash.
#include "app/cli/command.h"
#include "cli_run.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

namespace fplab::cli::test {
namespace {

int throwingCommand(std::span<const std::string_view>, CommandIo) { throw std::runtime_error("planted failure"); }
FPLAB_CLI_COMMAND("test-throw", "a command that throws (tests only)", throwingCommand);

bool hasCommand(std::string_view name) {
    const auto& table = commandTable();
    return std::any_of(table.begin(), table.end(), [&](const Command& c) { return c.name == name; });
}

TEST(CliCommands, TheTableHoldsEveryCommand) {
    for (const char* name : {"show", "eval", "batch", "help", "version"}) EXPECT_TRUE(hasCommand(name)) << name;
}

TEST(CliCommands, HelpListsCommandsWithSummaries) {
    const CliRun r = runInProcess({"help"});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_NE(r.out.find("usage: fplab-cli COMMAND"), std::string::npos);
    for (const Command& c : commandTable())
        EXPECT_NE(r.out.find(std::string(c.name) + std::string(c.name.size() < 10 ? 10 - c.name.size() : 0, ' ') +
                             std::string(c.summary)),
                  std::string::npos)
            << c.name;
    EXPECT_EQ(runInProcess({"--help"}).out, r.out);
}

TEST(CliCommands, HelpForOneCommandShowsItsUsage) {
    for (const char* name : {"show", "eval", "batch", "version"}) {
        const CliRun r = runInProcess({"help", name});
        EXPECT_EQ(r.code, kExitOk) << name;
        EXPECT_NE(r.out.find(std::string("usage: fplab-cli ") + name), std::string::npos) << name;
        EXPECT_EQ(runInProcess({name, "--help"}).out, r.out) << name;
    }
    const CliRun r = runInProcess({"help", "frobnicate"});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_EQ(r.err, "fplab-cli help: unknown command 'frobnicate'\n");
}

// The tests compare with the names; the numbers are a promise to scripts, pinned here once.
TEST(CliCommands, ExitCodesAreTheDocumentedNumbers) {
    EXPECT_EQ(int(kExitOk), 0);
    EXPECT_EQ(int(kExitBadInput), 1);
    EXPECT_EQ(int(kExitUsage), 2);
    EXPECT_EQ(int(kExitInternal), 3);
    EXPECT_EQ(int(kExitNoGpu), 4);
    EXPECT_EQ(int(kExitMismatch), 5);
    EXPECT_EQ(int(kExitOutput), 6);
    const CliRun r = runInProcess({"help"});
    EXPECT_NE(r.out.find("exit codes: 0 success, 1 bad input, 2 bad command line, 3 internal error, 4 no usable GPU"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("5 results that should agree differ, 6 output could not be written"), std::string::npos)
        << r.out;
}

TEST(CliCommands, Version) {
    const CliRun r = runInProcess({"version"});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_EQ(r.out, std::string("fplab-cli ") + FPLAB_TEST_VERSION + "\n");
    EXPECT_EQ(runInProcess({"--version"}).out, r.out);
    EXPECT_EQ(runInProcess({"version", "extra"}).code, kExitUsage);
}

TEST(CliCommands, UnknownCommandAndNoCommand) {
    CliRun r = runInProcess({"frobnicate"});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "fplab-cli: unknown command 'frobnicate' (see 'fplab-cli help')\n");
    r = runInProcess({"\xff\x01"});
    EXPECT_EQ(r.err, "fplab-cli: unknown command '\\xff\\x01' (see 'fplab-cli help')\n");
    r = runInProcess({});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("usage: fplab-cli COMMAND"), std::string::npos);
}

TEST(CliCommands, AnExceptionInACommandIsReportedNotACrash) {
    const CliRun r = runInProcess({"test-throw"});
    EXPECT_EQ(r.code, kExitInternal);
    EXPECT_EQ(r.err, "fplab-cli test-throw: internal error: planted failure\n");
}

} // namespace
} // namespace fplab::cli::test
