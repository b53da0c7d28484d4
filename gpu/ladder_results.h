// The ladder bench's results as `fplab-cli gpu bench --impl ladder --csv` writes them, read back: the GPU
// Lab's chart and its "recorded on <device>, <date>" fallback read the same files scripts/gpu-run.sh
// leaves in docs/gpu-results/. The column names are written once, here, and the CLI prints with them.
#pragma once

#include "gpu/bench.h"
#include "gpu/gemm_types.h"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::gpu {

// The ladder table's columns, in order. "rung" is 0 on the cuBLAS row of each type and size.
inline constexpr std::array<std::string_view, 12> kLadderCsvColumns = {
    "type",          "rung",        "kernel",           "size",           "median ms", "TFLOPS",
    "cuBLAS TFLOPS", "% of cuBLAS", "datasheet TFLOPS", "% of datasheet", "idea",      "status"};
// The "# key: value" fields before the table (besides "datasheet entry").
inline constexpr std::string_view kLadderDeviceField = "device";
inline constexpr std::string_view kLadderDateField = "date";

struct LadderResult {
    GemmType type = GemmType::Fp16Fp32;
    int rung = 0; // 0: cuBLAS
    int size = 0;
    bool ran = false;
    double tflops = 0;
    double cublasTflops = 0;
    double datasheetTflops = 0;
    bool wrong = false; // the row's sampled cells failed their check: no TFLOPS (status "WRONG: <cell>")
    std::string status; // "ok", "WRONG: <first failing cell>", or why the row did not run
};

struct LadderRecord {
    std::string device;
    std::string date;   // as the bench printed it: YYYY-MM-DD
    std::string source; // the file it was read from (empty for text)
    std::vector<LadderResult> rows;
};

// Every ladder table in a CSV text (other tables, such as the cuBLAS speed table, are skipped). A ladder
// table with a malformed row gives an error naming the line; `error` is empty on success.
std::vector<LadderRecord> parseLadderCsv(std::string_view text, std::string& error);

// The most recent ladder record (by date, then file name) in the .csv files under `dir`, or nullopt
// when there is none (or no such folder). Unreadable or malformed files are skipped.
std::optional<LadderRecord> latestRecordedLadder(const std::filesystem::path& dir);

// Rows of a ladder run (runBenchmark with BenchImpl::Ladder) as a record, as the CSV would read back.
LadderRecord ladderRecordFromRows(const std::vector<BenchRow>& rows, std::string device, std::string date);

// The folder of recorded GPU results in the source tree (docs/gpu-results), as configured at build time.
std::filesystem::path recordedResultsDir();

} // namespace fplab::gpu
