// One optimizer step of the mixed-precision recipe: scaled forward/backward per micro-batch,
// unscale in float32 and check for inf/NaN, clip, step (or skip), update the scale; and the
// end of a run explained (NaN loss, collapsed scale, cancelled, a failed backend) instead of a crash.
// The same algorithm drives every backend's StepKernels.
#include "core/training/training_run.h"

#include "core/training/cpu_step_kernels.h"
#include "core/training/loss_scale_decision.h"

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

PredictionGrid predictOnGrid(ToyModel& model, const PrecisionPolicy& policy, const Dataset& data, int nx, int ny) {
    PredictionGrid g;
    g.nx = nx < 1 ? 1 : nx;
    g.ny = ny < 1 ? 1 : ny;
    g.low = data.low;
    g.high = data.high;
    std::vector<float> points;
    std::vector<int> labels(std::size_t(g.nx), 0), predictions;
    for (int j = 0; j < g.ny; ++j) {
        points.clear();
        for (int i = 0; i < g.nx; ++i) {
            points.push_back(g.xAt(i));
            points.push_back(g.yAt(j));
        }
        model.forward({points.data(), labels.data(), g.nx}, policy, &predictions);
        g.classes.insert(g.classes.end(), predictions.begin(), predictions.end());
    }
    return g;
}

// The parameters from a flat array in the model's parameter order (as StepKernels::weights gives them).
void loadWeights(ToyModel& model, const std::vector<float>& flat) {
    std::size_t at = 0;
    for (Parameter& p : model.parameters())
        for (float& w : p.value)
            if (at < flat.size()) w = flat[at++];
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
    if (c.accumulationSteps < 1 || c.accumulationSteps > 1024)
        return "gradient accumulation must be between 1 and 1024 micro-batches";
    // Each activation tensor holds batch x width floats, and a step keeps about ten per layer.
    if (std::int64_t(c.batchSize) * c.model.width > (std::int64_t{1} << 24))
        return "batch size x width must be at most 16777216 (the activations would take gigabytes)";
    const OptimizerSettings& o = c.optimizer;
    if (!finitePositive(o.learningRate)) return "the learning rate must be a positive finite number";
    if (!(o.momentum >= 0 && o.momentum < 1)) return "momentum must be in [0, 1)";
    if (!(o.beta1 >= 0 && o.beta1 < 1) || !(o.beta2 >= 0 && o.beta2 < 1)) return "Adam's betas must be in [0, 1)";
    if (!finitePositive(o.eps)) return "Adam's eps must be a positive finite number";
    if (!(std::isfinite(o.weightDecay) && o.weightDecay >= 0)) return "weight decay must be a finite number >= 0";
    if (!(std::isfinite(c.clipNorm) && c.clipNorm >= 0))
        return "the clipping norm must be a finite number >= 0 (0: off)";
    if (std::string e = checkScalerSettings(c.scaler); !e.empty()) return "scaler: " + e;
    if (std::string e = checkFp8Settings(c.fp8); !e.empty()) return "fp8: " + e;
    if (c.outlierStep < 0) return "the outlier step must be >= 0 (0: no outlier)";
    if (!std::isfinite(c.outlierValue)) return "the outlier value must be a finite number";
    if (!finitePositive(c.staticScale)) return "the static loss scale must be a positive finite number";
    if (!finitePositive(c.minScale)) return "the scale floor must be a positive finite number";
    if (!(std::isfinite(c.lossWeight) && c.lossWeight >= 0))
        return "the loss weight must be a finite number >= 0 (0: the data set's)";
    return {};
}

TrainingRun::TrainingRun(const TrainingConfig& config) : TrainingRun(config, nullptr) {}

TrainingRun::TrainingRun(const TrainingConfig& config, const StepKernelsFactory& kernels)
    : TrainingRun(config, &kernels) {}

TrainingRun::TrainingRun(const TrainingConfig& config, const StepKernelsFactory* kernels)
    : ModelRun(policyFor(config.mode, config.masterWeights, config.fp8).scaling, config.scaler, config.staticScale,
               config.steps),
      m_config(config), m_policy(policyFor(config.mode, config.masterWeights, config.fp8)),
      m_data(makeDataset(config.dataset, config.seed)), m_sampler(m_data, config.seed) {
    ToyModel initial(shapeFor(config, m_data), config.seed * 2 + 1);
    const std::string problem = checkConfig(config);
    if (problem.empty() && m_config.lossWeight == 0) m_config.lossWeight = m_data.lossWeight;
    if (!kernels) { // the emulator: its kernels hold the model, also for an invalid run (model(), dtypeTrace())
        auto cpu = std::make_unique<CpuStepKernels>(std::move(initial), m_policy, m_config.optimizer);
        m_emulator = cpu.get();
        m_kernels = cpu.get();
        adoptKernels(std::move(cpu));
    } else {
        m_initialModel.emplace(std::move(initial));
        if (problem.empty()) {
            std::unique_ptr<StepKernels> made = (*kernels)(*m_initialModel, m_policy, m_config.optimizer,
                                                           std::max(m_config.batchSize, m_data.size()));
            m_kernels = made.get();
            adoptKernels(std::move(made));
        }
    }
    if (!problem.empty()) end(RunStatus::Invalid, problem);
}

