// Fuzzes `fplab-cli batch` end to end (the line parser and the loop), in both error modes.
// With --keep-going every input line must give exactly one output line.
#include "app/cli/batch_runner.h"
#include "app/cli/exit_codes.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::size_t lines = 0;
    for (char c : input) lines += c == '\n';
    if (!input.empty() && input.back() != '\n') ++lines;

    for (bool keepGoing : {false, true}) {
        fplab::cli::BatchOptions options;
        options.keepGoing = keepGoing;
        options.tininess = size % 2 ? fplab::Tininess::BeforeRounding : fplab::Tininess::AfterRounding;
        options.saturate = size % 3 == 0;
        std::istringstream in(input);
        std::ostringstream out, err;
        const int code = fplab::cli::runBatch(in, out, err, options);
        const std::string o = out.str(), e = err.str();
        std::size_t outLines = 0;
        for (char c : o) outLines += c == '\n';
        using namespace fplab::cli;
        if ((code == kExitOk) != e.empty() || (code != kExitOk && code != kExitBadInput) ||
            (!o.empty() && o.back() != '\n')) {
            std::fprintf(stderr, "inconsistent exit code %d / stderr '%s'\n", code, e.c_str());
            std::abort();
        }
        if (keepGoing && outLines != lines) {
            std::fprintf(stderr, "--keep-going wrote %zu lines for %zu input lines\n", outLines, lines);
            std::abort();
        }
        if (!keepGoing && outLines > lines) std::abort();
    }
    return 0;
}
