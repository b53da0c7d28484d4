// `fplab-cli gpt`: `train --model transformer` with the earlier defaults (app/cli/transformer_train.h).
#include "app/cli/command.h"
#include "app/cli/transformer_train.h"

namespace fplab::cli {
namespace {

int runGpt(std::span<const std::string_view> args, CommandIo io) {
    return runTransformerTraining(TransformerCommand::Gpt, args, io);
}

std::vector<OptionTable> gptOptionTables() { return {transformerOptionTable(TransformerCommand::Gpt)}; }

} // namespace

FPLAB_CLI_COMMAND("gpt", "train --model transformer with d 32, context 16: loss, accuracy, first overflow", runGpt,
                  gptOptionTables);

} // namespace fplab::cli
