// The speed table's job: measured GEMM throughput on device 0, one data type at a time so that
// progress shows and Cancel takes effect between types.
#pragma once

#include "app/gui/common/job_control.h"
#include "gpu/bench.h"

#include <vector>

namespace fplab::gui {

// Runs `config` type by type (its types, or defaultBenchTypes()).
// Throws GpuError without a usable GPU, JobCancelled when cancelled.
std::vector<gpu::BenchRow> runSpeedJob(const gpu::BenchConfig& config, const JobControl& control = {});
// The GEMM ladder at one size (FP16 -> FP32): cuBLAS, then the five rungs; Cancel takes effect between rows.
std::vector<gpu::BenchRow> runLadderJob(int size, const JobControl& control = {});

} // namespace fplab::gui
