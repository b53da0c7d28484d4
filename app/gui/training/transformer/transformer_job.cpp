#include "app/gui/training/transformer/transformer_job.h"

#include <chrono>
#include <thread>

namespace fplab::gui {

using namespace fplab::training;

TransformerPrecision TransformerRunConfig::precision() const {
    TransformerPrecision p = transformerPreset(preset);
    p.softmaxSubtractsMax = softmaxSubtractsMax;
    return p;
}

int evaluationInterval(int steps) { return std::max(1, steps / 10); }

TransformerRunRecord TransformerJobState::snapshot() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_record;
}

void TransformerJobState::reset(const TransformerRunConfig& config) {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_record = TransformerRunRecord{};
    m_record.config = config;
    m_paused = false;
}

AttentionExample attentionExample(const TransformerModel& model, const TransformerRunConfig& config) {
    const AdditionTask task(config.run.digits, config.run.seed); // the run's split: the same seed
    AttentionExample example;
    if (task.heldOutCount() == 0) return example;
    const TokenBatch batch = task.heldOutBatch(0, 1);
    TransformerModel probe = model;
    EmulatedOps ops;
    probe.forward(batch, config.precision(), ops);
    example.layers = probe.shape().layers;
    example.heads = probe.shape().heads;
    example.length = batch.length;
    static constexpr char kTokens[] = "0123456789+=";
    for (int t : batch.tokens) example.text += kTokens[t];
    for (int layer = 0; layer < example.layers; ++layer) {
        const std::vector<float>& p = probe.attentionProbabilities(layer);
        example.probabilities.insert(example.probabilities.end(), p.begin(), p.end()); // one sequence: [head][q][k]
    }
    return example;
}

void runTransformer(const TransformerRunConfig& config, TransformerJobState& state, const JobControl& control) {
    AdditionRunSettings settings = config.run;
    settings.precision = config.precision();
    AdditionRun run(settings);
    const int interval = evaluationInterval(config.steps);
    for (int i = 0; i < config.steps; ++i) {
        while (state.paused() && !control.isCancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        control.checkCancelled();
        const AdditionStep step = run.step();
        const bool last = step.step == config.steps || step.overflow;
        const bool evaluate = step.step % interval == 0 || last;
        const double accuracy = evaluate ? run.heldOutAccuracy() : 0.0;
        state.edit([&](TransformerRunRecord& r) {
            r.loss.emplace_back(step.step, step.loss);
            if (evaluate) r.accuracy.emplace_back(step.step, accuracy);
            r.stepsDone = step.step;
            if (step.overflow) {
                r.overflow = step.overflow;
                r.overflowStep = step.step;
            }
        });
        control.report(double(step.step) / config.steps);
        if (step.overflow) break;
    }
    AttentionExample attention = attentionExample(run.model(), config);
    state.edit([&](TransformerRunRecord& r) {
        r.attention = std::move(attention);
        r.finished = true;
    });
}

} // namespace fplab::gui
