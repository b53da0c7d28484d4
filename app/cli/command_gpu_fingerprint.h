// `fplab-cli gpu fingerprint`: dispatched from command_gpu.cpp, which owns the `gpu` command.
#pragma once

#include "app/cli/command.h"

#include <span>
#include <string_view>

namespace fplab::cli {

// args: the words after "gpu fingerprint".
int runGpuFingerprint(std::span<const std::string_view> args, CommandIo io);

} // namespace fplab::cli
