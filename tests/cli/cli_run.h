// Runs fplab-cli in process (through runCli, with string streams) for the tests.
#pragma once

#include "app/cli/command.h"
#include "app/cli/exit_codes.h"

#include <cstdint>
#include <initializer_list>
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
// An NPY 1.0 file: the header dict with this descr and a (2, 2) shape, padded as np.save pads it, then the data.
inline std::vector<std::uint8_t> npy2x2(const std::string& descr, std::initializer_list<std::uint8_t> data) {
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (2, 2), }";
    header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
    header += '\n';
    std::vector<std::uint8_t> bytes = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, static_cast<std::uint8_t>(header.size()),
                                       0};
    bytes.reserve(bytes.size() + header.size() + data.size()); // (GCC 12 warns -Warray-bounds on the insert otherwise)
    bytes.insert(bytes.end(), header.begin(), header.end());
    bytes.insert(bytes.end(), data);
    return bytes;
}

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
