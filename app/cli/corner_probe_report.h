// `fplab-cli gpu fingerprint --probe-corners`: the probes of the model's two open corners run on the GPU
// (or, to test them, on the CPU model with chosen readings), and what each answer says.
#pragma once

#include "app/cli/command.h"
#include "core/tensor_core/mma_config.h"
#include "gpu/gemm_types.h"

#include <optional>
#include <vector>

namespace fplab::cli {

struct CornerProbeOptions {
    std::vector<gpu::GemmType> types; // empty: every type the GPU (or the model) has
    bool onModel = false;             // --backend model
    tc::Arch arch = tc::Arch::Sm90;   // the model's architecture (--backend model)
    tc::CornerReadings readings;      // the model's readings (--backend model)
};

// Prints one block per type; exit 0, or 4 without a GPU (the reason on stderr).
int runCornerProbes(const CornerProbeOptions& options, CommandIo io);

} // namespace fplab::cli
