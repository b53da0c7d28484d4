// The numeric work of one training step of the MLP, as TrainingRun asks for it: the emulator implements it
// on the CPU (cpu_step_kernels.h) and gpu/training on a GPU; the step's algorithm (micro-batches, loss
// scale, the scaler's decision, clipping, the end of the run) is TrainingRun's alone. What it shares with
// the transformer's kernels is ModelKernels'.
#pragma once

#include "core/training/model_kernels.h"
#include "core/training/optimizer.h"
#include "core/training/precision_policy.h"
#include "core/training/toy_model.h"

#include <functional>
#include <memory>
#include <vector>

namespace fplab::training {

struct OptimizerOutcome {
    std::vector<ParameterUpdate> updates; // per parameter tensor; empty where not measured (see collectsStats)
    bool weightsFinite = true;            // no weight became inf or NaN
};

// Every call may throw when the backend fails (a device error); the run then ends as Failed.
class StepKernels : public ModelKernels {
public:
    // Whether these kernels measure what only the emulator measures: BackwardStats in forwardBackward
    // (the FP16-window counts and the exponent histogram) and the per-tensor updates of optimizerStep.
    virtual bool collectsStats() const = 0;
    // Whether forwardBackward reports the FP8 casts (BackwardStats::fp8) in the fp8-* modes; the
    // GPU's kernels do without collecting the rest.
    virtual bool reportsFp8Casts() const { return collectsStats(); }
    // Forward, then backward of gradScale * (mean cross-entropy); the gradients are added to the
    // parameters' gradients (rounded to the parameter type).
    virtual ForwardResult forwardBackward(const BatchView& batch, float gradScale, BackwardStats* stats) = 0;
    // Per parameter tensor, the float32 sum of its gradient's squares, in element order (for the global norm).
    virtual std::vector<float> gradientSquares() = 0;
    // Clipping: every gradient times coef, rounded to the parameter type.
    virtual void scaleGradients(float coef) = 0;
    virtual OptimizerOutcome optimizerStep() = 0;
    // Forward only (no gradients), e.g. over the whole data set.
    virtual ForwardResult evaluate(const BatchView& batch) = 0;
};

// Makes kernels that start from `initial`'s parameters; `maxRows` is the largest batch forwardBackward
// or evaluate will get. May throw (e.g. no GPU): the run is then not made.
using StepKernelsFactory = std::function<std::unique_ptr<StepKernels>(
    const ToyModel& initial, const PrecisionPolicy& policy, const OptimizerSettings& optimizer, int maxRows)>;

} // namespace fplab::training
