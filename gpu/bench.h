// Measured GEMM throughput per data type on device 0 (warm-up, cudaEvent timing, median of
// repeats), next to the datasheet's dense peak for the same GPU.
#pragma once

#include "gpu/gemm_types.h"

#include <functional>
#include <string>
#include <vector>

namespace fplab::gpu {

// Ladder: per type and size, cuBLAS and then each rung of the GEMM ladder (gpu/ladder.h).
enum class BenchImpl : std::uint8_t { Cublas, Kernel, Ladder };
std::string_view benchImplName(BenchImpl impl); // "cublas" / "kernel" / "ladder"

struct BenchConfig {
    std::vector<GemmType> types;                       // empty: defaultBenchTypes() (ladder: fp16-fp32)
    std::vector<int> sizes = {1024, 2048, 4096, 8192}; // square m = n = k
    int warmup = 2;
    int repeats = 7;
    BenchImpl impl = BenchImpl::Cublas;
    std::vector<int> rungs;      // ladder: the rungs to run (empty: all five)
    double timeLimitSeconds = 0; // > 0: rows that would start after this many seconds are not run
};

struct BenchRow {
    GemmType type = GemmType::Fp32;
    std::string impl;
    int size = 0;
    bool ran = false;
    std::string skipped; // why not, when !ran
    std::string note;    // what was timed when it is not the type's own operands (FP8 through cuBLASLt)
    double medianMs = 0;
    double minMs = 0;
    double maxMs = 0;
    double tflops = 0;          // 2 n^3 / median time (TOPS for INT8)
    double datasheetPeak = 0;   // dense peak for this GPU and type, 0 when unknown
    int rung = 0;               // the ladder's rung (1..5) for impl "ladder"; 0 otherwise
    double cublasTflops = 0;    // ladder rows: cuBLAS on the same type and size, 0 when it did not run
    std::string checkedAgainst; // what the sampled cells were compared with before timing
    std::string wrong;          // non-empty: the sample failed (the first failing cell); no time, no TFLOPS
};

// "WRONG": what every front end shows in place of a failed row's TFLOPS.
inline constexpr std::string_view kWrongMark = "WRONG";
// The row's status in words: "ok", "ok: <note>", "WRONG: <first failing cell>", "skipped: <why>".
std::string benchRowStatus(const BenchRow& row);

// A ladder row's TFLOPS as a percentage of cuBLAS's on the same type and size; 0 when either did not run.
double percentOfCublas(const BenchRow& row);

// FP64, FP32, TF32, FP16 (FP32 accumulate), BF16, FP8 E4M3, INT8: one per column of the speed table.
std::vector<GemmType> defaultBenchTypes();

// The ladder's types when none are given: FP16 -> FP32 (BF16 -> FP32 runs the same kernels).
std::vector<GemmType> defaultLadderTypes();

// Validates the configuration: empty when fine.
std::string checkBenchConfig(const BenchConfig& config);

// Runs every (type, size); a type the GPU or build cannot run gives rows with `skipped` set.
// onRow is called after each row (progress). Throws GpuError when there is no usable GPU.
std::vector<BenchRow> runBenchmark(const BenchConfig& config, const std::function<void(const BenchRow&)>& onRow = {});

} // namespace fplab::gpu
