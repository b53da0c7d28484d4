// `fplab-cli fp8gemm`: the long-K FP8 GEMM on the Hopper tensor-core model, with and without
// promotion to FP32, against the exact sum of the same products (core/blockscale/long_k_error.h).
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"
#include "core/blockscale/long_k_error.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

struct Fp8GemmOptions {
    blockscale::LongKSettings settings;
    std::vector<int> depths{512, 4096, 16384};
};

// A whole number (checked later by checkLongKSettings, which names the range); clamped so that it fits an int.
OptionSetter setWhole(std::string name, int& target) {
    return [name, &target](std::string_view value, std::string& error) {
        const auto x = wholeNumber(value);
        if (!x) error = name + " takes a whole number (got " + quoted(value) + ")";
        else target = int(std::clamp<long long>(*x, -1, 1 << 20));
        return x.has_value();
    };
}

OptionTable fp8GemmOptions(Fp8GemmOptions& o) {
    OptionTable t;
    t.command = "fp8gemm";
    t.description = "Multiplies an m x k by a k x n matrix of values uniform in [0, 1), cast to E4M3 with one scale "
                    "per\n"
                    "tensor (amax / 448), on the model of the H100's FP8 tensor core (32 products per block, 13 bits\n"
                    "kept, the running sum truncated to e8m13), and prints the relative error of the m x n results\n"
                    "against the exact sum of the same FP8 products: the whole k in the tensor core ('unpromoted'),\n"
                    "the partial sum moved to an FP32 accumulator every N products ('promoted', DeepSeek-V3's N_C),\n"
                    "and a plain FP32 loop; 'quantization' is the exact FP8 result against FP64 of the inputs.\n";
    t.options = {
        {"--k", "K[,K...]", "depths, 1 to 1048576 (default 512,4096,16384)",
         [&o](std::string_view value, std::string& error) {
             o.depths.clear();
             std::string_view rest = value;
             while (true) {
                 const std::size_t comma = rest.find(',');
                 const auto k = wholeNumber(rest.substr(0, comma));
                 if (!k || *k < 1 || *k > (1 << 20)) {
                     error = "--k takes depths from 1 to 1048576 (got " + quoted(value) + ")";
                     return false;
                 }
                 o.depths.push_back(int(*k));
                 if (comma == std::string_view::npos) return true;
                 rest.remove_prefix(comma + 1);
             }
         }},
        {"--promote", "N", "promotion interval, a multiple of 32 (default 128)",
         setWhole("--promote", o.settings.promoteEvery)},
        {"--m", "M", "output rows, 1 to 256 (default 8)", setWhole("--m", o.settings.m)},
        {"--n", "N", "output columns, 1 to 256 (default 8)", setWhole("--n", o.settings.n)},
        {"--seed", "S", "the inputs' seed (default 1)",
         [&o](std::string_view value, std::string& error) {
             const auto x = wholeNumber(value);
             if (!x) error = "--seed takes a whole number (got " + quoted(value) + ")";
             else o.settings.seed = std::uint64_t(*x);
             return x.has_value();
         }},
    };
    return t;
}

std::vector<OptionTable> fp8GemmOptionTables() {
    static Fp8GemmOptions unused;
    return {fp8GemmOptions(unused)};
}

std::string sci(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3e", v);
    return buf;
}

int runFp8Gemm(std::span<const std::string_view> args, CommandIo io) {
    Fp8GemmOptions o;
    if (const std::optional<int> code = parseOptions(fp8GemmOptions(o), args, io)) return *code;
    blockscale::LongKSettings& s = o.settings;
    const std::vector<int>& depths = o.depths;
    const auto usage = [&](const std::string& message) {
        io.err << "fplab-cli fp8gemm: " << message << "\n";
        return kExitUsage;
    };
    s.k = depths.front();
    if (std::string e = blockscale::checkLongKSettings(s); !e.empty()) return usage(e);
    io.out << "E4M3 GEMM " << s.m << " x k x " << s.n << ", per-tensor scales, Hopper FP8 tensor-core model; "
           << "relative error against the exact FP8 sum (max / mean over the cells)\n";
    io.out << "      k   unpromoted max/mean     promoted every " << s.promoteEvery
           << " max/mean   fp32 loop mean  quantization mean  unpromoted/promoted\n";
    for (int k : depths) {
        s.k = k;
        const blockscale::LongKError e = blockscale::measureLongKError(s);
        char line[256];
        std::snprintf(line, sizeof line, "%7d   %s / %s   %s / %s        %s       %s          %.1f\n", k,
                      sci(e.unpromoted.maxRelative).c_str(), sci(e.unpromoted.meanRelative).c_str(),
                      sci(e.promoted.maxRelative).c_str(), sci(e.promoted.meanRelative).c_str(),
                      sci(e.fp32.meanRelative).c_str(), sci(e.quantization.meanRelative).c_str(), e.ratio());
        io.out << line;
    }
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("fp8gemm", "long-K FP8 GEMM error on the H100 tensor-core model, with and without FP32 promotion",
                  runFp8Gemm, fp8GemmOptionTables);

} // namespace fplab::cli
