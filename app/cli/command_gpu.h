// The `gpu` command's subcommands, one file each (command_gpu_<name>.cpp), dispatched by
// command_gpu.cpp, and the option helpers they share (gpu_options.cpp).
#pragma once

#include "app/cli/command.h"
#include "app/cli/option_table.h"
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
    std::vector<std::string> flags;                           // --name
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

// Each subcommand's option table (bound to `a`) and what it runs once the table has filled `a`.
OptionTable gpuInfoOptions(GpuArgs& a);
int runGpuInfo(const GpuArgs& a, CommandIo io);
OptionTable gpuGemmOptions(GpuArgs& a);
int runGpuGemm(const GpuArgs& a, CommandIo io);
OptionTable gpuCompareOptions(GpuArgs& a);
int runGpuCompare(const GpuArgs& a, CommandIo io);
OptionTable gpuAccumulateOptions(GpuArgs& a);
int runGpuAccumulate(const GpuArgs& a, CommandIo io);
OptionTable gpuBenchOptions(GpuArgs& a);
int runGpuBench(const GpuArgs& a, CommandIo io);
OptionTable gpuVerifiedOptions(GpuArgs& a);
int runGpuVerified(const GpuArgs& a, CommandIo io);
// `gpu fingerprint` keeps its own options; args: the words after "gpu fingerprint".
int runGpuFingerprint(std::span<const std::string_view> args, CommandIo io);
// Its table, bound to throwaway state (for the `gpu` help and the tests).
OptionTable gpuFingerprintOptions();

// ---- option helpers (gpu_options.cpp) ----

// An option whose value is kept in a.options (checked by the subcommand), and a flag kept in a.flags.
Option gpuValue(GpuArgs& a, std::string name, std::string placeholder, std::string help);
Option gpuFlag(GpuArgs& a, std::string name, std::string help);
// --csv and --json.
void addOutputOptions(OptionTable& t, GpuArgs& a);
// The integer option `name`, when given, into `value`; false with the range in `error` when it is not one.
bool parseInt(const GpuArgs& a, std::string_view name, long long lo, long long hi, long long& value,
              std::string& error);
std::vector<std::string> splitList(const std::string& s);
// "fplab-cli gpu SUB: <why there is no GPU>" on stderr; returns kExitNoGpu.
int reportNoGpu(std::string_view sub, CommandIo io);
std::optional<tc::Arch> archOption(const GpuArgs& a, std::string& error);

struct ProblemOptions {
    gpu::ProblemSpec spec;
    bool ok = false;
};
// The options of a problem: --m --n --k (default `defaultSize`), --seed, --dist; and their checks.
void addProblemOptions(OptionTable& t, GpuArgs& a, int defaultSize);
ProblemOptions problemOptions(const GpuArgs& a, gpu::GemmType type, int defaultSize, std::string& error);
// --type.
std::optional<gpu::GemmType> typeOption(const GpuArgs& a, std::string& error);

} // namespace fplab::cli
