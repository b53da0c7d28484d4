// The emulator's step kernels: unscale and inf/NaN check (PyTorch's scaler.unscale_), the per-tensor
// sums of squares of clip_grad_norm_, clipping, and the optimizer step, all in float32.
#include "core/training/cpu_step_kernels.h"

#include "core/training/grad_scaler.h"
#include "core/training/run_comparison.h"

#include <cmath>
#include <utility>

namespace fplab::training {

CpuStepKernels::CpuStepKernels(ToyModel model, const PrecisionPolicy& policy, const OptimizerSettings& optimizer)
    : m_model(std::move(model)), m_policy(policy), m_optimizer(optimizer, m_model.parameters()),
      m_store(roundingFor(policy.parameterType())) {}

ForwardResult CpuStepKernels::forwardBackward(const BatchView& batch, float gradScale, BackwardStats* stats) {
    return m_model.forwardBackward(batch, m_policy, gradScale, stats);
}

bool CpuStepKernels::unscaleAndCheck(float scale, bool unscale) {
    bool found = false;
    for (Parameter& p : m_model.parameters()) {
        if (unscale) {
            found = unscaleGradients(p.grad, scale) || found;
            roundInPlace(m_store, p.grad.data(), p.grad.size()); // master weights off: the gradients stay 16-bit
        } else {
            for (float g : p.grad) found = found || !std::isfinite(g);
        }
    }
    return found;
}

std::vector<float> CpuStepKernels::gradientSquares() {
    std::vector<float> out;
    for (const Parameter& p : m_model.parameters()) {
        float squares = 0;
        for (float g : p.grad) squares += g * g;
        out.push_back(squares);
    }
    return out;
}

void CpuStepKernels::scaleGradients(float coef) {
    for (Parameter& p : m_model.parameters()) {
        for (float& g : p.grad) g *= coef;
        roundInPlace(m_store, p.grad.data(), p.grad.size());
    }
}

OptimizerOutcome CpuStepKernels::optimizerStep() {
    OptimizerOutcome o;
    o.updates = m_optimizer.step(m_model.parameters(), m_policy.parameterType());
    for (const Parameter& p : m_model.parameters())
        for (float w : p.value) o.weightsFinite = o.weightsFinite && std::isfinite(w);
    return o;
}

std::vector<float> CpuStepKernels::weights() { return flattenWeights(m_model.parameters()); }

StepKernelsFactory cpuKernelsFactory() {
    return [](const ToyModel& initial, const PrecisionPolicy& policy, const OptimizerSettings& optimizer, int) {
        return std::make_unique<CpuStepKernels>(initial, policy, optimizer);
    };
}

} // namespace fplab::training
