// One training run as the Training section shows it: the fixed facts known at its start, and every
// step's record as it arrives from the worker. The tabs read it (each remembers how far it has read,
// so an update costs them only the new steps); the charts keep a bounded number of points, the full
// data stays here. Qt-free.
#pragma once

#include "core/training/run_comparison.h"
#include "core/training/training_run.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fplab::gui {

// Fixed facts of the run, known once it has started.
struct TrainingSetup {
    training::TrainingConfig config;
    training::Dataset data;
    std::vector<training::TraceEntry> trace;
    training::MemoryReport memory;
    std::vector<std::string> parameterNames;
    std::vector<std::string> fp8Tensors; // the FP8 GEMM operands (none outside the fp8-* modes)
    bool onGpu = false;                  // the GPU run steps alongside
    training::ComparisonTolerance tolerance;
};
TrainingSetup setupOf(const training::TrainingRun& run, bool onGpu);

// What the worker has produced since the last hand-over.
struct TrainingUpdate {
    std::vector<training::StepRecord> steps;
    training::RunState state;
    std::optional<training::PredictionGrid> grid;   // the decision boundary, refreshed about twice a second
    std::optional<training::Evaluation> evaluation; // when the run has ended
    bool ended = false;
    bool paused = false; // the worker is waiting (paused) after the last of these steps
    // GPU backend: the steps compared so far, the GPU run's own records and its state.
    std::vector<training::StepComparison> comparisons;
    std::vector<training::StepRecord> gpuSteps;
    std::optional<training::RunState> gpuState;
    // FP8 modes: the loss of a BF16 run of the same configuration stepping alongside, (step, loss).
    std::vector<std::pair<int, float>> bf16Loss;

    // Appends `later` (the next part from the worker) to this one.
    void merge(TrainingUpdate&& later);
};

struct TrainingRunData {
    std::uint64_t id = 0; // a new run gets a new id (views start over when it changes)
    TrainingSetup setup;
    training::PrecisionPolicy policy;
    std::vector<training::StepRecord> steps;
    std::vector<std::pair<int, float>> bf16Loss;
    std::vector<training::StepComparison> comparisons;
    std::vector<training::StepRecord> gpuSteps; // the GPU run's records (kept for the comparison of runs)
    training::RunState state;
    std::optional<training::RunState> gpuState;
    std::optional<training::PredictionGrid> grid;
    int gridSerial = 0; // counts the grids received (a view redraws when it changes)
    std::optional<training::Evaluation> evaluation;
    int skipped = 0;
    bool ended = false;
    bool paused = false; // the worker has stopped and waits (see TrainingUpdate::paused)

    bool empty() const { return id == 0; }
    int lastStep() const { return steps.empty() ? 0 : steps.back().step; }
    // A new run (a fresh id).
    void begin(TrainingSetup setup);
    void apply(TrainingUpdate&& update);
    // Nothing shown (Reset).
    void clear();
};

} // namespace fplab::gui
