// `fplab-cli gpu info|gemm|compare|accumulate|bench|fingerprint`: the GPU lab from the command line, with
// text, --csv or --json output. Without a GPU (or a CUDA build) each says why and exits 4;
// `gpu info` then still exits 0 and reports "no GPU: <reason>".
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/command_gpu.h"
#include "app/cli/option_table.h"
#include "gpu/gpu_error.h"

#include <ostream>
#include <string>

namespace fplab::cli {
namespace {

using namespace fplab::gpu;

struct Subcommand {
    std::string_view name;
    OptionTable (*options)(GpuArgs& a);
    int (*run)(const GpuArgs& a, CommandIo io);
};

constexpr Subcommand kSubcommands[] = {
    {"info", gpuInfoOptions, runGpuInfo},          {"gemm", gpuGemmOptions, runGpuGemm},
    {"compare", gpuCompareOptions, runGpuCompare}, {"accumulate", gpuAccumulateOptions, runGpuAccumulate},
    {"bench", gpuBenchOptions, runGpuBench},       {"verified", gpuVerifiedOptions, runGpuVerified},
};

// Every subcommand's table, fingerprint last, bound to throwaway state.
std::vector<OptionTable> gpuOptionTables() {
    static GpuArgs unused;
    std::vector<OptionTable> tables;
    for (const Subcommand& s : kSubcommands) tables.push_back(s.options(unused));
    tables.push_back(gpuFingerprintOptions());
    return tables;
}

std::string usage() {
    std::string s = "usage: fplab-cli gpu COMMAND [options] [--csv | --json]\n\ncommands:\n";
    const std::vector<OptionTable> tables = gpuOptionTables();
    for (const OptionTable& t : tables) {
        const std::string name = t.command.substr(4);
        s += "  " + name + std::string(name.size() < 13 ? 13 - name.size() : 1, ' ') + t.summary + "\n";
    }
    s += "\n";
    for (const OptionTable& t : tables) s += synopsis(t, "");
    s += "\n'fplab-cli gpu COMMAND --help' describes a command's options.\n"
         "Types: " +
         gemmTypeNameList() +
         ".\n"
         "Backends: reference (FP64 sums, one rounding), sequential (the naive kernels' FMA chain on the CPU),\n"
         "model (the CPU tensor-core model of mma.sync, the kernels' instruction; on sm_90 compare adds the wgmma\n"
         "model for FP8, cuBLASLt's instruction), naive and kernel (the project's CUDA kernels), cublas. Every\n"
         "compare row names its instruction; 'model of its instruction' marks each GPU backend's own model.\n"
         "Exit status: 0 fine, 1 bad input, 2 usage, 3 internal error, 4 no GPU, 5 compare found a difference\n"
         "between two backends that must agree bit for bit.\n";
    return s;
}

int runGpu(std::span<const std::string_view> args, CommandIo io) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        (args.empty() ? io.err : io.out) << usage();
        return args.empty() ? kExitUsage : kExitOk;
    }
    const std::string_view sub = args[0];
    if (sub == "fingerprint") return runGpuFingerprint(args.subspan(1), io);
    for (const Subcommand& s : kSubcommands) {
        if (s.name != sub) continue;
        GpuArgs a;
        if (const std::optional<int> code = parseOptions(s.options(a), args.subspan(1), io)) return *code;
        try {
            return s.run(a, io);
        } catch (const GpuError& e) {
            io.err << "fplab-cli gpu " << sub << ": " << e.what() << "\n";
            switch (e.kind()) {
            case GpuError::Kind::NotBuilt:
            case GpuError::Kind::NoDevice:
            case GpuError::Kind::Unsupported: return kExitNoGpu;
            case GpuError::Kind::InvalidArgument: return kExitBadInput;
            default: return kExitInternal;
            }
        }
    }
    std::string names;
    for (const Subcommand& s : kSubcommands) names += std::string(s.name) + ", ";
    io.err << "fplab-cli gpu: unknown command " << quoted(sub) << " (" << names << "fingerprint)\n";
    return kExitUsage;
}

} // namespace

FPLAB_CLI_COMMAND("gpu", "the GPU lab: device info, GEMMs, comparisons with the CPU model, accumulation, speed", runGpu,
                  gpuOptionTables);

} // namespace fplab::cli
