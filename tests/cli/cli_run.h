// Runs fplab-cli in process (through runCli, with string streams) for the tests.
#pragma once

#include "app/cli/command.h"
#include "app/cli/exit_codes.h"

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::cli::test {

struct CliRun {
    int code = -1;
    std::string out;
    std::string err;
};

inline CliRun runInProcess(const std::vector<std::string>& args, const std::string& input = {}) {
    std::istringstream in(input);
    std::ostringstream out, err;
    std::vector<std::string_view> views(args.begin(), args.end());
    CliRun r;
    r.code = runCli(views, {in, out, err});
    r.out = out.str();
    r.err = err.str();
    return r;
}

// The lines of `text`, without their newlines.
inline std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream s(text);
    for (std::string line; std::getline(s, line);) lines.push_back(line);
    return lines;
}

// The line of `text` that starts with `prefix`, or "" when there is none.
inline std::string lineStartingWith(const std::string& text, std::string_view prefix) {
    for (const std::string& line : linesOf(text))
        if (std::string_view(line).substr(0, prefix.size()) == prefix) return line;
    return {};
}

} // namespace fplab::cli::test
