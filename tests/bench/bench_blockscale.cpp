// Quantizing a 2^24-element FP32 tensor with each block-scaled scheme on one core (codes and scales,
// as a kernel would store them), beside the plain FP32 -> E4M3 conversion of the same tensor.
// Items per second = elements per second. docs/performance.md records the figures.
#include "core/blockscale/quantizer.h"
#include "core/fast.h"

#include <benchmark/benchmark.h>

#include <bit>
#include <cmath>
#include <random>
#include <vector>

namespace {

using namespace fplab;
using namespace fplab::blockscale;

constexpr std::size_t kRows = 4096;
constexpr std::size_t kCols = 4096; // 2^24 elements

const std::vector<float>& tensor() {
    static const std::vector<float> t = [] {
        std::mt19937 rng(2024);
        std::normal_distribution<float> normal(0.0f, 1.0f);
        std::vector<float> v(kRows * kCols);
        for (float& x : v) x = normal(rng);
        for (std::size_t i = 0; i < v.size(); i += 4099) v[i] *= 50.0f; // scattered outliers
        return v;
    }();
    return t;
}

void quantizeScheme(benchmark::State& state, Scheme scheme) {
    const std::vector<float>& t = tensor();
    for (auto _ : state) {
        QuantizeOutcome q = quantize(scheme, t, {kRows, kCols});
        benchmark::DoNotOptimize(q.value->codes.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * t.size()));
}

void plainFp32ToE4m3(benchmark::State& state) {
    const std::vector<float>& t = tensor();
    std::vector<std::uint8_t> codes(t.size());
    const Env env{.saturate = true};
    for (auto _ : state) {
        for (std::size_t i = 0; i < t.size(); ++i)
            codes[i] = static_cast<std::uint8_t>(fast::convert<kFp32, kE4m3>(std::bit_cast<std::uint32_t>(t[i]), env).bits);
        benchmark::DoNotOptimize(codes.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * t.size()));
}

const bool kRegistered = [] {
    benchmark::RegisterBenchmark("plain_fp32_to_e4m3", plainFp32ToE4m3)->Unit(benchmark::kMillisecond);
    for (const SchemeInfo& info : allSchemes())
        benchmark::RegisterBenchmark(("quantize/" + std::string(info.name)).c_str(), quantizeScheme, info.scheme)
            ->Unit(benchmark::kMillisecond);
    return true;
}();

} // namespace

BENCHMARK_MAIN();