TrainingRun::~TrainingRun() = default;

const ToyModel& TrainingRun::model() const { return m_emulator ? m_emulator->model() : *m_initialModel; }

RunState TrainingRun::state() const {
    RunState s;
    s.status = status();
    s.stepsDone = int(m_history.size());
    s.totalSteps = m_config.steps;
    s.scale = lossScale();
    s.growthTracker = scaler().growthTracker();
    s.message = statusMessage();
    return s;
}

void TrainingRun::fail(const std::exception& error) {
    end(RunStatus::Failed,
        "after step " + std::to_string(m_history.size()) + ": the backend failed: " + describeFailure(error));
}

void TrainingRun::saveBatchOrder() { m_samplerAtStepStart = m_sampler.position(); }

void TrainingRun::restoreBatchOrder() { m_sampler.restore(std::move(*m_samplerAtStepStart)); }

bool TrainingRun::forwardBackward(int stepNumber, float scale) {
    StepRecord& rec = m_pending;
    rec = StepRecord{};
    rec.step = stepNumber;
    rec.scale = scale;
    const int micro = m_config.accumulationSteps;
    // d(objective)/d(mean CE) per micro-batch: scale * loss weight / accumulation steps.
    const float gradScale = float(double(rec.scale) * double(m_config.lossWeight) / double(micro));

    BackwardStats stats;
    const bool fp8Casts = m_policy.fp8Gemms() && m_kernels->reportsFp8Casts();
    BackwardStats* statsOut = m_config.collectStats && (m_kernels->collectsStats() || fp8Casts) ? &stats : nullptr;
    float lossSum = 0;
    int correct = 0;
    m_logitsFinite = true;
    for (int i = 0; i < micro; ++i) {
        BatchView batch = m_sampler.next(m_config.batchSize);
        std::vector<float> withOutlier;
        if (i == 0 && stepNumber == m_config.outlierStep) {
            withOutlier.assign(batch.features, batch.features + std::size_t(batch.size) * std::size_t(m_data.inputs));
            withOutlier[0] = m_config.outlierValue;
            batch.features = withOutlier.data();
        }
        const ForwardResult fr = m_kernels->forwardBackward(batch, gradScale, statsOut);
        lossSum += fr.loss;
        correct += fr.correct;
        m_logitsFinite = m_logitsFinite && fr.logitsFinite;
    }
    rec.loss = lossSum / float(micro);
    rec.accuracy = float(correct) / float(micro * m_config.batchSize);
    rec.window = stats.window;
    rec.histogram = stats.histogram;
    rec.fp8 = std::move(stats.fp8);
    return std::isfinite(rec.loss);
}

bool TrainingRun::prepareUpdate(float scale) {
    StepRecord& rec = m_pending;
    // Unscale in float32 and look for inf/NaN (PyTorch: scaler.unscale_ before clipping).
    rec.nonFiniteGradients = m_kernels->unscaleAndCheck(scale, m_policy.scaling != LossScaling::None);

    // torch.nn.utils.clip_grad_norm_: the norm of the per-tensor norms, in float32.
    float total = 0;
    for (float squares : m_kernels->gradientSquares()) {
        const float n = std::sqrt(squares);
        total += n * n;
    }
    rec.gradNorm = std::sqrt(total);
    if (m_config.clipNorm > 0) {
        const float coef = m_config.clipNorm / (rec.gradNorm + 1e-6f);
        if (coef < 1.0f) {
            rec.clipped = true;
            m_kernels->scaleGradients(coef);
        }
    }
    return rec.nonFiniteGradients;
}

std::string TrainingRun::recordDivergence() {
    m_pending.scaleAfter = m_pending.scale;
    m_pending.growthTracker = scaler().growthTracker();
    m_history.push_back(std::move(m_pending));
    if (m_weightsNonFiniteSince > 0) {
        std::string why = "the weights hold inf/NaN since the update of step " +
                          std::to_string(m_weightsNonFiniteSince);
        if (m_history[std::size_t(m_weightsNonFiniteSince - 1)].nonFiniteGradients)
            why += ", whose gradients overflowed to inf/NaN; only the dynamic scaler checks the gradients and skips "
                   "such "
                   "a step";
        return why;
    }
    if (!m_logitsFinite)
        return "the forward pass overflowed: a logit is inf or NaN in " + std::string(dtypeName(m_policy.lowType)) +
               (m_policy.lowType == DType::Float16 ? " (largest finite value 65504)" : "");
    return "the cross-entropy is not finite";
}

