// The ladder table: one cuBLAS row (rung 0) per type and size, then the five rungs against it.
#include "app/cli/ladder_report.h"

#include "gpu/ladder.h"
#include "gpu/ladder_results.h"

#include <chrono>
#include <ctime>

namespace fplab::cli {

using namespace fplab::gpu;

Report ladderBenchReport(const std::vector<BenchRow>& rows, const std::string& device, const std::string& sheet,
                         const std::string& date) {
    Report r;
    r.fields.push_back({std::string(kLadderDeviceField), txt(device)});
    r.fields.push_back({"datasheet entry", txt(sheet)});
    r.fields.push_back({std::string(kLadderDateField), txt(date)});
    Table t{"ladder", {kLadderCsvColumns.begin(), kLadderCsvColumns.end()}, {}};
    for (const BenchRow& row : rows) {
        const bool isRung = row.rung >= 1 && row.rung <= kLadderRungCount;
        const LadderRungInfo* info = isRung ? &ladderRungs()[std::size_t(row.rung - 1)] : nullptr;
        const double pct = percentOfCublas(row);
        const bool peak = row.ran && row.datasheetPeak > 0;
        t.rows.push_back({txt(std::string(gemmTypeName(row.type))), num(std::int64_t(isRung ? row.rung : 0)),
                          txt(info ? std::string(info->name) : std::string("cublas")), num(std::int64_t(row.size)),
                          row.ran ? num(row.medianMs) : txt("-"), row.ran ? num(row.tflops, "%.2f") : txt("-"),
                          row.cublasTflops > 0 ? num(row.cublasTflops, "%.2f") : txt("-"),
                          pct > 0 ? num(pct, "%.1f") : txt("-"),
                          row.datasheetPeak > 0 ? num(row.datasheetPeak) : txt("-"),
                          peak ? num(100.0 * row.tflops / row.datasheetPeak, "%.1f") : txt("-"),
                          txt(info ? std::string(info->idea) : std::string("the library, for comparison")),
                          txt(row.ran ? "ok" : "skipped: " + row.skipped)});
    }
    r.tables.push_back(std::move(t));
    r.notes.push_back("Every rung's result is bit-checked against the CPU model of its instruction by the GPU tests "
                      "(tests/gpu/ladder_gpu_test.cpp); this table times them only.");
    return r;
}

std::string utcDate() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

} // namespace fplab::cli
