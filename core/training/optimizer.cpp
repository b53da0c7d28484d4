// torch.optim.SGD (momentum, no dampening, no Nesterov) and torch.optim.Adam (no amsgrad),
// element by element in float32 with the scalars computed in double as PyTorch's Python side does.
#include "core/training/optimizer.h"

#include "core/training/low_precision.h"

#include <cmath>

namespace fplab::training {

std::string_view optimizerName(OptimizerKind kind) { return kind == OptimizerKind::Sgd ? "sgd" : "adam"; }

std::optional<OptimizerKind> parseOptimizerName(std::string_view name) {
    if (name == "sgd") return OptimizerKind::Sgd;
    if (name == "adam") return OptimizerKind::Adam;
    return std::nullopt;
}

Optimizer::Optimizer(const OptimizerSettings& settings, const std::vector<Parameter>& params) : m_settings(settings) {
    for (const Parameter& p : params) {
        m_first.emplace_back(stateSlots() >= 1 ? p.size() : 0, 0.0f);
        m_second.emplace_back(stateSlots() >= 2 ? p.size() : 0, 0.0f);
    }
}

int Optimizer::stateSlots() const {
    if (m_settings.kind == OptimizerKind::Adam) return 2;
    return m_settings.momentum != 0 ? 1 : 0;
}

void Optimizer::roundState(DType type) {
    const Rounding r = roundingFor(type);
    for (std::vector<float>& m : m_first) roundInPlace(r, m.data(), m.size());
    for (std::vector<float>& v : m_second) roundInPlace(r, v.data(), v.size());
}

std::vector<ParameterUpdate> Optimizer::step(std::vector<Parameter>& params, DType storage) {
    ++m_steps;
    const Rounding store = roundingFor(storage);
    const float lr = m_settings.learningRate;
    const float wd = m_settings.weightDecay;
    // Adam's scalars, in double as PyTorch computes them from Python floats.
    const double bc1 = 1.0 - std::pow(double(m_settings.beta1), double(m_steps));
    const double bc2 = 1.0 - std::pow(double(m_settings.beta2), double(m_steps));
    const float stepSize = float(double(lr) / bc1);
    const float bc2Sqrt = float(std::sqrt(bc2));
    const float b1 = m_settings.beta1, b2 = m_settings.beta2, eps = m_settings.eps;

    std::vector<ParameterUpdate> updates(params.size());
    std::vector<float> delta;
    for (std::size_t t = 0; t < params.size(); ++t) {
        Parameter& p = params[t];
        std::vector<float>& m = m_first[t];
        std::vector<float>& v = m_second[t];
        delta.resize(p.size());
        for (std::size_t i = 0; i < p.size(); ++i) {
            const float w = p.value[i];
            float g = p.grad[i];
            if (wd != 0) g += wd * w;
            if (m_settings.kind == OptimizerKind::Sgd) {
                float d = g;
                if (!m.empty()) {
                    m[i] = m_steps == 1 ? g : m_settings.momentum * m[i] + g;
                    d = m[i];
                }
                delta[i] = lr * d;
            } else {
                m[i] = m[i] + (1.0f - b1) * (g - m[i]); // exp_avg.lerp_(grad, 1 - beta1)
                v[i] = v[i] * b2 + (1.0f - b2) * g * g; // exp_avg_sq.mul_(beta2).addcmul_(grad, grad, 1 - beta2)
                const float denom = std::sqrt(v[i]) / bc2Sqrt + eps;
                delta[i] = stepSize * (m[i] / denom);
            }
        }
        ParameterUpdate& u = updates[t];
        double change = 0, norm = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            const float w = p.value[i];
            const float stored = roundValue(store, w - delta[i]);
            if (delta[i] != 0) {
                ++u.attempted;
                if (stored == w) ++u.vanished; // the update was smaller than half a spacing of the type
            }
            const double d = double(stored) - double(w);
            change += d * d;
            norm += double(w) * double(w);
            p.value[i] = stored;
        }
        u.ratio = norm > 0 ? std::sqrt(change / norm) : 0.0;
        roundInPlace(store, m.data(), m.size());
        roundInPlace(store, v.data(), v.size());
    }
    return updates;
}

} // namespace fplab::training
