// The `gpu` command's subcommands, one file each (command_gpu_<name>.cpp), dispatched by
// command_gpu.cpp, and the option helpers they share (gpu_options.cpp).
#pragma once

#include "app/cli/command.h"
#include "app/cli/report.h"
#include "core/tensor_core/mma_config.h"
#include "gpu/gemm_types.h"
#include "gpu/gemm.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fplab::cli {

// The words after "gpu SUBCOMMAND", split into --name value options, flags and positional words.
struct GpuArgs {
    OutputFormat format = OutputFormat::Text;
    std::vector<std::pair<std::string, std::string>> options; // --name value
    std::vector<std::string> flags;                            // --name
    std::vector<std::string_view> positional;

    const std::string* get(std::string_view name) const {
        for (const auto& [k, v] : options)
            if (k == name) return &v;
        return nullptr;
    }
    bool has(std::string_view name) const {
        for (const auto& f : flags)
            if (f == name) return true;
        return false;
    }
};

int runGpuInfo(const GpuArgs& a, CommandIo io);
int runGpuGemm(const GpuArgs& a, CommandIo io);
int runGpuCompare(const GpuArgs& a, CommandIo io);
int runGpuAccumulate(const GpuArgs& a, CommandIo io);
int runGpuBench(const GpuArgs& a, CommandIo io);
// args: the words after "gpu fingerprint" (it parses its own options).
int runGpuFingerprint(std::span<const std::string_view> args, CommandIo io);

// ---- option helpers (gpu_options.cpp) ----

bool parseGpuArgs(std::span<const std::string_view> words, GpuArgs& a, std::string& error);
// Checks that only known options were given to a subcommand.
bool onlyKnown(const GpuArgs& a, std::initializer_list<std::string_view> known, std::string& error);
// The integer option `name`, when given, into `value`; false with the range in `error` when it is not one.
bool parseInt(const GpuArgs& a, std::string_view name, long long lo, long long hi, long long& value, std::string& error);
std::vector<std::string> splitList(const std::string& s);
// "fplab-cli gpu SUB: <why there is no GPU>" on stderr; returns kExitNoGpu.
int reportNoGpu(std::string_view sub, CommandIo io);
std::optional<tc::Arch> archOption(const GpuArgs& a, std::string& error);

struct ProblemOptions {
    gpu::ProblemSpec spec;
    bool ok = false;
};
// --m --n --k --seed --dist.
ProblemOptions problemOptions(const GpuArgs& a, gpu::GemmType type, int defaultSize, std::string& error);
// --type, required.
std::optional<gpu::GemmType> typeOption(const GpuArgs& a, std::string& error);

} // namespace fplab::cli
