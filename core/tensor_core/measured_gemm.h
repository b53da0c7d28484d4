// GEMM throughput measured on a real GPU, as `fplab-cli gpu bench --csv` writes it (scripts/gpu-run.sh's
// 06-bench.csv): "# device: ..." and "# datasheet entry: ..." lines, a header, one row per type, kernel and
// size. The app's Speed tab and lesson 13 read the committed record (docs/gpu-results/) through this parser,
// until a run on a GPU replaces it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::tc {

// The speed table's columns, in order.
inline constexpr std::array<std::string_view, 11> kBenchCsvColumns = {
    "type",   "column",           "impl",           "size",  "median ms", "min ms", "max ms",
    "TFLOPS", "datasheet TFLOPS", "% of datasheet", "status"};

struct MeasuredGemm {
    std::string type;   // the GEMM type's name, "fp16-fp32"
    std::string column; // the speed table's column, "FP16"
    std::string impl;   // "cublas" or "kernel" (FP Lab's own)
    int size = 0;       // square m = n = k
    bool ran = false;   // false: `status` says why not
    double medianMs = 0, minMs = 0, maxMs = 0;
    double tflops = 0;          // TOPS for INT8
    double datasheetTflops = 0; // 0 when the datasheet has none
    std::string status;         // "ok" or "skipped: why"
};

struct MeasuredBench {
    std::string device;         // "NVIDIA H100 80GB HBM3"
    std::string datasheetEntry; // "H100 SXM5"
    std::string date;           // YYYY-MM-DD, from the record's folder
    std::string source;         // where the record is kept, "docs/gpu-results/h100-2026-11-24/06-bench.csv"
    std::vector<MeasuredGemm> rows;

    // The row of `type` by `impl` at `size`, or null.
    const MeasuredGemm* find(std::string_view type, std::string_view impl, int size) const;
};

struct MeasuredBenchOrError {
    std::optional<MeasuredBench> bench;
    std::string error; // "line 7: ..." naming the row and the problem
};

// Every table of the text (the file holds several, each after its "# device" lines); a malformed row, an
// unknown header or a device that changes between tables is an error naming the line.
MeasuredBenchOrError parseBenchCsv(std::string_view text);

// One CSV line into fields: commas separate, double quotes quote, "" is a quote inside quotes.
std::vector<std::string> splitCsvLine(std::string_view line);

// The record committed with FP Lab: NVIDIA H100 80GB HBM3, 2026-11-24 (compiled in from
// docs/gpu-results/h100-2026-11-24/06-bench.csv; a test keeps it readable).
const MeasuredBench& recordedH100Bench();

} // namespace fplab::tc
