// Fuzzes the text typed into `fplab-cli eval` and `show`: the expression parser and evaluator,
// the literal reader with its exact error report, and the printers of --steps and --all.
#include "app/cli/command.h"
#include "app/cli/eval_expression.h"
#include "app/cli/exit_codes.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

namespace {

int run(std::initializer_list<std::string_view> args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = fplab::cli::runCli(std::span<const std::string_view>(args.begin(), args.size()), {in, out, err});
    if (code == fplab::cli::kExitInternal || (code == fplab::cli::kExitOk) != err.str().empty()) {
        std::fprintf(stderr, "exit %d, stderr: %s\n", code, err.str().c_str());
        std::abort();
    }
    return code;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0; // people type short expressions; longer ones only slow the search
    const std::string text(reinterpret_cast<const char*>(data), size);
    const fplab::cli::EvalOutcome r = fplab::cli::evaluateExpression(text, {}, true);
    if (!r.ok() && r.errorColumn > text.size()) std::abort();
    run({"eval", "--steps", "--", text});
    run({"eval", "--rounding", "rtz", "--tininess", "before", "--", text});
    run({"show", "--format", "fp16", "--", text});
    if (size < 40) run({"show", "--all", "--format", "bf16", "--", text});
    return 0;
}