void TrainingRun::update(const LossScaleDecision& decision, bool foundInf) {
    StepRecord& rec = m_pending;
    rec.skipped = decision.skipped;
    if (!rec.skipped) {
        const OptimizerOutcome o = m_kernels->optimizerStep();
        for (const ParameterUpdate& u : o.updates) {
            rec.updateRatio.push_back(u.ratio);
            rec.vanishedPerTensor.push_back(u.attempted ? double(u.vanished) / double(u.attempted) : 0.0);
            rec.updatesAttempted += u.attempted;
            rec.updatesVanished += u.vanished;
        }
        if (!o.weightsFinite && m_weightsNonFiniteSince == 0) m_weightsNonFiniteSince = rec.step;
    } else if (m_kernels->collectsStats()) {
        rec.updateRatio.assign(model().parameters().size(), 0.0);
        rec.vanishedPerTensor.assign(model().parameters().size(), 0.0);
    }
    rec.scaleAfter = decision.scaleAfter;
    if (m_policy.scaling == LossScaling::Dynamic) rec.growthTracker = decision.growthTracker;
    if (foundInf) {
        if (m_overflowRunStart == 0) m_overflowRunStart = rec.step;
    } else {
        m_overflowRunStart = 0;
    }
    m_history.push_back(std::move(rec));
}

void TrainingRun::endAfterStep(int stepNumber) {
    const StepRecord& done = m_history.back();
    if (m_policy.scaling == LossScaling::Dynamic && done.scaleAfter < m_config.minScale) {
        end(RunStatus::ScaleCollapsed,
            "step " + std::to_string(stepNumber) + ": the loss scale fell to " + scaleText(done.scaleAfter) +
                ", below the floor " + scaleText(m_config.minScale) + ": every step since step " +
                std::to_string(m_overflowRunStart) +
                " had inf/NaN gradients, so halving the scale does not help (the overflow is not caused by the "
                "scale); the run stops.");
    }
}

const StepRecord* TrainingRun::step(const StopRequest* stop) {
    return runStep(stop) == StepOutcome::Taken ? &m_history.back() : nullptr;
}

std::vector<float> TrainingRun::weights() { return m_kernels ? m_kernels->weights() : std::vector<float>{}; }

Evaluation TrainingRun::evaluate(const StopRequest* stop) {
    Evaluation e;
    if (!m_kernels || m_data.size() == 0) return e;
    const StopRequestScope scope(*m_kernels, stop);
    const ForwardResult r = m_kernels->evaluate({m_data.features.data(), m_data.labels.data(), m_data.size()});
    e.loss = r.loss;
    e.accuracy = float(r.correct) / float(m_data.size());
    return e;
}

PredictionGrid TrainingRun::predictionGrid(int nx, int ny, const StopRequest* stop) {
    if (m_emulator) {
        const StopRequestScope scope(m_emulator->model(), stop);
        return predictOnGrid(m_emulator->model(), m_policy, m_data, nx, ny);
    }
    ToyModel current = model(); // the initial weights, replaced by the kernels' current ones
    if (m_kernels) loadWeights(current, m_kernels->weights());
    current.setStopRequest(stop);
    return predictOnGrid(current, m_policy, m_data, nx, ny);
}

std::vector<TraceEntry> TrainingRun::dtypeTrace() const {
    ToyModel copy = model();
    const int B = std::min(m_config.batchSize, m_data.size());
    std::vector<TraceEntry> trace;
    const float scale = lossScale();
    copy.forwardBackward({m_data.features.data(), m_data.labels.data(), B}, m_policy,
                         float(double(scale) * double(m_config.lossWeight)), nullptr, &trace);
    return trace;
}

MemoryReport TrainingRun::memory() const {
    MemoryReport m;
    m.parameters = model().parameterCount();
    const std::int64_t paramBytes = dtypeBytes(m_policy.parameterType());
    const std::vector<TraceEntry> trace = dtypeTrace();
    if (m_policy.autocast() && m_policy.masterWeights) m.master = m.parameters * 4;
    else m.weights = m.parameters * paramBytes;
    for (const TraceEntry& t : trace)
        if (t.role == TensorRole::WeightCopy) m.weightCopies += t.bytes();
    m.gradients = m.parameters * paramBytes;
    m.optimizer = m.parameters * Optimizer(m_config.optimizer, {}).stateSlots() * paramBytes;
    for (const TraceEntry& t : trace)
        if (t.savedForBackward && t.role != TensorRole::WeightCopy) m.activations += t.bytes();
    return m;
}

} // namespace fplab::training
