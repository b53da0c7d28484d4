// `fplab-cli fp8gemm`: the long-K FP8 GEMM on the Hopper tensor-core model, with and without
// promotion to FP32, against the exact sum of the same products (core/blockscale/long_k_error.h).
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "core/blockscale/long_k_error.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

constexpr std::string_view kUsage =
    "usage: fplab-cli fp8gemm [--k K[,K...]] [--promote N] [--m M] [--n N] [--seed S]\n"
    "\n"
    "Multiplies an m x k by a k x n matrix of values uniform in [0, 1), cast to E4M3 with one scale per\n"
    "tensor (amax / 448), on the model of the H100's FP8 tensor core (32 products per block, 13 bits\n"
    "kept, the running sum truncated to e8m13), and prints the relative error of the m x n results\n"
    "against the exact sum of the same FP8 products: the whole k in the tensor core ('unpromoted'),\n"
    "the partial sum moved to an FP32 accumulator every N products ('promoted', DeepSeek-V3's N_C),\n"
    "and a plain FP32 loop; 'quantization' is the exact FP8 result against FP64 of the inputs.\n"
    "\n"
    "  --k K[,K...]   depths, 1 to 1048576 (default 512,4096,16384)\n"
    "  --promote N    promotion interval, a multiple of 32 (default 128)\n"
    "  --m M --n N    output size, 1 to 256 each (default 8 x 8)\n"
    "  --seed S       the inputs' seed (default 1)\n";

std::optional<long long> wholeNumber(std::string_view text) {
    long long v = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
    return v;
}

std::string sci(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3e", v);
    return buf;
}

int runFp8Gemm(std::span<const std::string_view> args, CommandIo io) {
    blockscale::LongKSettings s;
    std::vector<int> depths{512, 4096, 16384};
    ArgScanner scan(args);
    const auto usage = [&](const std::string& message) {
        io.err << "fplab-cli fp8gemm: " << message << "\n";
        return kExitUsage;
    };
    while (!scan.done()) {
        std::string_view name;
        std::optional<std::string_view> inlineValue;
        if (!scan.nextOption(name, inlineValue)) return usage("unexpected argument " + quoted(scan.nextPositional()));
        if (name == "--help" || name == "-h") {
            io.out << kUsage;
            return kExitOk;
        }
        const std::optional<std::string_view> value = scan.optionValue(inlineValue);
        if (!value) return usage(std::string(name) + " needs a value");
        if (name == "--k") {
            depths.clear();
            std::string_view rest = *value;
            while (true) {
                const std::size_t comma = rest.find(',');
                const auto k = wholeNumber(rest.substr(0, comma));
                if (!k || *k < 1 || *k > (1 << 20)) return usage("--k takes depths from 1 to 1048576 (got " + quoted(*value) + ")");
                depths.push_back(int(*k));
                if (comma == std::string_view::npos) break;
                rest.remove_prefix(comma + 1);
            }
            continue;
        }
        const auto x = wholeNumber(*value);
        if (!x) return usage(std::string(name) + " takes a whole number (got " + quoted(*value) + ")");
        if (name == "--promote") s.promoteEvery = int(std::clamp<long long>(*x, -1, 1 << 20));
        else if (name == "--m") s.m = int(std::clamp<long long>(*x, -1, 1 << 20));
        else if (name == "--n") s.n = int(std::clamp<long long>(*x, -1, 1 << 20));
        else if (name == "--seed") s.seed = std::uint64_t(*x);
        else return usage("unknown option " + quoted(name) + " (see fplab-cli fp8gemm --help)");
    }
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
                  runFp8Gemm);

} // namespace fplab::cli
