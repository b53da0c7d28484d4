// What every model's step kernels share, the MLP's (StepKernels) and the transformer's
// (TransformerStepKernels): the gradients, GradScaler's unscale and check, the weights, interruptible
// steps and the description of a failure. The runs' loss-scaling decision on top of them is one function
// for both (loss_scale_decision.h).
#pragma once

#include "core/training/step_interrupt.h"

#include <exception>
#include <string>
#include <vector>

namespace fplab::training {

// Every call may throw when the backend fails (a device error); the run then ends with that failure.
class ModelKernels {
public:
    virtual ~ModelKernels() = default;

    // Interruptible steps (step_interrupt.h): while `stop` is set, the forward and backward passes ask it at
    // fine grain and throw StepInterrupted when it says stop. Kernels that ignore it run every call to its end.
    virtual void setStopRequest(const StopRequest* /*stop*/) {}
    // Before a step that may be interrupted: keep what the forward and backward passes change besides the
    // gradients (which every step zeroes first), e.g. the FP8 amax histories; restoreStepStart puts it back
    // after an interruption.
    virtual void saveStepStart() {}
    virtual void restoreStepStart() {}
    virtual void zeroGrad() = 0;
    // unscale: multiply every gradient by (float)(1 / (double)scale) and round it to the parameter type
    // (GradScaler's unscale_); either way, returns whether any gradient was inf or NaN before.
    virtual bool unscaleAndCheck(float scale, bool unscale) = 0;
    // Every parameter, flattened in the model's parameter order.
    virtual std::vector<float> weights() = 0;
    // What a failure these kernels threw was, for the run's message (e.g. "CUDA error: <the call> ...").
    virtual std::string describeFailure(const std::exception& e) const { return e.what(); }
};

} // namespace fplab::training
