// `fplab-cli gpu bench --impl ladder`: the ladder's rows as a report (TFLOPS and % of cuBLAS per rung and
// size), with the columns gpu/ladder_results.h reads back, and the cuBLAS / kernel speed table. Separate from the
// GPU run so they are tested without one.
#pragma once

#include "app/cli/report.h"
#include "gpu/bench.h"

#include <string>
#include <vector>

namespace fplab::cli {

// device: the GPU's name; sheet: its datasheet entry ("none"); date: YYYY-MM-DD of the run.
Report ladderBenchReport(const std::vector<gpu::BenchRow>& rows, const std::string& device, const std::string& sheet,
                         const std::string& date);

// The speed table of `gpu bench` (cuBLAS or the project's kernels): a row whose sampled cells failed their
// check shows WRONG in place of its TFLOPS, and its status names the first failing cell.
Report speedBenchReport(const std::vector<gpu::BenchRow>& rows, const std::string& device, const std::string& sheet);

// Today's date in UTC, YYYY-MM-DD.
std::string utcDate();

} // namespace fplab::cli
