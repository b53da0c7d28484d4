// `fplab-cli batch`: one operation per input line, one result line out (see batch_runner.h).
#include "app/cli/batch_runner.h"
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"

#include <ostream>

namespace fplab::cli {
namespace {

OptionTable batchOptions(BatchOptions& o) {
    OptionTable t;
    t.command = "batch";
    t.trailing = "< input";
    t.description =
        "Reads one operation per line from standard input and writes one result per line.\n"
        "\n"
        "  input lines   OP FORMAT ROUNDING HEX...        OP: add sub mul div (2 operands), fma (3), sqrt (1)\n"
        "                convert SRC DST ROUNDING HEX\n"
        "  formats       fp64 fp32 tf32 fp16 bf16 e4m3 e5m2 e2m3 e3m2 e2m1 e8m0 e4m3fnuz e5m2fnuz,\n"
        "                custom names such as e5m10-nosub; int8 uint8 int32 int64 in convert only\n"
        "                (float to integer saturates: out of range or NaN raises v and clamps, NaN gives 0)\n"
        "  rounding      rne rna rtz rup rdn rto\n"
        "  operands      the raw bits in hex, optional 0x, any case, leading zeros allowed, but the value\n"
        "                must fit the format (tf32 is its own 19-bit encoding; integers are two's complement)\n"
        "  output lines  RESULT FLAGS: the result bits in lowercase hex without 0x, zero-padded to the\n"
        "                format's width, a space, and the flags raised as letters of vzoux in that order\n"
        "                (invalid, divide-by-zero, overflow, underflow, inexact) or '-' for none\n";
    t.options = {
        tininessOption(o.tininess),
        saturateOption(o.saturate),
        {"--keep-going", "",
         "on a bad line, write 'error' in its place, report it on stderr and go on;\n"
         "the exit code is still 1 at the end",
         setFlag(o.keepGoing)},
    };
    t.notes = "A bad line stops the run with 'line N: what is wrong' on stderr and exit code 1.\n"
              "Example: echo 'add fp16 rne 3c00 3c00' | fplab-cli batch   prints   4000 -\n";
    t.positionalHint = "(the operations come from standard input; see 'fplab-cli batch --help')";
    return t;
}

std::vector<OptionTable> batchOptionTables() {
    static BatchOptions unused;
    return {batchOptions(unused)};
}

int runBatchCommand(std::span<const std::string_view> args, CommandIo io) {
    BatchOptions options;
    if (const std::optional<int> code = parseOptions(batchOptions(options), args, io)) return *code;
    return runBatch(io.in, io.out, io.err, options);
}

} // namespace

FPLAB_CLI_COMMAND("batch", "run operations from stdin, one per line: 'add fp16 rne 3c00 3c00' -> '4000 -'",
                  runBatchCommand, batchOptionTables);

} // namespace fplab::cli
