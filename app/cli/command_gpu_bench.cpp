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
    t.summary = "GEMM speed per type and size, against the datasheet peak";
    t.options.push_back(gpuValue(a, "--types", "T,T,...", "the GEMM types (default: the benchmark's set): " + gemmTypeNameList()));
    t.options.push_back(gpuValue(a, "--sizes", "S,S,...", "square sizes, multiples of 16 (default 1024,2048,4096,8192)"));
    t.options.push_back(gpuValue(a, "--impl", "I", "cublas (default), kernel, or ladder: cuBLAS then the five rungs of gpu/kernels/ladder_*, TFLOPS and % of cuBLAS per rung and size (fp16-fp32 unless --types fp16-fp32,bf16-fp32)"));
    t.options.push_back(gpuValue(a, "--warmup", "N", "untimed runs, 0 to 100 (default 2)"));
    t.options.push_back(gpuValue(a, "--repeats", "N", "timed runs, 1 to 1000 (default 7)"));
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
                io.err << "fplab-cli gpu bench: unknown GEMM type " << quoted(name) << " (" << gemmTypeNameList() << ")\n";
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
                io.err << "fplab-cli gpu bench: --sizes takes integers separated by commas (got " << quoted(item) << ")\n";
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
    if (auto why = checkBenchConfig(config); !why.empty()) {
        io.err << "fplab-cli gpu bench: " << why << "\n";
        return kExitUsage;
    }
    if (!noGpuReason().empty()) return reportNoGpu("bench", io);
    const auto& dev = queryDevices().devices.front();
    const auto rows = runBenchmark(config, [&](const BenchRow& row) {
        if (a.format == OutputFormat::Text)
            io.err << "  " << gemmTypeName(row.type) << " " << row.size << (row.rung ? " rung " + std::to_string(row.rung) : "")
                   << ": " << (row.ran ? std::to_string(row.tflops) + " TFLOPS" : "skipped") << "\n";
    });
    const auto* sheet = findDatasheetEntry(dev.name);
    if (config.impl == BenchImpl::Ladder) {
        printReport(ladderBenchReport(rows, dev.name, sheet ? std::string(sheet->name) : "none", utcDate()), a.format,
                    io.out);
        return kExitOk;
    }
    Report r;
    r.fields.push_back({"device", txt(dev.name)});
    r.fields.push_back({"datasheet entry", txt(sheet ? std::string(sheet->name) + (sheet->uncertain ? " (uncertain)" : "")
                                                     : "none")});
    Table t{"bench", {"type", "column", "impl", "size", "median ms", "min ms", "max ms", "TFLOPS", "datasheet TFLOPS",
                      "% of datasheet", "status"}, {}};
    for (const auto& row : rows) {
        const auto& info = gemmTypeInfo(row.type);
        const bool peak = row.ran && row.datasheetPeak > 0;
        t.rows.push_back({txt(std::string(info.name)), txt(std::string(info.benchLabel)), txt(row.impl),
                          num(std::int64_t(row.size)), row.ran ? num(row.medianMs) : txt("-"),
                          row.ran ? num(row.minMs) : txt("-"), row.ran ? num(row.maxMs) : txt("-"),
                          row.ran ? num(row.tflops, "%.2f") : txt("-"),
                          row.datasheetPeak > 0 ? num(row.datasheetPeak) : txt("-"),
                          peak ? num(100.0 * row.tflops / row.datasheetPeak, "%.1f") : txt("-"),
                          txt(row.ran ? (row.note.empty() ? "ok" : "ok: " + row.note) : "skipped: " + row.skipped)});
    }
    r.tables.push_back(t);
    printReport(r, a.format, io.out);
    return kExitOk;
}

} // namespace fplab::cli
