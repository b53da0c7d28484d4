// The option helpers of the `gpu` subcommands: splitting the words, checking names, and the
// options several subcommands share (--type, --arch, the problem's size, seed and distribution).
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "gpu/backend_choice.h"

#include <charconv>
#include <ostream>

namespace fplab::cli {
namespace {

using namespace fplab::gpu;

// Options that take a value; everything else starting with -- is a flag.
bool takesValue(std::string_view name) {
    static constexpr std::string_view kValued[] = {"--type", "--impl", "--m", "--n", "--k", "--seed", "--dist",
                                                   "--arch", "--tiles", "--addend", "--count", "--values",
                                                   "--atomic-repeats", "--types", "--sizes", "--warmup", "--repeats"};
    for (auto v : kValued)
        if (v == name) return true;
    return false;
}

} // namespace

bool parseGpuArgs(std::span<const std::string_view> words, GpuArgs& a, std::string& error) {
    ArgScanner scan(words);
    while (!scan.done()) {
        std::string_view name;
        std::optional<std::string_view> inlineValue;
        if (!scan.nextOption(name, inlineValue)) {
            a.positional.push_back(scan.nextPositional());
            continue;
        }
        if (name == "--csv") a.format = OutputFormat::Csv;
        else if (name == "--json") a.format = OutputFormat::Json;
        else if (takesValue(name)) {
            const auto v = scan.optionValue(inlineValue);
            if (!v) {
                error = std::string(name) + " needs a value";
                return false;
            }
            a.options.emplace_back(std::string(name), std::string(*v));
        } else {
            a.flags.emplace_back(name);
        }
    }
    return true;
}

// Checks that only known options were given to a subcommand.
bool onlyKnown(const GpuArgs& a, std::initializer_list<std::string_view> known, std::string& error) {
    auto isKnown = [&](std::string_view n) {
        for (auto k : known)
            if (k == n) return true;
        return false;
    };
    for (const auto& [k, v] : a.options)
        if (!isKnown(k)) {
            error = "unknown option " + quoted(k);
            return false;
        }
    for (const auto& f : a.flags)
        if (!isKnown(f)) {
            error = "unknown option " + quoted(f);
            return false;
        }
    if (!a.positional.empty()) {
        error = "unexpected argument " + quoted(a.positional.front());
        return false;
    }
    return true;
}

bool parseInt(const GpuArgs& a, std::string_view name, long long lo, long long hi, long long& value, std::string& error) {
    const std::string* s = a.get(name);
    if (!s) return true;
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(s->data(), s->data() + s->size(), v);
    if (ec != std::errc() || ptr != s->data() + s->size() || v < lo || v > hi) {
        error = std::string(name) + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                " (got " + quoted(*s) + ")";
        return false;
    }
    value = v;
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
