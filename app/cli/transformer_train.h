// The transformer's training from the command line, shared by `fplab-cli train --model transformer`
// (defaults d 64, context 32) and `fplab-cli gpt` (the earlier defaults, d 32, context 16).
#pragma once

#include "app/cli/command.h"
#include "app/cli/option_table.h"

#include <span>
#include <string_view>
#include <vector>

namespace fplab::cli {

enum class TransformerCommand : std::uint8_t { Train, Gpt };

// Whether a `train` command line asks for the transformer (--model transformer).
bool asksForTransformer(std::span<const std::string_view> trainArgs);
int runTransformerTraining(TransformerCommand command, std::span<const std::string_view> args, CommandIo io);
// Its option table (bound to throwaway state).
OptionTable transformerOptionTable(TransformerCommand command);

} // namespace fplab::cli
