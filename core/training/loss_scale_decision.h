// GradScaler's part of a training step, one algorithm for the MLP's TrainingRun and the transformer's
// TransformerRun: the scale the backward multiplies the loss by, and, once the kernels have unscaled and
// checked the gradients (ModelKernels::unscaleAndCheck), whether the optimizer step is taken and what the
// scale becomes (torch.amp: scaler.step skips a step whose gradients hold inf/NaN, scaler.update backs off
// or grows; a static scale never changes and skips nothing).
#pragma once

#include "core/training/grad_scaler.h"
#include "core/training/precision_policy.h"

namespace fplab::training {

// The loss scale of the next backward: the dynamic scaler's, the static one, or 1 without loss scaling.
float lossScaleFor(LossScaling scaling, const GradScaler& scaler, float staticScale);

struct LossScaleDecision {
    bool skipped = false; // no optimizer step (dynamic scaling found inf/NaN)
    float scaleAfter = 1; // the scale after the scaler's update
    int growthTracker = 0;
};
// After a backward with loss scale `scale` whose gradients held inf/NaN when foundInf.
LossScaleDecision decideLossScale(LossScaling scaling, GradScaler& scaler, float scale, bool foundInf);

} // namespace fplab::training
