// The dynamic loss scaler, following PyTorch's GradScaler (torch.amp): the scale multiplies
// the loss, gradients are unscaled in float32 and checked for inf/NaN, a step with inf/NaN is
// skipped and the scale backed off, and a run of clean steps grows it.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace fplab::training {

struct ScalerSettings {
    float initScale = 65536.0f; // 2^16
    float growthFactor = 2.0f;
    float backoffFactor = 0.5f;
    int growthInterval = 2000;
};
// Empty when the settings are what GradScaler accepts, otherwise the problem.
std::string checkScalerSettings(const ScalerSettings& s);

struct ScalerUpdate {
    float scaleBefore = 0;
    float scaleAfter = 0;
    bool foundInf = false;
    bool grew = false;
    int trackerAfter = 0; // the growth tracker (clean steps counted since the last change)
};

class GradScaler {
public:
    explicit GradScaler(const ScalerSettings& settings = {});

    float scale() const { return m_scale; }
    int growthTracker() const { return m_growthTracker; }
    const ScalerSettings& settings() const { return m_settings; }

    // torch.amp's _amp_update_scale_: on inf/NaN multiply the scale by the backoff factor and reset
    // the tracker; otherwise count the clean step and, when the count reaches the growth interval,
    // multiply by the growth factor (kept only if finite) and reset the tracker.
    ScalerUpdate update(bool foundInf);

private:
    ScalerSettings m_settings;
    float m_scale;
    int m_growthTracker = 0;
};

// _amp_foreach_non_finite_check_and_unscale_: every element times (float)(1 / (double)scale),
// in float32; returns true when any element was inf or NaN before unscaling.
bool unscaleGradients(std::span<float> grads, float scale);

} // namespace fplab::training
