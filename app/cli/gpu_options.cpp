// The option helpers of the `gpu` subcommands: options kept as given for the subcommand to check,
// and the options several subcommands share (--csv/--json, --type, --arch, the problem's size, seed
// and distribution).
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "app/cli/option_table.h"
#include "gpu/backend_choice.h"

#include <ostream>

namespace fplab::cli {
using namespace fplab::gpu;

Option gpuValue(GpuArgs& a, std::string name, std::string placeholder, std::string help) {
    OptionSetter set = [&a, name](std::string_view value, std::string&) {
        a.options.emplace_back(name, std::string(value));
        return true;
    };
    return {std::move(name), std::move(placeholder), std::move(help), std::move(set)};
}

Option gpuFlag(GpuArgs& a, std::string name, std::string help) {
    OptionSetter set = [&a, name](std::string_view, std::string&) {
        a.flags.push_back(name);
        return true;
    };
    return {std::move(name), "", std::move(help), std::move(set)};
}

void addOutputOptions(OptionTable& t, GpuArgs& a) {
    t.options.push_back({"--csv", "", "the tables as CSV (the fields first, as '# key: value' lines)",
                         [&a](std::string_view, std::string&) {
                             a.format = OutputFormat::Csv;
                             return true;
                         }});
    t.options.push_back({"--json", "", "everything as one JSON object", [&a](std::string_view, std::string&) {
                             a.format = OutputFormat::Json;
                             return true;
                         }});
}

void addProblemOptions(OptionTable& t, GpuArgs& a, int defaultSize) {
    const std::string size = std::to_string(defaultSize);
    t.options.push_back(gpuValue(a, "--m", "M", "rows of A and D, 1 to 4096 (default " + size + ")"));
    t.options.push_back(gpuValue(a, "--n", "N", "columns of B and D, 1 to 4096 (default " + size + ")"));
    t.options.push_back(gpuValue(a, "--k", "K", "the inner dimension, 1 to 4096 (default " + size + ")"));
    t.options.push_back(gpuValue(a, "--seed", "S", "the inputs' seed (default 1)"));
    t.options.push_back(gpuValue(a, "--dist", "D", "the inputs: uniform (default) or int (small integers)"));
}

bool parseInt(const GpuArgs& a, std::string_view name, long long lo, long long hi, long long& value,
              std::string& error) {
    const std::string* s = a.get(name);
    if (!s) return true;
    const std::optional<long long> v = wholeNumber(*s);
    if (!v || *v < lo || *v > hi) {
        error = std::string(name) + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                " (got " + quoted(*s) + ")";
        return false;
    }
    value = *v;
    return true;
}

std::vector<std::string> splitList(const std::string& s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t comma = s.find(',', start);
        const std::size_t end = comma == std::string::npos ? s.size() : comma;
        if (end > start) out.push_back(s.substr(start, end - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

int reportNoGpu(std::string_view sub, CommandIo io) {
    io.err << "fplab-cli gpu " << sub << ": " << noGpuReason() << "\n";
    return kExitNoGpu;
}

std::optional<tc::Arch> archOption(const GpuArgs& a, std::string& error) {
    const std::string* s = a.get("--arch");
    if (!s) return defaultModelArch();
    if (auto arch = tc::parseArch(*s)) return arch;
    error = "--arch must be sm_80 or sm_90 (got " + quoted(*s) + ")";
    return std::nullopt;
}

ProblemOptions problemOptions(const GpuArgs& a, GemmType type, int defaultSize, std::string& error) {
    ProblemOptions p;
    long long m = defaultSize, n = defaultSize, k = defaultSize, seed = 1;
    if (!parseInt(a, "--m", 1, 4096, m, error) || !parseInt(a, "--n", 1, 4096, n, error) ||
        !parseInt(a, "--k", 1, 4096, k, error) || !parseInt(a, "--seed", 0, (1ll << 62), seed, error))
        return p;
    p.spec.type = type;
    p.spec.m = int(m);
    p.spec.n = int(n);
    p.spec.k = int(k);
    p.spec.seed = std::uint64_t(seed);
    if (const std::string* d = a.get("--dist")) {
        if (*d == "uniform") p.spec.distribution = Distribution::Uniform;
        else if (*d == "int") p.spec.distribution = Distribution::SmallIntegers;
        else {
            error = "--dist must be uniform or int (got " + quoted(*d) + ")";
            return p;
        }
    }
    p.ok = true;
    return p;
}

std::optional<GemmType> typeOption(const GpuArgs& a, std::string& error) {
    const std::string* t = a.get("--type");
    if (!t) {
        error = "--type is required (" + gemmTypeNameList() + ")";
        return std::nullopt;
    }
    if (auto type = findGemmType(*t)) return type;
    error = "unknown GEMM type " + quoted(*t) + " (" + gemmTypeNameList() + ")";
    return std::nullopt;
}

} // namespace fplab::cli
