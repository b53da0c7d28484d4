#include "core/training/transformer/addition_task.h"

#include "core/arithmetic.h"
#include "core/fast.h"
#include "core/training/low_precision.h"

#include <bit>
#include <cmath>
#include <stdexcept>

namespace fplab::training {

namespace {

constexpr int kPlus = 10;
constexpr int kEquals = 11;

int powerOfTen(int n) {
    int p = 1;
    for (int i = 0; i < n; ++i) p *= 10;
    return p;
}

} // namespace

AdditionTask::AdditionTask(int digits, std::uint64_t seed) : m_digits(digits) {
    if (digits < 1 || digits > 4) throw std::invalid_argument("the addition task takes 1 to 4 digits");
    const int limit = powerOfTen(digits);
    std::mt19937_64 rng(seed);
    for (int a = 0; a < limit; ++a)
        for (int b = 0; b < limit; ++b) (rng() % 10 == 0 ? m_heldOut : m_training).emplace_back(a, b);
}

std::string AdditionTask::text(int a, int b) const {
    std::string s;
    auto number = [&](int v, int width, bool reversed) {
        std::string d;
        for (int i = 0; i < width; ++i, v /= 10) d.insert(d.begin(), char('0' + v % 10));
        if (reversed) d.assign(d.rbegin(), d.rend());
        return d;
    };
    return number(a, m_digits, false) + "+" + number(b, m_digits, false) + "=" + number(a + b, m_digits + 1, true);
}

TokenBatch AdditionTask::batchOf(const std::vector<std::pair<int, int>>& pairs) const {
    TokenBatch batch;
    batch.batch = int(pairs.size());
    batch.length = contextLength();
    const int answerStart = 2 * m_digits + 2; // the first answer digit's index in the sequence
    for (const auto& [a, b] : pairs) {
        const std::string s = text(a, b);
        for (int i = 0; i < batch.length; ++i) {
            const char c = s[std::size_t(i)];
            batch.tokens.push_back(c == '+' ? kPlus : c == '=' ? kEquals : c - '0');
            // Position i predicts character i + 1; only the answer's digits are scored.
            batch.targets.push_back(i + 1 >= answerStart ? s[std::size_t(i) + 1] - '0' : -1);
        }
    }
    return batch;
}

TokenBatch AdditionTask::trainingBatch(int size, std::mt19937_64& rng) const {
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < size; ++i) pairs.push_back(m_training[std::size_t(rng() % m_training.size())]);
    return batchOf(pairs);
}

TokenBatch AdditionTask::heldOutBatch(std::size_t first, int size) const {
    const std::size_t end = std::min(m_heldOut.size(), first + std::size_t(size));
    return batchOf({m_heldOut.begin() + std::ptrdiff_t(first), m_heldOut.begin() + std::ptrdiff_t(end)});
}

int AdditionTask::exactMatches(const TokenBatch& batch, const std::vector<float>& logits, int vocab) {
    int matches = 0;
    for (int s = 0; s < batch.batch; ++s) {
        bool all = true;
        for (int t = 0; t < batch.length; ++t) {
            const std::size_t n = std::size_t(s) * batch.length + t;
            if (batch.targets[n] < 0) continue;
            const float* row = logits.data() + n * std::size_t(vocab);
            int best = 0;
            for (int j = 1; j < vocab; ++j)
                if (row[j] > row[best]) best = j;
            all = all && best == batch.targets[n];
        }
        matches += all ? 1 : 0;
    }
    return matches;
}

std::string checkAdditionRunSettings(const AdditionRunSettings& s) {
    if (s.digits < 1 || s.digits > 4) return "the addition task takes 1 to 4 digits";
    if (s.batch < 1 || s.batch > 4096) return "the batch must be 1 to 4096 sequences";
    if (!(s.learningRate > 0.0f) || !(s.learningRate < 1.0f)) return "the learning rate must be above 0 and below 1";
    if (s.shape.context < 3 * s.digits + 2)
        return "the context must hold the task's " + std::to_string(3 * s.digits + 2) + " tokens";
    TransformerShape shape = s.shape;
    shape.vocab = AdditionTask::kVocab;
    if (std::string error = checkTransformerShape(shape); !error.empty()) return error;
    return checkPrecision(s.precision);
}

namespace {

TransformerShape taskShape(const AdditionRunSettings& s) {
    if (std::string error = checkAdditionRunSettings(s); !error.empty()) throw std::invalid_argument(error);
    TransformerShape shape = s.shape;
    shape.vocab = AdditionTask::kVocab;
    return shape;
}

OptimizerSettings adam(float learningRate) {
    OptimizerSettings o;
    o.kind = OptimizerKind::Adam;
    o.learningRate = learningRate;
    return o;
}

} // namespace

AdditionRun::AdditionRun(const AdditionRunSettings& settings)
    : m_settings(settings), m_task(settings.digits, settings.seed), m_model(taskShape(settings), settings.seed),
      m_optimizer(adam(settings.learningRate), m_model.parameters()), m_scaler(settings.precision.scaler),
      m_rounding(settings.seed ^ 0x2545F4914F6CDD1DULL), m_rng(settings.seed ^ 0x5DEECE66DULL) {
    if (settings.precision.weights != WeightStorage::Fp32)
        for (Parameter& p : m_model.parameters())
            for (float& v : p.value) v = roundToBf16(v);
}

AdditionStep AdditionRun::step() {
    const TokenBatch batch = m_task.trainingBatch(m_settings.batch, m_rng);
    const TransformerPrecision& precision = m_settings.precision;
    const bool scaling = precision.lossScaling != LossScaling::None;
    m_ops.clear();
    m_model.zeroGrad();
    AdditionStep result;
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

float AdditionRun::roundToBf16Stochastic(float x) {
    const Result r = fplab::convert(kFp32, std::bit_cast<std::uint32_t>(x), kBf16, m_rounding.nextEnv());
    return std::bit_cast<float>(std::uint32_t(fast::convert<kBf16, kFp32>(r.bits).bits));
}

std::vector<PrecisionTraceEntry> AdditionRun::precisionTrace() const {
    std::vector<PrecisionTraceEntry> trace = m_model.precisionTrace();
    const FormatId stored = m_settings.precision.weights == WeightStorage::Fp32 ? FormatId::Fp32 : FormatId::Bf16;
    trace.push_back({-1, TransformerOp::OptimizerState, false, FormatId::Fp32, FormatId::Fp32, stored, Fp8Recipe::None});
    return trace;
}

double AdditionRun::heldOutAccuracy() {
    int matches = 0;
    EmulatedOps ops;
    m_model.setFp8Recording(false);
    for (std::size_t first = 0; first < m_task.heldOutCount(); first += 256) {
        const TokenBatch batch = m_task.heldOutBatch(first, 256);
        ops.clear();
        m_model.forward(batch, m_settings.precision, ops);
        matches += AdditionTask::exactMatches(batch, m_model.logits(), AdditionTask::kVocab);
    }
    m_model.setFp8Recording(true);
    return m_task.heldOutCount() == 0 ? 0.0 : double(matches) / double(m_task.heldOutCount());
}

} // namespace fplab::training
