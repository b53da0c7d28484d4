// GradScaler's update rule and unscaling, step for step as torch.amp does them.
#include "core/training/grad_scaler.h"

#include <cmath>

namespace fplab::training {

std::string checkScalerSettings(const ScalerSettings& s) {
    if (!(std::isfinite(s.initScale) && s.initScale > 0)) return "the initial scale must be a positive finite number";
    if (!(std::isfinite(s.growthFactor) && s.growthFactor > 1)) return "the growth factor must be greater than 1";
    if (!(s.backoffFactor > 0 && s.backoffFactor < 1)) return "the backoff factor must be between 0 and 1";
    if (s.growthInterval < 1) return "the growth interval must be at least 1";
    return {};
}

GradScaler::GradScaler(const ScalerSettings& settings) : m_settings(settings), m_scale(settings.initScale) {}

ScalerUpdate GradScaler::update(bool foundInf) {
    ScalerUpdate u;
    u.scaleBefore = m_scale;
    u.foundInf = foundInf;
    if (foundInf) {
        m_scale = float(double(m_scale) * double(m_settings.backoffFactor));
        m_growthTracker = 0;
    } else {
        const int successful = m_growthTracker + 1;
        if (successful == m_settings.growthInterval) {
            const float grown = float(double(m_scale) * double(m_settings.growthFactor));
            if (std::isfinite(grown)) {
                m_scale = grown;
                u.grew = true;
            }
            m_growthTracker = 0;
        } else {
            m_growthTracker = successful;
        }
    }
    u.scaleAfter = m_scale;
    u.trackerAfter = m_growthTracker;
    return u;
}

bool unscaleGradients(std::span<float> grads, float scale) {
    const float inverse = float(1.0 / double(scale));
    bool foundInf = false;
    for (float& g : grads) {
        if (!std::isfinite(g)) foundInf = true;
        g *= inverse;
    }
    return foundInf;
}

} // namespace fplab::training
