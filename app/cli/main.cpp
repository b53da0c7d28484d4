// fplab-cli: look at one value, evaluate an expression step by step, or run operations in bulk.
#include "app/cli/command.h"

#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    // The batch command reads and writes through the streams in big blocks; unsynced streams keep that fast.
    std::ios::sync_with_stdio(false);
    std::vector<std::string_view> args;
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    const int code = fplab::cli::runCli(args, {std::cin, std::cout, std::cerr});
    std::cout.flush();
    return code;
}
