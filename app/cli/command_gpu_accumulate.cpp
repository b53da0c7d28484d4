// `fplab-cli gpu accumulate`: repeated addition in several formats and one sum in three orders, CPU
// beside GPU; without a GPU the CPU column still prints and the exit status is 4.
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "gpu/accumulate.h"
#include "gpu/backend_choice.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ostream>

namespace fplab::cli {

using namespace fplab::gpu;

namespace {

std::string bitsHex(std::uint64_t bits, int width) {
    char buf[24];
    std::snprintf(buf, sizeof buf, width == 16 ? "0x%04llX" : "0x%08llX", static_cast<unsigned long long>(bits));
    return buf;
}

} // namespace

OptionTable gpuAccumulateOptions(GpuArgs& a) {
    OptionTable t;
    t.command = "gpu accumulate";
    t.summary = "0.01 added 1000 times in FP32, FP16, FP16 into FP32, FP16 Kahan; one sum in three orders";
    t.description = "Without a GPU the CPU column still prints, and the exit status is 4.\n";
    t.options.push_back(gpuValue(a, "--addend", "X", "the number added (default 0.01)"));
    t.options.push_back(gpuValue(a, "--count", "N", "how many times, 0 to 100000000 (default 1000)"));
    t.options.push_back(
        gpuValue(a, "--values", "N", "the values of the summation-order sum, 1 to 2^26 (default 2^20)"));
    t.options.push_back(gpuValue(a, "--seed", "S", "their seed (default 1)"));
    t.options.push_back(gpuValue(a, "--atomic-repeats", "R", "runs of the atomicAdd sum, 0 to 100 (default 5)"));
    addOutputOptions(t, a);
    return t;
}

int runGpuAccumulate(const GpuArgs& a, CommandIo io) {
    std::string error;
    double addend = 0.01;
    if (const std::string* s = a.get("--addend")) {
        char* end = nullptr;
        addend = std::strtod(s->c_str(), &end);
        if (s->empty() || end != s->c_str() + s->size()) {
            io.err << "fplab-cli gpu accumulate: --addend must be a decimal number (got " << quoted(*s) << ")\n";
            return kExitUsage;
        }
    }
    long long count = 1000, values = 1 << 20, seed = 1, repeats = 5;
    if (!parseInt(a, "--count", 0, 100'000'000, count, error) || !parseInt(a, "--values", 1, 1 << 26, values, error) ||
        !parseInt(a, "--seed", 0, 1ll << 62, seed, error) || !parseInt(a, "--atomic-repeats", 0, 100, repeats, error)) {
        io.err << "fplab-cli gpu accumulate: " << error << "\n";
        return kExitUsage;
    }
    const std::string noGpu = noGpuReason();
    const bool useGpu = noGpu.empty();
    const auto rep = repeatedAddition(addend, int(count), useGpu);
    const auto order = summationOrder(int(values), std::uint64_t(seed), int(repeats), useGpu);
    Report r;
    r.fields.push_back({"addend", num(addend, "%.17g")});
    r.fields.push_back({"count", num(std::int64_t(count))});
    r.fields.push_back({"gpu", txt(useGpu ? "yes" : noGpu)});
    Table t1{"repeated addition", {"sum", "format", "cpu value", "cpu bits", "gpu value", "gpu bits", "identical"}, {}};
    for (const auto& row : rep.rows) {
        const int w = row.resultFormat == "fp16" ? 16 : 32;
        t1.rows.push_back({txt(row.name), txt(row.resultFormat), num(row.cpuValue, "%.17g"),
                           txt(bitsHex(row.cpuBits, w)), row.gpuValue ? num(*row.gpuValue, "%.17g") : txt("-"),
                           row.gpuBits ? txt(bitsHex(*row.gpuBits, w)) : txt("-"),
                           row.gpuBits ? yesNo(*row.gpuBits == row.cpuBits) : txt("-")});
    }
    auto f32 = [](std::uint32_t bits) {
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return double(f);
    };
    Table t2{
        "summation order", {"order", "cpu value", "gpu value", "gpu bits", "identical to cpu", "error vs exact"}, {}};
    t2.rows.push_back({txt("exact (fp64)"), num(order.exact, "%.17g"), txt("-"), txt("-"), txt("-"), num(0.0)});
    t2.rows.push_back({txt("sequential, one thread"), num(f32(order.cpuSequential), "%.17g"),
                       order.gpuSequential ? num(f32(*order.gpuSequential), "%.17g") : txt("-"),
                       order.gpuSequential ? txt(bitsHex(*order.gpuSequential, 32)) : txt("-"),
                       order.gpuSequential ? yesNo(*order.gpuSequential == order.cpuSequential) : txt("-"),
                       num(f32(order.cpuSequential) - order.exact, "%.6g")});
    t2.rows.push_back({txt("tree, 256-wide blocks"), num(f32(order.cpuTree), "%.17g"),
                       order.gpuTree ? num(f32(*order.gpuTree), "%.17g") : txt("-"),
                       order.gpuTree ? txt(bitsHex(*order.gpuTree, 32)) : txt("-"),
                       order.gpuTree ? yesNo(*order.gpuTree == order.cpuTree) : txt("-"),
                       num(f32(order.cpuTree) - order.exact, "%.6g")});
    for (std::size_t i = 0; i < order.gpuAtomic.size(); ++i)
        t2.rows.push_back({txt("atomicAdd, run " + std::to_string(i + 1)), txt("-"),
                           num(f32(order.gpuAtomic[i]), "%.17g"), txt(bitsHex(order.gpuAtomic[i], 32)), txt("-"),
                           num(f32(order.gpuAtomic[i]) - order.exact, "%.6g")});
    r.fields.push_back({"values summed", num(std::int64_t(values))});
    r.tables.push_back(t1);
    r.tables.push_back(t2);
    printReport(r, a.format, io.out);
    if (!useGpu) {
        io.err << "fplab-cli gpu accumulate: " << noGpu << " (only the CPU column was computed)\n";
        return kExitNoGpu;
    }
    return kExitOk;
}

} // namespace fplab::cli
