// `fplab-cli gpu bench`: GEMM speed per type and size against the datasheet peak.
#include "app/cli/cli_options.h"
#include "app/cli/command_gpu.h"
#include "app/cli/ladder_report.h"
#include "gpu/backend_choice.h"
#include "gpu/bench.h"
#include "gpu/datasheet.h"
#include "gpu/device_info.h"

#include <charconv>
#include <ostream>

namespace fplab::cli {

using namespace fplab::gpu;

OptionTable gpuBenchOptions(GpuArgs& a) {
    OptionTable t;
    t.command = "gpu bench";
    t.summary = "GEMM speed per type and size, each row checked first, against the datasheet peak";
    t.options.push_back(
        gpuValue(a, "--types", "T,T,...", "the GEMM types (default: the benchmark's set): " + gemmTypeNameList()));
    t.options.push_back(
        gpuValue(a, "--sizes", "S,S,...", "square sizes, multiples of 16 (default 1024,2048,4096,8192)"));
    t.options.push_back(
        gpuValue(a, "--impl", "I",
                 "cublas (default), kernel, or ladder: cuBLAS then the five rungs of gpu/kernels/ladder_*, TFLOPS and "
                 "% of cuBLAS per rung and size (fp16-fp32 unless --types fp16-fp32,bf16-fp32)"));
    t.options.push_back(gpuValue(a, "--warmup", "N", "untimed runs, 0 to 100 (default 2)"));
    t.options.push_back(gpuValue(a, "--repeats", "N", "timed runs, 1 to 1000 (default 7)"));
    t.options.push_back(
        gpuValue(a, "--rungs", "R,R,...", "with --impl ladder: only these rungs (1 to 5; default all)"));
    t.options.push_back(
        gpuValue(a, "--time-limit", "S", "start no row after S seconds (1 to 3600); later rows say 'not run'"));
    addOutputOptions(t, a);
    return t;
}

int runGpuBench(const GpuArgs& a, CommandIo io) {
    std::string error;
    BenchConfig config;
    if (const std::string* t = a.get("--types")) {
        for (const auto& name : splitList(*t)) {
            const auto type = findGemmType(name);
            if (!type) {
                io.err << "fplab-cli gpu bench: unknown GEMM type " << quoted(name) << " (" << gemmTypeNameList()
                       << ")\n";
                return kExitUsage;
            }
            config.types.push_back(*type);
        }
    }
    if (const std::string* s = a.get("--sizes")) {
        config.sizes.clear();
        for (const auto& item : splitList(*s)) {
            int v = 0;
            const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
            if (ec != std::errc() || ptr != item.data() + item.size()) {
                io.err << "fplab-cli gpu bench: --sizes takes integers separated by commas (got " << quoted(item)
                       << ")\n";
                return kExitUsage;
            }
            config.sizes.push_back(v);
        }
    }
    if (const std::string* impl = a.get("--impl")) {
        if (*impl == "cublas") config.impl = BenchImpl::Cublas;
        else if (*impl == "kernel") config.impl = BenchImpl::Kernel;
        else if (*impl == "ladder") config.impl = BenchImpl::Ladder;
        else {
            io.err << "fplab-cli gpu bench: --impl must be cublas, kernel or ladder (got " << quoted(*impl) << ")\n";
            return kExitUsage;
        }
    }
    long long warmup = config.warmup, repeats = config.repeats;
    if (!parseInt(a, "--warmup", 0, 100, warmup, error) || !parseInt(a, "--repeats", 1, 1000, repeats, error)) {
        io.err << "fplab-cli gpu bench: " << error << "\n";
        return kExitUsage;
    }
    config.warmup = int(warmup);
    config.repeats = int(repeats);
    long long timeLimit = 0;
    if (!parseInt(a, "--time-limit", 1, 3600, timeLimit, error)) {
        io.err << "fplab-cli gpu bench: " << error << "\n";
        return kExitUsage;
    }
    config.timeLimitSeconds = double(timeLimit);
    if (const std::string* r = a.get("--rungs")) {
        for (const auto& item : splitList(*r)) {
            int v = 0;
            const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
            if (ec != std::errc() || ptr != item.data() + item.size()) {
                io.err << "fplab-cli gpu bench: --rungs takes rung numbers separated by commas (got " << quoted(item)
                       << ")\n";
                return kExitUsage;
            }
            config.rungs.push_back(v);
        }
    }
    if (auto why = checkBenchConfig(config); !why.empty()) {
        io.err << "fplab-cli gpu bench: " << why << "\n";
        return kExitUsage;
    }
    if (!noGpuReason().empty()) return reportNoGpu("bench", io);
    const auto& dev = queryDevices().devices.front();
    const auto rows = runBenchmark(config, [&](const BenchRow& row) {
        if (a.format == OutputFormat::Text)
            io.err << "  " << gemmTypeName(row.type) << " " << row.size
                   << (row.rung ? " rung " + std::to_string(row.rung) : "") << ": "
                   << (row.ran ? std::to_string(row.tflops) + " TFLOPS" : benchRowStatus(row)) << "\n";
    });
    const auto* sheet = findDatasheetEntry(dev.name);
    const std::string sheetName = sheet
                                      ? std::string(sheet->name) +
                                            (config.impl != BenchImpl::Ladder && sheet->uncertain ? " (uncertain)" : "")
                                      : "none";
    printReport(config.impl == BenchImpl::Ladder ? ladderBenchReport(rows, dev.name, sheetName, utcDate())
                                                 : speedBenchReport(rows, dev.name, sheetName),
                a.format, io.out);
    for (const BenchRow& row : rows)
        if (!row.wrong.empty()) return kExitMismatch;
    return kExitOk;
}

} // namespace fplab::cli
