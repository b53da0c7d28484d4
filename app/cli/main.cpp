// fplab-cli: look at one value, evaluate an expression step by step, or run operations in bulk.
#include "app/cli/command.h"
#include "core/platform/file_output_buffer.h"

#include <cstdio>
#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    // The batch command reads and writes through the streams in big blocks; unsynced streams keep that fast.
    std::ios::sync_with_stdio(false);
    std::vector<std::string_view> args;
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    // Standard output and error through buffers that keep the reason of a failed write, so that
    // runCli can name it ("No space left on device") instead of exiting 0 with the output lost.
    fplab::platform::FileOutputBuffer out(stdout), err(stderr);
    std::streambuf* const coutBuffer = std::cout.rdbuf(&out);
    std::streambuf* const cerrBuffer = std::cerr.rdbuf(&err);
    const int code = fplab::cli::runCli(args, {std::cin, std::cout, std::cerr});
    std::cout.rdbuf(coutBuffer);
    std::cerr.rdbuf(cerrBuffer);
    return code;
}
