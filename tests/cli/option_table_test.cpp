// The option tables: every command's --help names each option of its table, and every command
// refuses an unknown option, a missing value and a value given to a flag with exit 2 and a message
// naming the option and the command. Then the parser itself on a small table of its own.
#include "app/cli/exit_codes.h"
#include "app/cli/option_table.h"
#include "cli_run.h"

#include <gtest/gtest.h>

#include <sstream>

namespace fplab::cli::test {
namespace {

// The command line of a table's command: "gpu gemm" is {"gpu", "gemm"}.
std::vector<std::string> commandWords(const OptionTable& t) {
    std::vector<std::string> words;
    std::istringstream s(t.command);
    for (std::string w; s >> w;) words.push_back(w);
    return words;
}

std::vector<std::string> with(std::vector<std::string> words, std::initializer_list<std::string> more) {
    words.insert(words.end(), more.begin(), more.end());
    return words;
}

std::vector<OptionTable> allTables() {
    std::vector<OptionTable> tables;
    for (const Command& c : commandTable())
        if (c.options)
            for (OptionTable& t : c.options()) tables.push_back(std::move(t));
    return tables;
}

TEST(OptionTables, EveryCommandWithOptionsHasATable) {
    std::vector<std::string> commands;
    for (const OptionTable& t : allTables()) commands.push_back(t.command);
    for (const char* name :
         {"version", "eval", "show", "batch", "fp8gemm", "quantize", "cast", "bytes", "inspect", "lesson", "mma",
          "train", "gpu info", "gpu gemm", "gpu compare", "gpu accumulate", "gpu bench", "gpu fingerprint"})
        EXPECT_NE(std::find(commands.begin(), commands.end(), name), commands.end()) << name;
}

TEST(OptionTables, HelpNamesEveryOption) {
    for (const OptionTable& t : allTables()) {
        const CliRun r = runInProcess(with(commandWords(t), {"--help"}));
        EXPECT_EQ(r.code, kExitOk) << t.command;
        EXPECT_EQ(r.out.rfind("usage: fplab-cli " + t.command, 0), 0u) << r.out;
        if (t.options.empty()) continue;
        const std::size_t list = r.out.find("\noptions:\n");
        ASSERT_NE(list, std::string::npos) << r.out;
        const std::string options = r.out.substr(list);
        for (const Option& o : t.options) {
            const std::string words = o.placeholder.empty() ? o.name : o.name + " " + o.placeholder;
            EXPECT_NE(options.find("\n  " + words + " "), std::string::npos) << t.command << " " << words << "\n"
                                                                             << r.out;
            EXPECT_FALSE(o.help.empty()) << t.command << " " << o.name;
        }
    }
}

TEST(OptionTables, AnUnknownOptionIsAUsageErrorNamingItAndTheCommand) {
    for (const OptionTable& t : allTables()) {
        const CliRun r = runInProcess(with(commandWords(t), {"--no-such-option"}));
        EXPECT_EQ(r.code, kExitUsage) << t.command;
        EXPECT_EQ(r.err, "fplab-cli " + t.command + ": unknown option '--no-such-option' (see 'fplab-cli " + t.command +
                             " --help')\n");
        EXPECT_EQ(r.out, "");
    }
}

TEST(OptionTables, AMissingValueIsAUsageErrorSayingSo) {
    for (const OptionTable& t : allTables())
        for (const Option& o : t.options) {
            if (o.placeholder.empty()) continue;
            const CliRun r = runInProcess(with(commandWords(t), {o.name}));
            EXPECT_EQ(r.code, kExitUsage) << t.command << " " << o.name;
            EXPECT_EQ(r.err, "fplab-cli " + t.command + ": " + o.name + " needs a value (" + o.name + " " +
                                 o.placeholder + ")\n");
        }
}

TEST(OptionTables, AFlagTakesNoValue) {
    for (const OptionTable& t : allTables())
        for (const Option& o : t.options) {
            if (!o.placeholder.empty()) continue;
            const CliRun r = runInProcess(with(commandWords(t), {o.name + "=1"}));
            EXPECT_EQ(r.code, kExitUsage) << t.command << " " << o.name;
            EXPECT_EQ(r.err, "fplab-cli " + t.command + ": " + o.name + " takes no value\n");
        }
}

// The parser on a table of its own.
struct Parsed {
    std::optional<int> code;
    std::string out, err;
    std::string name;
    bool loud = false;
    std::vector<std::string> words;
};

Parsed parse(std::vector<std::string_view> args, bool nameRequired = false) {
    Parsed p;
    OptionTable t;
    t.command = "demo";
    t.operands = "WORD...";
    t.description = "A demo.\n";
    t.options = {{"--name", "N", "a name", setText(p.name), nameRequired},
                 {"--loud", "",
                  "a flag with a help text long enough to be wrapped at the hundredth column of the help "
                  "text, after which it goes on",
                  setFlag(p.loud)},
                 {"--bad", "X", "always refused", [](std::string_view v, std::string& error) {
                      error = "--bad refuses " + std::string(v);
                      return false;
                  }}};
    t.positional = [&p](std::string_view w, std::string&) {
        p.words.emplace_back(w);
        return true;
    };
    std::istringstream in;
    std::ostringstream out, err;
    p.code = parseOptions(t, args, {in, out, err});
    p.out = out.str();
    p.err = err.str();
    return p;
}

TEST(OptionTableParser, ValuesFlagsAndWords) {
    const Parsed p = parse({"a", "--name", "x", "--loud", "b", "--name=y", "--", "--loud"});
    EXPECT_FALSE(p.code);
    EXPECT_EQ(p.name, "y");
    EXPECT_TRUE(p.loud);
    EXPECT_EQ(p.words, (std::vector<std::string>{"a", "b", "--loud"}));
    EXPECT_EQ(p.err, "");
}

TEST(OptionTableParser, Errors) {
    Parsed p = parse({"--bad", "7"});
    EXPECT_EQ(p.code, kExitUsage);
    EXPECT_EQ(p.err, "fplab-cli demo: --bad refuses 7\n");
    p = parse({"--name"});
    EXPECT_EQ(p.code, kExitUsage);
    EXPECT_EQ(p.err, "fplab-cli demo: --name needs a value (--name N)\n");
    p = parse({"--loud=yes"});
    EXPECT_EQ(p.err, "fplab-cli demo: --loud takes no value\n");
    p = parse({"-x"});
    EXPECT_EQ(p.err, "fplab-cli demo: unknown option '-x' (see 'fplab-cli demo --help')\n");
    p = parse({"a"}, true);
    EXPECT_EQ(p.code, kExitUsage);
    EXPECT_EQ(p.err, "fplab-cli demo: --name is required (see 'fplab-cli demo --help')\n");
    EXPECT_FALSE(parse({"--name", "n"}, true).code);
}

TEST(OptionTableParser, Help) {
    const Parsed p = parse({"--name", "x", "-h", "--bad", "1"});
    EXPECT_EQ(p.code, kExitOk);
    EXPECT_EQ(p.err, "");
    EXPECT_EQ(p.out,
              "usage: fplab-cli demo WORD... [--name N] [--loud] [--bad X]\n"
              "\n"
              "A demo.\n"
              "\n"
              "options:\n"
              "  --name N    a name\n"
              "  --loud      a flag with a help text long enough to be wrapped at the hundredth column of the help\n"
              "              text, after which it goes on\n"
              "  --bad X     always refused\n"
              "  --help, -h  this text\n");
}

} // namespace
} // namespace fplab::cli::test
