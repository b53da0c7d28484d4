// Optimizer steps per CPU second of the transformer's default size (issue 23: d = 64, 2 layers, 4 heads,
// context 32) on the 2-digit addition task at its default batch of 32 sequences, one benchmark per preset.
// Each iteration is one TransformerRun::step() (a fresh batch, forward, backward, Adam); the *_core_only ones
// have the fast paths forced off; fp16_on_lanes keeps pure FP16's matmuls on the binary64 lanes on a CPU with
// an FP16 fma (host_half_matmul.h), the figure of a CPU without one. Run it pinned to one
// core: `taskset -c 0 fplab_bench_transformer`. docs/performance.md records the figures.
#include "core/training/transformer/emulated_transformer_kernels.h"
#include "core/training/transformer/transformer_run.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

using namespace fplab::training;

TransformerRunSettings defaultSize(TransformerPreset preset) {
    TransformerRunSettings settings;
    settings.shape.dim = 64;
    settings.shape.layers = 2;
    settings.shape.heads = 4;
    settings.shape.context = 32;
    settings.precision = transformerPreset(preset, settings.shape.layers);
    return settings;
}

// One run.step() an iteration, counted as steps per CPU second.
void stepsPerSecond(benchmark::State& state, TransformerRun& run) {
    for (auto _ : state) benchmark::DoNotOptimize(run.step().loss);
    state.counters["steps_per_s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

// fastPaths false: every operation on the soft-float core, for comparison.
void trainingSteps(benchmark::State& state, TransformerPreset preset, bool fastPaths) {
    const TransformerRunSettings settings = defaultSize(preset);
    TransformerRun run(settings);
    run.useFastPaths(fastPaths);
    stepsPerSecond(state, run);
    state.SetLabel("batch " + std::to_string(settings.batch) + ", " + std::to_string(run.model().parameterCount()) +
                   " parameters");
}

void fp16OnLanes(benchmark::State& state) {
    const TransformerRunSettings settings = defaultSize(TransformerPreset::PureFp16);
    const TransformerKernelsFactory lanes = [](auto&&... arguments) {
        std::unique_ptr<TransformerStepKernels> kernels = emulatedTransformerKernelsFactory()(arguments...);
        static_cast<EmulatedTransformerKernels&>(*kernels).useHostHalfMatmul(false);
        return kernels;
    };
    TransformerRun run(settings, std::make_shared<AdditionTask>(settings.digits, settings.seed), lanes);
    stepsPerSecond(state, run);
}

} // namespace

BENCHMARK(fp16OnLanes)->Name("trainingSteps/fp16_on_lanes")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp32, TransformerPreset::Fp32, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp16_autocast, TransformerPreset::AutocastFp16, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, bf16_autocast, TransformerPreset::AutocastBf16, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp16, TransformerPreset::PureFp16, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp8_delayed, TransformerPreset::Fp8Delayed, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp8_block, TransformerPreset::Fp8Block, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp8_bf16_edges, TransformerPreset::Fp8Bf16Edges, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp32_core_only, TransformerPreset::Fp32, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp16_core_only, TransformerPreset::PureFp16, false)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
