// One optimizer step of the toy model on the CPU emulator, per mode: the cost of emulating
// mixed precision (every low-precision tensor rounded by the soft-float core) against FP32.
// Acceptance: the FP16 mixed-precision step's median is at most 3x the FP32 step's; the goal for the
// FP8 modes is the same 3x (docs/performance.md says how far they are).
#include "core/training/training_run.h"

#include <benchmark/benchmark.h>

#include <memory>

namespace {

using namespace fplab::training;

// Arguments: width, depth, batch size, statistics on (1) or off (0).
void stepOf(benchmark::State& state, TrainingMode mode) {
    TrainingConfig c;
    c.mode = mode;
    c.model.width = int(state.range(0));
    c.model.depth = int(state.range(1));
    c.batchSize = int(state.range(2));
    c.collectStats = state.range(3) != 0;
    c.steps = 10'000'000;
    auto run = std::make_unique<TrainingRun>(c);
    for (int i = 0; i < 3; ++i) run->step(); // warm-up (the FP16 decode table, the buffers)
    for (auto _ : state) {
        const StepRecord* r = run->step();
        benchmark::DoNotOptimize(r);
    }
    state.counters["params"] = double(run->model().parameterCount());
}

void BM_StepFp32(benchmark::State& s) { stepOf(s, TrainingMode::Fp32); }
void BM_StepTf32(benchmark::State& s) { stepOf(s, TrainingMode::Tf32); }
void BM_StepFp16Dynamic(benchmark::State& s) { stepOf(s, TrainingMode::Fp16Dynamic); }
void BM_StepBf16(benchmark::State& s) { stepOf(s, TrainingMode::Bf16); }
// The FP8 modes: every linear layer's GEMMs on the emulated FP8 tensor core, every operand cast with its scale.
void BM_StepFp8Delayed(benchmark::State& s) { stepOf(s, TrainingMode::Fp8Delayed); }
void BM_StepFp8Current(benchmark::State& s) { stepOf(s, TrainingMode::Fp8Current); }
void BM_StepFp8Block(benchmark::State& s) { stepOf(s, TrainingMode::Fp8Block); }

// The CLI's default model (width 64, depth 1, batch 64) and a deeper, wider one; with the per-step
// statistics (FP16-window counts, exponent histogram) the CLI and the app record, and without.
#define FPLAB_TRAINING_SIZES                                                                                           \
    ->Args({64, 1, 64, 1})                                                                                             \
        ->Args({64, 1, 64, 0})                                                                                         \
        ->Args({128, 3, 128, 1})                                                                                       \
        ->Args({128, 3, 128, 0})                                                                                       \
        ->Unit(benchmark::kMicrosecond)
BENCHMARK(BM_StepFp32) FPLAB_TRAINING_SIZES;
BENCHMARK(BM_StepTf32) FPLAB_TRAINING_SIZES;
BENCHMARK(BM_StepFp16Dynamic) FPLAB_TRAINING_SIZES;
BENCHMARK(BM_StepBf16) FPLAB_TRAINING_SIZES;
BENCHMARK(BM_StepFp8Delayed) FPLAB_TRAINING_SIZES;
BENCHMARK(BM_StepFp8Current) FPLAB_TRAINING_SIZES;
BENCHMARK(BM_StepFp8Block) FPLAB_TRAINING_SIZES;

} // namespace

BENCHMARK_MAIN();
