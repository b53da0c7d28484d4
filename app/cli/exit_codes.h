// The exit status of fplab-cli, defined once for every command, `help` and the tests.
// A plain enum on int: commands return the process's exit status as an int, and a named
// code converts to it without a cast at each of the many returns.
#pragma once

namespace fplab::cli {

enum ExitCode : int {
    kExitOk = 0,
    kExitBadInput = 1, // the input (a value, an expression, a batch line, a file) is wrong
    kExitUsage = 2,    // the command line itself is wrong
    kExitInternal = 3, // an unexpected failure inside fplab-cli
    kExitNoGpu = 4,    // the request needs a usable GPU (and a CUDA build) that is not there, or the GPU side failed
    kExitMismatch = 5, // results that must agree differ (gpu compare, train --compare)
    kExitOutput = 6,   // the output could not be written (standard output, standard error, a file)
};

} // namespace fplab::cli
