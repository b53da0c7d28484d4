// The ladder table: one cuBLAS row (rung 0) per type and size, then the five rungs against it.
#include "app/cli/ladder_report.h"

#include "gpu/ladder.h"
#include "gpu/ladder_results.h"

#include <chrono>
#include <ctime>

namespace fplab::cli {

using namespace fplab::gpu;

namespace {

Cell tflopsCell(const BenchRow& row) {
    if (!row.wrong.empty()) return txt(std::string(kWrongMark));
    return row.ran ? num(row.tflops, "%.2f") : txt("-");
}

} // namespace

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
                          row.ran ? num(row.medianMs) : txt("-"), tflopsCell(row),
                          row.cublasTflops > 0 ? num(row.cublasTflops, "%.2f") : txt("-"),
                          pct > 0 ? num(pct, "%.1f") : txt("-"),
                          row.datasheetPeak > 0 ? num(row.datasheetPeak) : txt("-"),
                          peak ? num(100.0 * row.tflops / row.datasheetPeak, "%.1f") : txt("-"),
                          txt(info ? std::string(info->idea) : std::string("the library, for comparison")),
                          txt(benchRowStatus(row))});
    }
    r.tables.push_back(std::move(t));
    r.notes.push_back("Before it is timed, every row's sampled cells are compared with the model of its instruction "
                      "(rungs: bit for bit) or, for cuBLAS, with the error bound of any summation order; a row that "
                      "fails shows WRONG and no TFLOPS.");
    return r;
}

Report speedBenchReport(const std::vector<BenchRow>& rows, const std::string& device, const std::string& sheet) {
    Report r;
    r.fields.push_back({"device", txt(device)});
    r.fields.push_back({"datasheet entry", txt(sheet)});
    Table t{"bench",
            {"type", "column", "impl", "size", "median ms", "min ms", "max ms", "TFLOPS", "datasheet TFLOPS",
             "% of datasheet", "checked against", "status"},
            {}};
    for (const auto& row : rows) {
        const auto& info = gemmTypeInfo(row.type);
        const bool peak = row.ran && row.datasheetPeak > 0;
        t.rows.push_back({txt(std::string(info.name)), txt(std::string(info.benchLabel)), txt(row.impl),
                          num(std::int64_t(row.size)), row.ran ? num(row.medianMs) : txt("-"),
                          row.ran ? num(row.minMs) : txt("-"), row.ran ? num(row.maxMs) : txt("-"), tflopsCell(row),
                          row.datasheetPeak > 0 ? num(row.datasheetPeak) : txt("-"),
                          peak ? num(100.0 * row.tflops / row.datasheetPeak, "%.1f") : txt("-"),
                          txt(row.checkedAgainst.empty() ? "-" : row.checkedAgainst), txt(benchRowStatus(row))});
    }
    r.tables.push_back(t);
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
