// `fplab-cli train`'s command line: its usage text, and its options parsed into a training
// configuration and what to print or write.
#pragma once

#include "app/cli/command.h"
#include "app/cli/exit_codes.h"
#include "app/cli/option_table.h"
#include "core/training/training_run.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::cli {
struct OptionTable;
}

namespace fplab::cli::train {

struct TrainOptions {
    training::TrainingConfig config;
    bool gpu = false;            // --backend gpu
    bool compare = false;        // --compare
    bool trace = false;          // --trace-dtypes
    std::string csvPath;         // --csv
    std::string gridPath;        // --grid
    long long every = 0;         // print every N-th step (from --every, or chosen from the step count)
    bool scaleRuleGiven = false; // --scale-rule (fp8-block only)
};

// The options in `options`; the exit code when the command ends here (--help printed, or a usage error
// reported on io.err), otherwise nothing.
std::optional<int> parseTrainOptions(std::span<const std::string_view> args, CommandIo io, TrainOptions& options);
// Option setters (also for `fplab-cli gpt`): a decimal or power of two ("2^-10") in [low, high], `what`
// naming the range in the error; a whole number in [low, high].
OptionSetter number(std::string name, double low, double high, std::string what, std::function<void(double)> set);
OptionSetter whole(std::string name, long long low, long long high, std::function<void(long long)> set);
// The option table of `train`, for Command::options.
std::vector<OptionTable> trainOptionTables();

} // namespace fplab::cli::train
