// Optimizer steps per CPU second of the transformer's default size (issue 23: d = 64, 2 layers, 4 heads,
// context 32) on the 2-digit addition task at its default batch of 32 sequences, one benchmark per preset.
// Each iteration is one AdditionRun::step() (a fresh batch, forward, backward, Adam); the *_core_only ones
// have the fast paths forced off. Run it pinned to one
// core: `taskset -c 0 fplab_bench_transformer`. docs/performance.md records the figures.
#include "core/training/transformer/addition_task.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

using namespace fplab::training;

AdditionRunSettings defaultSize(TransformerPreset preset) {
    AdditionRunSettings settings;
    settings.shape.dim = 64;
    settings.shape.layers = 2;
    settings.shape.heads = 4;
    settings.shape.context = 32;
    settings.precision = transformerPreset(preset);
    return settings;
}

// fastPaths false: every operation on the soft-float core, for comparison.
void trainingSteps(benchmark::State& state, TransformerPreset preset, bool fastPaths) {
    const AdditionRunSettings settings = defaultSize(preset);
    AdditionRun run(settings);
    run.useFastPaths(fastPaths);
    for (auto _ : state) benchmark::DoNotOptimize(run.step().loss);
    state.counters["steps_per_s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
    state.SetLabel("batch " + std::to_string(settings.batch) + ", " + std::to_string(run.model().parameterCount()) +
                   " parameters");
}

} // namespace

BENCHMARK_CAPTURE(trainingSteps, fp32, TransformerPreset::Fp32, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp16, TransformerPreset::PureFp16, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp32_core_only, TransformerPreset::Fp32, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(trainingSteps, fp16_core_only, TransformerPreset::PureFp16, false)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
