// A training run as a step-able object: step() does one optimizer step (with its
// micro-batches) and records what happened; state() says where the run stands. The step's protocol, the
// scaler and the status are ModelRun's (model_run.h), shared with the transformer's run. A GUI runs
// it on a worker thread (pause = stop calling step(); requestCancel() from any thread), and
// gives step() a stop request so that Pause and Cancel need not wait for the step in progress.
// The step's numeric work goes to StepKernels: the CPU emulator's by default, or a GPU's.
#pragma once

#include "core/training/batch_sampler.h"
#include "core/training/datasets.h"
#include "core/training/model_run.h"
#include "core/training/optimizer.h"
#include "core/training/precision_policy.h"
#include "core/training/step_kernels.h"
#include "core/training/toy_model.h"

#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fplab::training {

struct TrainingConfig {
    TrainingMode mode = TrainingMode::Fp32;
    bool masterWeights = true; // off: parameters (and optimizer state) stored in the low type
    DatasetKind dataset = DatasetKind::Spirals;
    std::uint64_t seed = 1; // data, initial weights and batch order
    ModelShape model{};     // inputs and classes are taken from the dataset
    int steps = 500;        // optimizer steps
    int batchSize = 64;     // per micro-batch
    int accumulationSteps = 1;
    OptimizerSettings optimizer{};
    float clipNorm = 0; // clip the global gradient norm to this (0: off)
    ScalerSettings scaler{};
    float staticScale = 1024.0f; // fp16-static
    float minScale = 0x1p-24f;   // the run stops when the dynamic scale falls below this
    float lossWeight = 0;        // 0: the dataset's own weight
    bool collectStats = true;    // FP16-window counts, the exponent histogram, the FP8 casts
    Fp8Settings fp8{};           // the fp8-* modes (history and algorithm: fp8-delayed only)
    // A scripted activation outlier: at this step (1-based; 0: never) the first example of the first
    // micro-batch gets outlierValue as its first feature.
    int outlierStep = 0;
    float outlierValue = 1e5f;
};
// Empty when the configuration can run, otherwise what is wrong with it.
std::string checkConfig(const TrainingConfig& config);

struct StepRecord {
    int step = 0;                    // 1-based
    float loss = 0;                  // mean cross-entropy (float32), averaged over the micro-batches
    float accuracy = 0;              // on the step's examples
    float scale = 1;                 // the loss scale this step's backward used
    float scaleAfter = 1;            // after the scaler's update
    int growthTracker = 0;           // after the update
    bool nonFiniteGradients = false; // inf/NaN in the gradients (after the backward)
    bool skipped = false;            // the optimizer step was skipped (dynamic scaler, inf/NaN)
    float gradNorm = 0;              // global norm of the unscaled gradients, before clipping
    bool clipped = false;
    Fp16WindowCounts window;         // the backward's gradient casts against FP16's range
    ExponentHistogram histogram;     // their magnitudes (scaled, before rounding)
    std::vector<double> updateRatio; // per parameter tensor: ||dw|| / ||w||
    // Per parameter tensor: of the elements whose computed update was nonzero, the fraction whose stored
    // weight did not change (the update was swamped by the weight's spacing).
    std::vector<double> vanishedPerTensor;
    std::int64_t updatesAttempted = 0;
    std::int64_t updatesVanished = 0; // computed update nonzero, stored weight unchanged
    std::vector<Fp8TensorStats> fp8;  // fp8-* modes: each FP8 GEMM operand's cast (amax, scale, saturated, flushed)
    double vanishedFraction() const {
        return updatesAttempted ? double(updatesVanished) / double(updatesAttempted) : 0.0;
    }
};

struct RunState {
    RunStatus status = RunStatus::Ready;
    int stepsDone = 0;
    int totalSteps = 0;
    float scale = 1;
    int growthTracker = 0;
    std::string message; // why the run ended, or what is wrong with its configuration
};

struct Evaluation {
    float loss = 0; // mean cross-entropy over the whole data set, in the run's precision
    float accuracy = 0;
};

struct PredictionGrid {
    int nx = 0;
    int ny = 0;
    float low = 0; // the square [low, high]^2
    float high = 0;
    std::vector<int> classes; // row-major, y from low to high, x from low to high
    float xAt(int i) const { return low + (high - low) * (float(i) + 0.5f) / float(nx); }
    float yAt(int j) const { return low + (high - low) * (float(j) + 0.5f) / float(ny); }
};

