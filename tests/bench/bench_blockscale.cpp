// Quantizing a 2^24-element FP32 tensor with each block-scaled scheme under each of its scale rules on one
// core (codes and scales, as a kernel would store them), beside the plain FP32 -> E4M3 conversion of the same
// tensor. Items per second = elements per second. docs/performance.md records the figures.
// With --figures it prints instead what each rule does to the tensor (compareRules(): saturated, rounded to
// zero, errors, the outlier's block), for docs/block-scaling.md.
#include "core/blockscale/rule_comparison.h"
#include "core/fast.h"

#include <benchmark/benchmark.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
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

void quantizeRecipe(benchmark::State& state, Recipe recipe) {
    const std::vector<float>& t = tensor();
    for (auto _ : state) {
        QuantizeOutcome q = quantize(recipe, t, {kRows, kCols});
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
            codes[i] = static_cast<std::uint8_t>(
                fast::convert<kFp32, kE4m3>(std::bit_cast<std::uint32_t>(t[i]), env).bits);
        benchmark::DoNotOptimize(codes.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * t.size()));
}

std::string recipeName(const Recipe& r) {
    return std::string(schemeName(r.scheme)) + "/" + std::string(scaleRuleName(r.rule)) +
           (r.grouping == Grouping::Tile16x16 ? "/16x16" : "");
}

const bool kRegistered = [] {
    benchmark::RegisterBenchmark("plain_fp32_to_e4m3", plainFp32ToE4m3)->Unit(benchmark::kMillisecond);
    for (const Recipe& r : everyRecipe())
        benchmark::RegisterBenchmark(("quantize/" + recipeName(r)).c_str(), quantizeRecipe, r)
            ->Unit(benchmark::kMillisecond);
    return true;
}();

// One Markdown table row per recipe: what the rule did to the benchmark tensor.
void printFigures() {
    const std::vector<float>& t = tensor();
    const std::size_t outlier = outlierIndexOf(t);
    std::printf("tensor: %zu x %zu, largest |x| %.9g at element %zu\n\n", kRows, kCols, std::fabs(double(t[outlier])),
                outlier);
    std::printf("| scheme / rule | saturated | rounded to zero | max abs error | worst block-max rel. error | "
                "rel. RMS error | outlier's block scale | outlier back |\n|---|---|---|---|---|---|---|---|\n");
    for (const Recipe& r : everyRecipe()) {
        const QuantizeOutcome q = quantize(r, t, {kRows, kCols});
        const RuleSummary s = summarize(*q.value, analyse(*q.value, t), t, outlier);
        std::printf("| %s | %zu | %zu | %.6g | %.4g | %.4g | %.9g | %.9g |\n", recipeName(r).c_str(), s.saturated,
                    s.roundedToZero, s.maxAbsError, s.worstBlockMaxRelativeError, s.relativeRmsError,
                    s.outlierBlockScale, s.outlierDequantized);
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--figures") == 0) {
        printFigures();
        return 0;
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
