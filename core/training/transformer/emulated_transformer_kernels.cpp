#include "core/training/transformer/emulated_transformer_kernels.h"

#include "core/arithmetic.h"
#include "core/fast.h"
#include "core/training/grad_scaler.h"
#include "core/training/low_precision.h"
#include "core/training/run_comparison.h"

#include <bit>
#include <cmath>

namespace fplab::training {

EmulatedTransformerKernels::EmulatedTransformerKernels(const TransformerModel& initial,
                                                       const TransformerPrecision& precision,
                                                       const OptimizerSettings& optimizer, std::uint64_t seed)
    : m_model(initial), m_precision(precision), m_optimizer(optimizer, m_model.parameters()),
      m_rounding(seed ^ 0x2545F4914F6CDD1DULL) {}

TransformerPass EmulatedTransformerKernels::forwardBackward(const TokenBatch& batch, float lossScale) {
    m_ops.clear();
    TransformerPass pass;
    pass.loss = m_model.forward(batch, m_precision, m_ops);
    m_model.backward(m_ops, lossScale);
    pass.overflow = m_ops.firstOverflow();
    pass.stats = m_model.stats();
    return pass;
}

bool EmulatedTransformerKernels::unscaleAndCheck(float scale, bool unscale) {
    bool foundInf = false;
    for (Parameter& p : m_model.parameters()) {
        if (unscale) {
            foundInf |= unscaleGradients(p.grad, scale);
            continue;
        }
        for (const float g : p.grad) foundInf |= !std::isfinite(g);
    }
    return foundInf;
}

TransformerUpdate EmulatedTransformerKernels::optimizerStep() {
    TransformerUpdate result;
    std::vector<std::vector<float>> before;
    for (const Parameter& p : m_model.parameters()) before.push_back(p.value);
    const std::vector<ParameterUpdate> updates = m_optimizer.step(m_model.parameters(), DType::Float32);
    if (m_precision.optimizerState != FormatId::Fp32)
        m_optimizer.roundState(m_precision.optimizerState == FormatId::Bf16 ? DType::BFloat16 : DType::Float16);
    std::vector<double> changed(std::size_t(m_model.shape().layers), 0.0), norm(changed.size(), 0.0);
    for (std::size_t i = 0; i < before.size(); ++i) {
        Parameter& p = m_model.parameters()[i];
        if (m_precision.weights == WeightStorage::Fp32) {
            result.updatesAttempted += updates[i].attempted;
            result.updatesLost += updates[i].vanished;
        } else {
            for (std::size_t e = 0; e < p.value.size(); ++e) {
                const float computed = p.value[e];
                p.value[e] = m_precision.weights == WeightStorage::Bf16Stochastic ? roundToBf16Stochastic(computed)
                                                                                  : roundToBf16(computed);
                if (computed == before[i][e]) continue;
                ++result.updatesAttempted;
                if (p.value[e] == before[i][e]) ++result.updatesLost;
            }
        }
        for (const float w : p.value) result.weightsFinite = result.weightsFinite && std::isfinite(w);
        const int layer = m_model.parameterLayer(i);
        if (layer < 0) continue;
        for (std::size_t e = 0; e < p.value.size(); ++e) {
            const double d = double(p.value[e]) - double(before[i][e]);
            changed[std::size_t(layer)] += d * d;
            norm[std::size_t(layer)] += double(before[i][e]) * double(before[i][e]);
        }
    }
    for (std::size_t l = 0; l < changed.size(); ++l)
        result.layerUpdateRatio.push_back(norm[l] > 0 ? std::sqrt(changed[l] / norm[l]) : 0.0);
    return result;
}

std::vector<float> EmulatedTransformerKernels::weights() { return flattenWeights(m_model.parameters()); }

std::vector<float> EmulatedTransformerKernels::logits(const TokenBatch& batch) {
    EmulatedOps ops;
    ops.useFastPaths(m_ops.usesFastPaths());
    ops.useHostHalfMatmul(m_ops.usesHostHalfMatmul());
    ops.setStopRequest(m_stop);
    struct RecordingOff { // also when the forward is interrupted
        TransformerModel& model;
        explicit RecordingOff(TransformerModel& m) : model(m) { model.setFp8Recording(false); }
        ~RecordingOff() { model.setFp8Recording(true); }
    } recordingOff(m_model);
    m_model.forward(batch, m_precision, ops);
    return m_model.logits();
}

float EmulatedTransformerKernels::roundToBf16Stochastic(float x) {
    const Result r = fplab::convert(kFp32, std::bit_cast<std::uint32_t>(x), kBf16, m_rounding.nextEnv());
    return std::bit_cast<float>(std::uint32_t(fast::convert<kBf16, kFp32>(r.bits).bits));
}

TransformerKernelsFactory emulatedTransformerKernelsFactory() {
    return [](const TransformerModel& initial, const TransformerPrecision& precision,
              const OptimizerSettings& optimizer, int /*maxRows*/, std::uint64_t seed) {
        return std::make_unique<EmulatedTransformerKernels>(initial, precision, optimizer, seed);
    };
}

} // namespace fplab::training
