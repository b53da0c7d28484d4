#include "core/training/transformer/transformer_run.h"

#include "core/training/loss_scale_decision.h"
#include "core/training/low_precision.h"

#include <algorithm>
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

constexpr int kHeldOutBatch = 256; // sequences per forward pass of the held-out evaluation

} // namespace

std::string checkTransformerRunSettings(const TransformerRunSettings& s) {
    if (s.digits < 1 || s.digits > 4) return "the addition task takes 1 to 4 digits";
    return checkRun(s, AdditionTask::kVocab, 3 * s.digits + 2);
}

std::string checkTransformerRunSettings(const TransformerRunSettings& s, const TokenTask& task) {
    return checkRun(s, task.vocab(), task.contextLength());
}

namespace {

TransformerModel initialModel(const TransformerRunSettings& settings, const TokenTask* task) {
    TransformerModel model(taskShape(settings, task), settings.seed);
    if (settings.precision.weights != WeightStorage::Fp32)
        for (Parameter& p : model.parameters())
            for (float& v : p.value) v = roundToBf16(v);
    return model;
}

} // namespace

TransformerRun::TransformerRun(const TransformerRunSettings& settings)
    : TransformerRun(settings, additionTask(settings)) {}

TransformerRun::TransformerRun(const TransformerRunSettings& settings, std::shared_ptr<const TokenTask> task)
    : TransformerRun(settings, std::move(task), emulatedTransformerKernelsFactory()) {}

TransformerRun::TransformerRun(const TransformerRunSettings& settings, std::shared_ptr<const TokenTask> task,
                               const TransformerKernelsFactory& kernels)
    : ModelRun(settings.precision.lossScaling, settings.precision.scaler, settings.precision.scaler.initScale, 0),
      m_settings(settings), m_task(std::move(task)), m_initial(initialModel(settings, m_task.get())),
      m_rng(settings.seed ^ 0x5DEECE66DULL), m_rngAtStepStart(m_rng) {
    std::unique_ptr<TransformerStepKernels> made = kernels(m_initial, settings.precision, adam(settings.learningRate),
                                                           std::max(settings.batch, kHeldOutBatch), settings.seed);
    if (!made) throw std::invalid_argument("the transformer's kernels could not be made");
    m_kernels = made.get();
    m_emulator = dynamic_cast<EmulatedTransformerKernels*>(m_kernels);
    adoptKernels(std::move(made));
}

TransformerRun::~TransformerRun() = default;

const TransformerModel& TransformerRun::model() const { return m_emulator ? m_emulator->model() : m_initial; }

const EmulatedOps& TransformerRun::lastStep() const {
    static const EmulatedOps none;
    return m_emulator ? m_emulator->lastPass() : none;
}

void TransformerRun::useFastPaths(bool use) {
    if (m_emulator) m_emulator->useFastPaths(use);
}

TransformerStep TransformerRun::step() {
    std::optional<TransformerStep> taken = tryStep(nullptr);
    if (!taken) throw std::logic_error("the transformer run cannot be stepped: " + statusMessage());
    return std::move(*taken);
}

std::optional<TransformerStep> TransformerRun::tryStep(const StopRequest* stop) {
    switch (runStep(stop)) {
    case StepOutcome::Taken: return std::move(m_pending);
    case StepOutcome::Interrupted: return std::nullopt;
    case StepOutcome::Ended: break;
    }
    if (stepFailure()) std::rethrow_exception(stepFailure());
    return std::nullopt;
}

bool TransformerRun::forwardBackward(int stepNumber, float scale) {
    const TokenBatch batch = m_task->trainingBatch(m_settings.batch, m_rng);
    m_pending = TransformerStep{};
    m_pending.step = stepNumber;
    m_pending.scale = scale;
    TransformerPass pass = m_kernels->forwardBackward(batch, scale);
    m_pending.loss = pass.loss;
    m_pending.overflow = std::move(pass.overflow);
    m_pending.stats = std::move(pass.stats);
    return std::isfinite(m_pending.loss);
}

bool TransformerRun::prepareUpdate(float scale) {
    return scaling() != LossScaling::None && m_kernels->unscaleAndCheck(scale, true);
}

std::string TransformerRun::recordDivergence() {
    if (m_weightsNonFiniteSince > 0 && m_weightsNonFiniteSince < m_pending.step)
        return "the weights hold inf/NaN since the update of step " + std::to_string(m_weightsNonFiniteSince);
    if (m_pending.overflow)
        return "the step overflowed in " + m_pending.overflow->operation + " and no loss scaler checks the gradients";
    return "the cross-entropy is not finite";
}

void TransformerRun::update(const LossScaleDecision& decision, bool /*foundInf*/) {
    m_pending.skipped = decision.skipped;
    if (m_pending.skipped) return;
    const TransformerUpdate update = m_kernels->optimizerStep();
    m_pending.updatesAttempted = update.updatesAttempted;
    m_pending.updatesLost = update.updatesLost;
    for (std::size_t l = 0; l < m_pending.stats.layers.size() && l < update.layerUpdateRatio.size(); ++l)
        m_pending.stats.layers[l].updateRatio = update.layerUpdateRatio[l];
    if (!update.weightsFinite && m_weightsNonFiniteSince == 0) m_weightsNonFiniteSince = m_pending.step;
}

std::vector<PrecisionTraceEntry> TransformerRun::precisionTrace() const {
    std::vector<PrecisionTraceEntry> trace = model().precisionTrace();
    const FormatId stored = m_settings.precision.weights == WeightStorage::Fp32 ? FormatId::Fp32 : FormatId::Bf16;
    // Adam's state as stored, its update computed in FP32, the weights as stored.
    trace.push_back({-1, TransformerOp::OptimizerState, false, m_settings.precision.optimizerState, FormatId::Fp32,
                     stored, Fp8Recipe::None, std::nullopt});
    return trace;
}

double TransformerRun::heldOutAccuracy(const StopRequest* stop) {
    std::size_t correct = 0;
    const StopRequestScope scope(*m_kernels, stop);
    for (std::size_t first = 0; first < m_task->heldOutCount(); first += kHeldOutBatch) {
        const TokenBatch batch = m_task->heldOutBatch(first, kHeldOutBatch);
        correct += std::size_t(m_task->correct(batch, m_kernels->logits(batch)));
    }
    return m_task->heldOutUnits() == 0 ? 0.0 : double(correct) / double(m_task->heldOutUnits());
}

} // namespace fplab::training