// Bytes a run holds by category, as a GPU would hold them in this mode.
// Static memory (kept from step to step: the parameters, their gradients, the optimizer state) and what
// one micro-batch's forward pass adds until its backward pass frees it. With Adam the static memory is
// 16 bytes per parameter in FP32 and in mixed precision alike (lesson 7): autocast keeps float32 master
// weights and float32 .grad, as PyTorch AMP does; its 16-bit copies of the weights are made by the
// forward pass and saved for the backward, like the activations.
struct MemoryReport {
    std::int64_t parameters = 0; // element count
    std::int64_t weights = 0;    // the parameters as stored, when they are not float32 master weights
    std::int64_t master = 0;     // float32 master weights
    std::int64_t gradients = 0;
    std::int64_t optimizer = 0;
    std::int64_t weightCopies = 0; // autocast's low-precision copies, forward to backward (one micro-batch)
    std::int64_t activations = 0;  // tensors saved for the backward pass, one micro-batch
    std::int64_t staticBytes() const { return weights + master + gradients + optimizer; }
    std::int64_t transientBytes() const { return weightCopies + activations; }
    std::int64_t total() const { return staticBytes() + transientBytes(); }
};

class CpuStepKernels;

class TrainingRun : public ModelRun {
public:
    // On the CPU emulator's kernels.
    explicit TrainingRun(const TrainingConfig& config);
    // On the kernels `kernels` makes (e.g. a GPU's); throws what the factory throws. An invalid
    // configuration makes no kernels and gives a run whose state is Invalid with the reason.
    TrainingRun(const TrainingConfig& config, const StepKernelsFactory& kernels);
    ~TrainingRun() override;

    // One optimizer step; returns its record, or nullptr when the run is over (see state()). An
    // exception from the kernels ends the run as Failed (no record for that step).
    // With `stop` (step_interrupt.h), the step's forward and backward passes ask it at fine grain; when it
    // says stop, step() returns nullptr with the run as it was before the step began (weights, optimizer
    // state, scaler, FP8 histories, batch order; the gradients, which every step zeroes first, aside) and
    // interrupted() true, and the next step() does the same step again from the start. It is asked once
    // more before the optimizer step, which (linear in the parameters) then runs to its end.
    const StepRecord* step(const StopRequest* stop = nullptr);
    RunState state() const;
    // Ends the run as Failed for an error its kernels threw outside step() (e.g. reading the weights).
    void fail(const std::exception& error);

    const TrainingConfig& config() const { return m_config; }
    const PrecisionPolicy& policy() const { return m_policy; }
    const Dataset& dataset() const { return m_data; }
    // On the emulator's kernels (the first constructor): the model the steps train, and the gradient
    // statistics (FP16 window, histogram, update ratios) are measured.
    bool onEmulator() const { return m_emulator != nullptr; }
    // On the emulator, the trained model; on other kernels the model's shape and initial weights
    // (weights() reads the current ones from the kernels).
    const ToyModel& model() const;
    const std::vector<StepRecord>& history() const { return m_history; }

    // Every parameter now, flattened in the model's parameter order (throws what the kernels throw).
    std::vector<float> weights();
    // With `stop`, throws StepInterrupted when it says stop (on kernels that ask it).
    Evaluation evaluate(const StopRequest* stop = nullptr);
    // With `stop`, throws StepInterrupted when it says stop (the run is not changed).
    PredictionGrid predictionGrid(int nx, int ny, const StopRequest* stop = nullptr);
    // The type of every tensor of one training step (on a copy of the model; the run is not changed).
    std::vector<TraceEntry> dtypeTrace() const;
    MemoryReport memory() const;

private:
    TrainingRun(const TrainingConfig& config, const StepKernelsFactory* kernels);
    // The step's parts (ModelRun::runStep calls them in order): the micro-batches' forward and backward
    // passes, then unscale, the inf/NaN check and clipping (prepareUpdate: they change only the gradients),
    // then the optimizer step (or the skip) and the step's record.
    void saveBatchOrder() override;
    void restoreBatchOrder() override;
    bool forwardBackward(int stepNumber, float scale) override;
    OnNonFiniteLoss onNonFiniteLoss() const override { return OnNonFiniteLoss::EndRun; }
    bool prepareUpdate(float scale) override;
    std::string recordDivergence() override;
    void update(const LossScaleDecision& decision, bool foundInf) override;
    void endAfterStep(int stepNumber) override;

    TrainingConfig m_config;
    PrecisionPolicy m_policy;
    Dataset m_data;
    std::optional<ToyModel> m_initialModel; // not on the emulator (whose kernels hold the model)
    StepKernels* m_kernels = nullptr;       // owned by ModelRun; none when the configuration is invalid (other kernels)
    CpuStepKernels* m_emulator = nullptr;   // m_kernels, when they are the emulator's
    BatchSampler m_sampler;
    std::optional<BatchSampler::Position> m_samplerAtStepStart;
    StepRecord m_pending;       // the step in progress
    bool m_logitsFinite = true; // in the step in progress
    std::vector<StepRecord> m_history;
    int m_weightsNonFiniteSince = 0; // the step whose update put inf/NaN into the weights
    int m_overflowRunStart = 0;      // first step of the current run of overflowing steps
};

} // namespace fplab::training
