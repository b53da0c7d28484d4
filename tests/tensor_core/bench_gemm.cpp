// Speed of the emulated tensor-core GEMM (core/tensor_core/emulated_gemm.h) in multiply-adds per
// second, 512x512x512, on every hardware thread and on one. Run with
// --benchmark_repetitions=5 --benchmark_report_aggregates_only=true and read the medians.
// MACs is per wall-clock second; MACs_per_cpu_s per second of CPU time of the whole process
// (all threads), which stays meaningful when other jobs share the cores.
#include "core/tensor_core/emulated_gemm.h"

#include <benchmark/benchmark.h>

#include <ctime>
#include <random>
#include <stdexcept>
#include <vector>

namespace {

using namespace fplab::tc;

BlockModel model(Arch arch, InputType in, AccumType acc) {
    MmaConfig cfg;
    cfg.arch = arch;
    cfg.input = in;
    cfg.accum = acc;
    const ModelOrError r = resolveModel(cfg);
    if (!r.model) throw std::runtime_error(r.message);
    return *r.model;
}

// Values of magnitude about 0.5..2 with random signs, the usual shape of GEMM data.
std::vector<std::uint32_t> operands(const BlockModel& m, std::size_t count, std::mt19937_64& rng) {
    std::vector<float> v(count);
    std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
    for (float& x : v) x = dist(rng);
    if (m.isInteger()) {
        std::vector<std::uint32_t> out(count);
        for (std::uint32_t& x : out) x = std::uint32_t(rng() & 0xFF);
        return out;
    }
    return encodeOperands(m, v);
}

double processCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

void runGemm(benchmark::State& state, Arch arch, InputType in, AccumType acc) {
    const BlockModel m = model(arch, in, acc);
    const int n = int(state.range(0));
    const GemmShape shape{n, n, n};
    std::mt19937_64 rng(1);
    const std::vector<std::uint32_t> a = operands(m, std::size_t(n) * std::size_t(n), rng);
    const std::vector<std::uint32_t> b = operands(m, std::size_t(n) * std::size_t(n), rng);
    std::vector<std::uint32_t> c(std::size_t(n) * std::size_t(n), 0), d(c.size());
    GemmOptions opt;
    opt.threads = int(state.range(1));
    const double cpu0 = processCpuSeconds();
    for (auto _ : state) {
        emulateGemm(m, shape, a, b, c, d, opt);
        benchmark::DoNotOptimize(d.data());
    }
    const double cpu = processCpuSeconds() - cpu0;
    const double macs = double(n) * n * n;
    state.counters["MACs"] = benchmark::Counter(macs, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["MACs_per_cpu_s"] = macs * double(state.iterations()) / cpu;
}

constexpr std::int64_t kSize = 512;
// threads: 0 = every hardware thread; 1 for the single-core figure.
#define FPLAB_GEMM_BENCH(name, arch, in, acc)                                                                          \
    BENCHMARK_CAPTURE(runGemm, name, arch, in, acc)                                                                    \
        ->Args({kSize, 0})                                                                                             \
        ->Args({kSize, 1})                                                                                             \
        ->ArgNames({"n", "threads"})                                                                                   \
        ->Unit(benchmark::kMillisecond)                                                                                \
        ->UseRealTime()

FPLAB_GEMM_BENCH(sm80_fp16_fp32, Arch::Sm80, InputType::Fp16, AccumType::Fp32);
FPLAB_GEMM_BENCH(sm90_fp16_fp32, Arch::Sm90, InputType::Fp16, AccumType::Fp32);
FPLAB_GEMM_BENCH(sm80_bf16_fp32, Arch::Sm80, InputType::Bf16, AccumType::Fp32);
FPLAB_GEMM_BENCH(sm80_tf32_fp32, Arch::Sm80, InputType::Tf32, AccumType::Fp32);
FPLAB_GEMM_BENCH(sm90_tf32_fp32, Arch::Sm90, InputType::Tf32, AccumType::Fp32);
FPLAB_GEMM_BENCH(sm80_fp16_fp16, Arch::Sm80, InputType::Fp16, AccumType::Fp16);
FPLAB_GEMM_BENCH(sm90_e4m3_fp32, Arch::Sm90, InputType::E4m3, AccumType::Fp32);
FPLAB_GEMM_BENCH(sm80_int8_int32, Arch::Sm80, InputType::Int8, AccumType::Int32);

} // namespace

BENCHMARK_MAIN();
