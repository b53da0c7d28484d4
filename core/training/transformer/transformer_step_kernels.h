// The numeric work of one transformer training step, as TransformerRun asks for it: the emulator's kernels
// (every operation through the soft-float core, emulated_transformer_kernels.h) or a GPU's
// (gpu/training/transformer). The step's algorithm (the batch, the loss scale, the scaler's decision, the
// end of the run) is TransformerRun's alone, as TrainingRun's is for the MLP's StepKernels; what both kinds of
// kernels share is ModelKernels'.
#pragma once

#include "core/training/model_kernels.h"
#include "core/training/optimizer.h"
#include "core/training/transformer/transformer_model.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fplab::training {

// What one forward and backward pass did.
struct TransformerPass {
    float loss = 0;                         // mean cross-entropy over the scored targets (float32)
    std::optional<OverflowReport> overflow; // the pass's first overflow or invalid operation (emulator only)
    TransformerStats stats;                 // per-block statistics and one example's attention (emulator only)
};

// What one optimizer step did.
struct TransformerUpdate {
    // Elements whose update, computed in FP32, moved the weight and whose stored weight did not change.
    std::int64_t updatesAttempted = 0;
    std::int64_t updatesLost = 0;
    // Per block: ||w_new - w_old|| / ||w_old|| over the block's parameters (empty where not measured).
    std::vector<double> layerUpdateRatio;
    bool weightsFinite = true; // no weight became inf or NaN
};

// Every call may throw when the backend fails (a device error); the run reports the failure.
class TransformerStepKernels : public ModelKernels {
public:
    // Whether these kernels measure what only the emulator measures: the IEEE flags per tensor, the first
    // overflow, the per-block statistics, the updates lost and the dtype trace.
    virtual bool emulated() const = 0;
    // Forward, then backward of lossScale * (mean cross-entropy); the gradients are added to the parameters'.
    // While a stop request is set (ModelKernels::setStopRequest) it may throw StepInterrupted.
    virtual TransformerPass forwardBackward(const TokenBatch& batch, float lossScale) = 0;
    // Adam computed in FP32, its state and the weights stored as the precision says.
    virtual TransformerUpdate optimizerStep() = 0;
    // A forward pass only (no gradients, no FP8 history recorded): the logits, (batch * length) x vocab.
    virtual std::vector<float> logits(const TokenBatch& batch) = 0;
};

// Makes kernels that start from `initial`'s parameters (already stored as the precision's WeightStorage says);
// `maxRows` is the largest batch (sequences) forwardBackward or logits will get; `seed` seeds the random bits
// of stochastically rounded weights. May throw (e.g. no GPU, or a precision these kernels cannot run).
using TransformerKernelsFactory = std::function<std::unique_ptr<TransformerStepKernels>(
    const TransformerModel& initial, const TransformerPrecision& precision, const OptimizerSettings& optimizer,
    int maxRows, std::uint64_t seed)>;

} // namespace fplab::training
