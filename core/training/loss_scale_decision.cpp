#include "core/training/loss_scale_decision.h"

namespace fplab::training {

float lossScaleFor(LossScaling scaling, const GradScaler& scaler, float staticScale) {
    switch (scaling) {
    case LossScaling::Dynamic: return scaler.scale();
    case LossScaling::Static: return staticScale;
    case LossScaling::None: break;
    }
    return 1.0f;
}

LossScaleDecision decideLossScale(LossScaling scaling, GradScaler& scaler, float scale, bool foundInf) {
    LossScaleDecision d;
    if (scaling != LossScaling::Dynamic) {
        d.scaleAfter = scale;
        d.growthTracker = scaler.growthTracker();
        return d;
    }
    const ScalerUpdate u = scaler.update(foundInf);
    d.skipped = u.foundInf;
    d.scaleAfter = u.scaleAfter;
    d.growthTracker = u.trackerAfter;
    return d;
}

} // namespace fplab::training
