#include "core/training/transformer/transformer_run.h"

#include "core/arithmetic.h"
#include "core/fast.h"
#include "core/training/low_precision.h"

#include <bit>
#include <cmath>
#include <stdexcept>

namespace fplab::training {

namespace {

std::string checkRun(const TransformerRunSettings& s, int vocab, int length) {
    if (s.batch < 1 || s.batch > 4096) return "the batch must be 1 to 4096 sequences";
    if (!(s.learningRate > 0.0f) || !(s.learningRate < 1.0f)) return "the learning rate must be above 0 and below 1";
    if (s.shape.context < length) return "the context must hold the task's " + std::to_string(length) + " tokens";
    TransformerShape shape = s.shape;
    shape.vocab = vocab;
    if (std::string error = checkTransformerShape(shape); !error.empty()) return error;
    return checkPrecision(s.precision);
}

std::shared_ptr<const TokenTask> additionTask(const TransformerRunSettings& s) {
    if (s.digits < 1 || s.digits > 4) throw std::invalid_argument("the addition task takes 1 to 4 digits");
    return std::make_shared<AdditionTask>(s.digits, s.seed);
}

TransformerShape taskShape(const TransformerRunSettings& s, const TokenTask* task) {
    if (!task) throw std::invalid_argument("no task");
    if (std::string error = checkTransformerRunSettings(s, *task); !error.empty()) throw std::invalid_argument(error);
    TransformerShape shape = s.shape;
    shape.vocab = task->vocab();
    return shape;
}

OptimizerSettings adam(float learningRate) {
    OptimizerSettings o;
    o.kind = OptimizerKind::Adam;
    o.learningRate = learningRate;
    return o;
}

} // namespace

std::string checkTransformerRunSettings(const TransformerRunSettings& s) {
    if (s.digits < 1 || s.digits > 4) return "the addition task takes 1 to 4 digits";
    return checkRun(s, AdditionTask::kVocab, 3 * s.digits + 2);
}

std::string checkTransformerRunSettings(const TransformerRunSettings& s, const TokenTask& task) {
    return checkRun(s, task.vocab(), task.contextLength());
}

TransformerRun::TransformerRun(const TransformerRunSettings& settings)
    : TransformerRun(settings, additionTask(settings)) {}

TransformerRun::TransformerRun(const TransformerRunSettings& settings, std::shared_ptr<const TokenTask> task)
    : m_settings(settings), m_task(std::move(task)), m_model(taskShape(settings, m_task.get()), settings.seed),
      m_optimizer(adam(settings.learningRate), m_model.parameters()), m_scaler(settings.precision.scaler),
      m_rounding(settings.seed ^ 0x2545F4914F6CDD1DULL), m_rng(settings.seed ^ 0x5DEECE66DULL) {
    if (settings.precision.weights != WeightStorage::Fp32)
        for (Parameter& p : m_model.parameters())
            for (float& v : p.value) v = roundToBf16(v);
}

TransformerStep TransformerRun::step() {
    const TokenBatch batch = m_task->trainingBatch(m_settings.batch, m_rng);
    const TransformerPrecision& precision = m_settings.precision;
    const bool scaling = precision.lossScaling != LossScaling::None;
    m_ops.clear();
    m_model.zeroGrad();
    TransformerStep result;
    result.step = ++m_steps;
    result.scale = scaling ? m_scaler.scale() : 1.0f;
    result.loss = m_model.forward(batch, precision, m_ops);
    m_model.backward(m_ops, result.scale);
    result.overflow = m_ops.firstOverflow();
    result.stats = m_model.stats();
    if (scaling) {
        bool foundInf = false;
        for (Parameter& p : m_model.parameters()) foundInf |= unscaleGradients(p.grad, result.scale);
        result.skipped = m_scaler.update(foundInf).foundInf;
        if (result.skipped) return result;
    }
    std::vector<std::vector<float>> before;
    for (const Parameter& p : m_model.parameters()) before.push_back(p.value);
    const std::vector<ParameterUpdate> updates = m_optimizer.step(m_model.parameters(), DType::Float32);
    if (precision.optimizerState != FormatId::Fp32)
        m_optimizer.roundState(precision.optimizerState == FormatId::Bf16 ? DType::BFloat16 : DType::Float16);
    std::vector<double> changed(std::size_t(m_model.shape().layers), 0.0), norm(changed.size(), 0.0);
    for (std::size_t i = 0; i < before.size(); ++i) {
        Parameter& p = m_model.parameters()[i];
        if (precision.weights == WeightStorage::Fp32) {
            result.updatesAttempted += updates[i].attempted;
            result.updatesLost += updates[i].vanished;
        } else {
            for (std::size_t e = 0; e < p.value.size(); ++e) {
                const float computed = p.value[e];
                p.value[e] = precision.weights == WeightStorage::Bf16Stochastic ? roundToBf16Stochastic(computed)
                                                                                : roundToBf16(computed);
                if (computed == before[i][e]) continue;
                ++result.updatesAttempted;
                if (p.value[e] == before[i][e]) ++result.updatesLost;
            }
        }
        const int layer = m_model.parameterLayer(i);
        if (layer < 0) continue;
        for (std::size_t e = 0; e < p.value.size(); ++e) {
            const double d = double(p.value[e]) - double(before[i][e]);
            changed[std::size_t(layer)] += d * d;
            norm[std::size_t(layer)] += double(before[i][e]) * double(before[i][e]);
        }
    }
    for (std::size_t l = 0; l < result.stats.layers.size() && l < changed.size(); ++l)
        result.stats.layers[l].updateRatio = norm[l] > 0 ? std::sqrt(changed[l] / norm[l]) : 0.0;
    return result;
}

float TransformerRun::roundToBf16Stochastic(float x) {
    const Result r = fplab::convert(kFp32, std::bit_cast<std::uint32_t>(x), kBf16, m_rounding.nextEnv());
    return std::bit_cast<float>(std::uint32_t(fast::convert<kBf16, kFp32>(r.bits).bits));
}

std::vector<PrecisionTraceEntry> TransformerRun::precisionTrace() const {
    std::vector<PrecisionTraceEntry> trace = m_model.precisionTrace();
    const FormatId stored = m_settings.precision.weights == WeightStorage::Fp32 ? FormatId::Fp32 : FormatId::Bf16;
    // Adam's state as stored, its update computed in FP32, the weights as stored.
    trace.push_back({-1, TransformerOp::OptimizerState, false, m_settings.precision.optimizerState, FormatId::Fp32,
                     stored, Fp8Recipe::None, std::nullopt});
    return trace;
}

double TransformerRun::heldOutAccuracy() {
    std::size_t correct = 0;
    EmulatedOps ops;
    m_model.setFp8Recording(false);
    for (std::size_t first = 0; first < m_task->heldOutCount(); first += 256) {
        const TokenBatch batch = m_task->heldOutBatch(first, 256);
        ops.clear();
        m_model.forward(batch, m_settings.precision, ops);
        correct += std::size_t(m_task->correct(batch, m_model.logits()));
    }
    m_model.setFp8Recording(true);
    return m_task->heldOutUnits() == 0 ? 0.0 : double(correct) / double(m_task->heldOutUnits());
}

} // namespace fplab::training
