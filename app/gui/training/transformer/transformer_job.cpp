#include "app/gui/training/transformer/transformer_job.h"

#include "core/training/transformer/text_task.h"

#include <chrono>
#include <optional>
#include <thread>

namespace fplab::gui {

using namespace fplab::training;

TransformerPrecision TransformerRunConfig::precision() const {
    TransformerPrecision p = transformerPreset(preset, run.shape.layers);
    p.layer.softmaxSubtractsMax = softmaxSubtractsMax;
    for (auto& [layer, precision] : p.layers) precision.softmaxSubtractsMax = softmaxSubtractsMax;
    applyPrecisionOverrides(p, overrides);
    return p;
}

std::string_view transformerTaskName(TransformerTask task) {
    return task == TransformerTask::Text ? "text" : "addition";
}

std::optional<TransformerTask> parseTransformerTaskName(std::string_view name) {
    if (name == "addition") return TransformerTask::Addition;
    if (name == "text") return TransformerTask::Text;
    return std::nullopt;
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
    m_interruptions = 0;
}

AttentionExample attentionExample(const TransformerModel& model, const TransformerRunConfig& config,
                                  const TokenTask& task) {
    AttentionExample example;
    if (task.heldOutCount() == 0) return example;
    const TokenBatch batch = task.heldOutBatch(0, 1);
    TransformerModel probe = model;
    EmulatedOps ops;
    probe.setFp8Recording(false);
    probe.forward(batch, config.precision(), ops);
    const TransformerStats& stats = probe.stats();
    example.layers = int(stats.layers.size());
    example.heads = stats.heads;
    example.length = stats.length;
    example.probabilities = stats.attention;
    const auto* text = dynamic_cast<const TextTask*>(&task);
    for (int t : batch.tokens) example.text += text ? text->alphabet()[std::size_t(t)] : char32_t(U"0123456789+="[t]);
    return example;
}

void runTransformer(const TransformerRunConfig& config, TransformerJobState& state, const JobControl& control,
                    std::shared_ptr<const TokenTask> task) {
    TransformerRunSettings settings = config.run;
    settings.precision = config.precision();
    if (!task) task = std::make_shared<AdditionTask>(settings.digits, settings.seed);
    TransformerRun run(settings, std::move(task)); // throws std::invalid_argument for what the task cannot take
    const int interval = evaluationInterval(config.steps);
    // Pause and Cancel interrupt a step (or an evaluation) in progress; it is redone from its start after Pause.
    const StopRequest stopNow = [&] { return state.paused() || control.isCancelled(); };
    const auto waitWhilePaused = [&] {
        while (state.paused() && !control.isCancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        control.checkCancelled();
    };
    const auto heldOutAccuracy = [&] {
        for (;;) {
            waitWhilePaused();
            try {
                return run.heldOutAccuracy(&stopNow);
            } catch (const StepInterrupted&) {
                state.countInterruption();
            }
        }
    };
    while (run.stepsDone() < config.steps) {
        waitWhilePaused();
        const std::optional<TransformerStep> tried = run.tryStep(&stopNow);
        if (!tried) {
            if (run.over()) break;
            state.countInterruption();
            continue;
        }
        const TransformerStep& step = *tried;
        // The step's own trace: a held-out evaluation would leave its forward's.
        std::vector<PrecisionTraceEntry> trace = step.step == 1 ? run.precisionTrace()
                                                                : std::vector<PrecisionTraceEntry>{};
        // A step the scaler skipped is not the end; a non-finite loss without a scaler ends the run (Diverged).
        const bool stop = (step.overflow && !step.skipped) || run.over();
        const bool last = step.step == config.steps || stop;
        const bool evaluate = step.step % interval == 0 || last;
        const double accuracy = evaluate ? heldOutAccuracy() : 0.0;
        state.edit([&](TransformerRunRecord& r) {
            r.loss.emplace_back(step.step, step.loss);
            if (evaluate) r.accuracy.emplace_back(step.step, accuracy);
            r.csvRows.push_back(transformerCsvRow(step));
            r.layerSteps.push_back(step.step);
            std::vector<LayerPoint>& layers = r.layers.emplace_back();
            for (const TransformerLayerStats& l : step.stats.layers)
                layers.push_back({l.maxAttentionLogit, l.saturatedFraction(), int(l.outlierChannels.size()),
                                  l.residualRms, l.updateRatio});
            r.stepsDone = step.step;
            if (step.step == 1) r.dtypeTrace = std::move(trace);
            r.skippedSteps += step.skipped ? 1 : 0;
            if (step.overflow && !r.overflow) {
                r.overflow = step.overflow;
                r.overflowStep = step.step;
                r.overflowSkipped = step.skipped;
            }
        });
        control.report(double(step.step) / config.steps);
        if (stop) break;
    }
    AttentionExample attention = attentionExample(run.model(), config, run.task());
    state.edit([&](TransformerRunRecord& r) {
        r.attention = std::move(attention);
        r.finished = true;
    });
}

} // namespace fplab::gui
