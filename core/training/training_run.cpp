// One optimizer step of the mixed-precision recipe: scaled forward/backward per micro-batch,
// unscale in float32 and check for inf/NaN, clip, step (or skip), update the scale; and the
// end of a run explained (NaN loss, collapsed scale, cancelled) instead of a crash.
#include "core/training/training_run.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fplab::training {

namespace {

std::string numberText(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// The scale as a power of two where it is one ("2^16 = 65536").
std::string scaleText(double v) {
    int e = 0;
    if (v > 0 && std::frexp(v, &e) == 0.5) return "2^" + std::to_string(e - 1) + " = " + numberText(v);
    return numberText(v);
}

bool finitePositive(float v) { return std::isfinite(v) && v > 0; }

ModelShape shapeFor(const TrainingConfig& c, const Dataset& d) {
    ModelShape s = c.model;
    s.inputs = d.inputs;
    s.classes = d.classes;
    if (!checkShape(s).empty()) s = ModelShape{d.inputs, d.classes}; // an invalid run still constructs
    return s;
}

} // namespace

std::string checkConfig(const TrainingConfig& c) {
    const PrecisionPolicy p = policyFor(c.mode);
    if (!c.masterWeights && !p.autocast())
        return "turning master weights off needs a low-precision mode (fp16, fp16-static, fp16-dynamic or bf16); " +
               std::string(modeName(c.mode)) + " keeps every weight in float32";
    ModelShape s = c.model;
    s.inputs = 2;
    s.classes = 2;
    if (std::string e = checkShape(s); !e.empty()) return "model: " + e;
    if (c.steps < 1 || c.steps > 10'000'000) return "steps must be between 1 and 10000000";
    if (c.batchSize < 1 || c.batchSize > 65536) return "the batch size must be between 1 and 65536";
    if (c.accumulationSteps < 1 || c.accumulationSteps > 1024) return "gradient accumulation must be between 1 and 1024 micro-batches";
    // Each activation tensor holds batch x width floats, and a step keeps about ten per layer.
    if (std::int64_t(c.batchSize) * c.model.width > (std::int64_t{1} << 24))
        return "batch size x width must be at most 16777216 (the activations would take gigabytes)";
    const OptimizerSettings& o = c.optimizer;
    if (!finitePositive(o.learningRate)) return "the learning rate must be a positive finite number";
    if (!(o.momentum >= 0 && o.momentum < 1)) return "momentum must be in [0, 1)";
    if (!(o.beta1 >= 0 && o.beta1 < 1) || !(o.beta2 >= 0 && o.beta2 < 1)) return "Adam's betas must be in [0, 1)";
    if (!finitePositive(o.eps)) return "Adam's eps must be a positive finite number";
    if (!(std::isfinite(o.weightDecay) && o.weightDecay >= 0)) return "weight decay must be a finite number >= 0";
    if (!(std::isfinite(c.clipNorm) && c.clipNorm >= 0)) return "the clipping norm must be a finite number >= 0 (0: off)";
    if (std::string e = checkScalerSettings(c.scaler); !e.empty()) return "scaler: " + e;
    if (!finitePositive(c.staticScale)) return "the static loss scale must be a positive finite number";
    if (!finitePositive(c.minScale)) return "the scale floor must be a positive finite number";
    if (!(std::isfinite(c.lossWeight) && c.lossWeight >= 0)) return "the loss weight must be a finite number >= 0 (0: the data set's)";
    return {};
}

std::string_view statusName(RunStatus status) {
    switch (status) {
    case RunStatus::Ready: return "ready";
    case RunStatus::Running: return "running";
    case RunStatus::Finished: return "finished";
    case RunStatus::Diverged: return "diverged";
    case RunStatus::ScaleCollapsed: return "scale collapsed";
    case RunStatus::Cancelled: return "cancelled";
    case RunStatus::Invalid: return "invalid";
    }
    return "?";
}

TrainingRun::TrainingRun(const TrainingConfig& config)
    : m_config(config), m_policy(policyFor(config.mode, config.masterWeights)),
      m_data(makeDataset(config.dataset, config.seed)), m_model(shapeFor(config, m_data), config.seed * 2 + 1),
      m_optimizer(config.optimizer, m_model.parameters()), m_scaler(config.scaler),
      m_shuffle(config.seed ^ 0x5EEDBA7C4ull) {
    if (std::string e = checkConfig(config); !e.empty()) {
        m_status = RunStatus::Invalid;
        m_message = e;
        return;
    }
    if (m_config.lossWeight == 0) m_config.lossWeight = m_data.lossWeight;
    m_order.resize(std::size_t(m_data.size()));
    for (int i = 0; i < m_data.size(); ++i) m_order[std::size_t(i)] = i;
    m_cursor = m_order.size(); // shuffled before the first batch
}

bool TrainingRun::over() const {
    return m_status != RunStatus::Ready && m_status != RunStatus::Running;
}

RunState TrainingRun::state() const {
    RunState s;
    s.status = m_status;
    s.stepsDone = int(m_history.size());
    s.totalSteps = m_config.steps;
    s.scale = m_policy.scaling == LossScaling::Dynamic ? m_scaler.scale()
                                                       : (m_policy.scaling == LossScaling::Static ? m_config.staticScale : 1.0f);
    s.growthTracker = m_scaler.growthTracker();
    s.message = m_message;
    return s;
}

void TrainingRun::end(RunStatus status, std::string message) {
    m_status = status;
    m_message = std::move(message);
}

BatchView TrainingRun::nextBatch() {
    const int B = m_config.batchSize;
    m_batchFeatures.resize(std::size_t(B) * m_data.inputs);
    m_batchLabels.resize(std::size_t(B));
    for (int b = 0; b < B; ++b) {
        if (m_cursor >= m_order.size()) { // a new epoch: Fisher-Yates with the run's generator
            for (std::size_t i = m_order.size(); i > 1; --i) std::swap(m_order[i - 1], m_order[m_shuffle.below(i)]);
            m_cursor = 0;
        }
        const int k = m_order[m_cursor++];
        for (int j = 0; j < m_data.inputs; ++j)
            m_batchFeatures[std::size_t(b) * m_data.inputs + j] = m_data.features[std::size_t(k) * m_data.inputs + j];
        m_batchLabels[std::size_t(b)] = m_data.labels[std::size_t(k)];
    }
    return {m_batchFeatures.data(), m_batchLabels.data(), B};
}

const StepRecord* TrainingRun::step() {
    if (over()) return nullptr;
    const int stepNumber = int(m_history.size()) + 1;
    if (m_cancel.load()) {
        end(RunStatus::Cancelled, "cancelled after " + std::to_string(stepNumber - 1) + " steps");
        return nullptr;
    }
    m_status = RunStatus::Running;

    StepRecord rec;
    rec.step = stepNumber;
    rec.scale = m_policy.scaling == LossScaling::Dynamic ? m_scaler.scale()
                                                         : (m_policy.scaling == LossScaling::Static ? m_config.staticScale : 1.0f);
    const int micro = m_config.accumulationSteps;
    // d(objective)/d(mean CE) per micro-batch: scale * loss weight / accumulation steps.
    const float gradScale = float(double(rec.scale) * double(m_config.lossWeight) / double(micro));

    m_model.zeroGrad();
    BackwardStats stats;
    float lossSum = 0;
    int correct = 0;
    bool logitsFinite = true;
    for (int i = 0; i < micro; ++i) {
        const ForwardResult fr =
            m_model.forwardBackward(nextBatch(), m_policy, gradScale, m_config.collectStats ? &stats : nullptr);
        lossSum += fr.loss;
        correct += fr.correct;
        logitsFinite = logitsFinite && fr.logitsFinite;
    }
    rec.loss = lossSum / float(micro);
    rec.accuracy = float(correct) / float(micro * m_config.batchSize);
    rec.window = stats.window;
    rec.histogram = stats.histogram;

    std::vector<Parameter>& params = m_model.parameters();
    if (!std::isfinite(rec.loss)) { // no optimizer step: the run ends here
        rec.scaleAfter = rec.scale;
        rec.growthTracker = m_scaler.growthTracker();
        m_history.push_back(std::move(rec));
        std::string why;
        if (m_weightsNonFiniteSince > 0) {
            const StepRecord& bad = m_history[std::size_t(m_weightsNonFiniteSince - 1)];
            why = "the weights hold inf/NaN since the update of step " + std::to_string(m_weightsNonFiniteSince);
            if (bad.nonFiniteGradients)
                why += ", whose gradients overflowed to inf/NaN; only the dynamic scaler checks the gradients and skips "
                       "such a step";
        } else if (!logitsFinite) {
            why = "the forward pass overflowed: a logit is inf or NaN in " + std::string(dtypeName(m_policy.lowType)) +
                  (m_policy.lowType == DType::Float16 ? " (largest finite value 65504)" : "");
        } else {
            why = "the cross-entropy is not finite";
        }
        end(RunStatus::Diverged, "step " + std::to_string(stepNumber) + ": the loss is NaN or infinite: " + why + ".");
        return &m_history.back();
    }

    // Unscale in float32 and look for inf/NaN (PyTorch: scaler.unscale_ before clipping).
    const Rounding store = roundingFor(m_policy.parameterType());
    bool foundInf = false;
    for (Parameter& p : params) {
        if (m_policy.scaling != LossScaling::None) {
            foundInf = unscaleGradients(p.grad, rec.scale) || foundInf;
            roundInPlace(store, p.grad.data(), p.grad.size()); // master weights off: the gradients stay 16-bit
        } else {
            for (float g : p.grad) foundInf = foundInf || !std::isfinite(g);
        }
    }
    rec.nonFiniteGradients = foundInf;

    // torch.nn.utils.clip_grad_norm_: the norm of the per-tensor norms, in float32.
    float total = 0;
    for (const Parameter& p : params) {
        float squares = 0;
        for (float g : p.grad) squares += g * g;
        const float n = std::sqrt(squares);
        total += n * n;
    }
    rec.gradNorm = std::sqrt(total);
    if (m_config.clipNorm > 0) {
        const float coef = m_config.clipNorm / (rec.gradNorm + 1e-6f);
        if (coef < 1.0f) {
            rec.clipped = true;
            for (Parameter& p : params) {
                for (float& g : p.grad) g *= coef;
                roundInPlace(store, p.grad.data(), p.grad.size());
            }
        }
    }

    rec.skipped = m_policy.scaling == LossScaling::Dynamic && foundInf;
    if (!rec.skipped) {
        const std::vector<ParameterUpdate> updates = m_optimizer.step(params, m_policy.parameterType());
        for (const ParameterUpdate& u : updates) {
            rec.updateRatio.push_back(u.ratio);
            rec.updatesAttempted += u.attempted;
            rec.updatesVanished += u.vanished;
        }
        if (m_weightsNonFiniteSince == 0)
            for (const Parameter& p : params)
                for (float w : p.value)
                    if (!std::isfinite(w)) m_weightsNonFiniteSince = stepNumber;
    } else {
        rec.updateRatio.assign(params.size(), 0.0);
    }

    if (m_policy.scaling == LossScaling::Dynamic) {
        const ScalerUpdate u = m_scaler.update(foundInf);
        rec.scaleAfter = u.scaleAfter;
        rec.growthTracker = u.trackerAfter;
    } else {
        rec.scaleAfter = rec.scale;
    }
    if (foundInf) {
        if (m_overflowRunStart == 0) m_overflowRunStart = stepNumber;
    } else {
        m_overflowRunStart = 0;
    }
    m_history.push_back(std::move(rec));
    const StepRecord& done = m_history.back();

    if (m_policy.scaling == LossScaling::Dynamic && done.scaleAfter < m_config.minScale) {
        end(RunStatus::ScaleCollapsed,
            "step " + std::to_string(stepNumber) + ": the loss scale fell to " + scaleText(done.scaleAfter) +
                ", below the floor " + scaleText(m_config.minScale) + ": every step since step " +
                std::to_string(m_overflowRunStart) +
                " had inf/NaN gradients, so halving the scale does not help (the overflow is not caused by the "
                "scale); the run stops.");
    } else if (stepNumber >= m_config.steps) {
        end(RunStatus::Finished, "finished " + std::to_string(stepNumber) + " steps");
    }
    return &done;
}

Evaluation TrainingRun::evaluate() {
    Evaluation e;
    if (m_data.size() == 0) return e;
    const BatchView all{m_data.features.data(), m_data.labels.data(), m_data.size()};
    const ForwardResult r = m_model.forward(all, m_policy);
    e.loss = r.loss;
    e.accuracy = float(r.correct) / float(m_data.size());
    return e;
}

PredictionGrid TrainingRun::predictionGrid(int nx, int ny) {
    PredictionGrid g;
    g.nx = nx < 1 ? 1 : nx;
    g.ny = ny < 1 ? 1 : ny;
    g.low = m_data.low;
    g.high = m_data.high;
    std::vector<float> points;
    std::vector<int> labels(std::size_t(g.nx), 0), predictions;
    for (int j = 0; j < g.ny; ++j) {
        points.clear();
        for (int i = 0; i < g.nx; ++i) {
            points.push_back(g.xAt(i));
            points.push_back(g.yAt(j));
        }
        m_model.forward({points.data(), labels.data(), g.nx}, m_policy, &predictions);
        g.classes.insert(g.classes.end(), predictions.begin(), predictions.end());
    }
    return g;
}

std::vector<TraceEntry> TrainingRun::dtypeTrace() const {
    ToyModel copy = m_model;
    const int B = std::min(m_config.batchSize, m_data.size());
    std::vector<TraceEntry> trace;
    const float scale = state().scale;
    copy.forwardBackward({m_data.features.data(), m_data.labels.data(), B}, m_policy,
                         float(double(scale) * double(m_config.lossWeight)), nullptr, &trace);
    return trace;
}

MemoryReport TrainingRun::memory() const {
    MemoryReport m;
    m.parameters = m_model.parameterCount();
    const std::int64_t paramBytes = dtypeBytes(m_policy.parameterType());
    const std::vector<TraceEntry> trace = dtypeTrace();
    if (m_policy.autocast() && m_policy.masterWeights) {
        for (const TraceEntry& t : trace)
            if (t.role == TensorRole::WeightCopy) m.weights += t.bytes();
        m.master = m.parameters * 4;
    } else {
        m.weights = m.parameters * paramBytes;
    }
    m.gradients = m.parameters * paramBytes;
    m.optimizer = m.parameters * m_optimizer.stateSlots() * paramBytes;
    for (const TraceEntry& t : trace)
        if (t.savedForBackward && t.role != TensorRole::WeightCopy) m.activations += t.bytes();
    return m;
}

} // namespace fplab::training
