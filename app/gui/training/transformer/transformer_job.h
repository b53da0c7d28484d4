// A transformer run of the Training section (core/training/transformer's TransformerRun), plain C++ so that it runs
// on the JobRunner's worker thread: it publishes each step to a shared record the views read, Pause and Cancel
// interrupt the step in progress (redone from its start after Pause), and it stops at the first step whose operations raised overflow or invalid.
#pragma once

#include "app/gui/common/job_control.h"
#include "core/training/transformer/transformer_csv.h"
#include "core/training/transformer/transformer_run.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fplab::gui {

// What the transformer learns: sums of `digits`-digit numbers (core's AdditionTask) or a UTF-8 text file, character
// by character (TextTask); the names are the CLI's `--task` words.
enum class TransformerTask : std::uint8_t { Addition, Text };
std::string_view transformerTaskName(TransformerTask task); // "addition" "text"
std::optional<TransformerTask> parseTransformerTaskName(std::string_view name);

struct TransformerRunConfig {
    training::TransformerRunSettings run; // shape, digits, batch, learning rate, seed; precision from the preset
    training::TransformerPreset preset = training::TransformerPreset::Fp32;
    bool softmaxSubtractsMax = true;
    int steps = 400;
    TransformerTask task = TransformerTask::Addition;
    std::string textPath; // UTF-8; the file of TransformerTask::Text
    // Per-operation overrides after the preset, as `fplab-cli train --precision`: "softmax=fp16,residual@1=bf16".
    std::string overrides;
    // The precision the run computes in: the preset's, with the softmax's max subtraction as chosen, then the
    // overrides (up to the first that cannot be applied: TransformerForm::overridesProblem says which).
    training::TransformerPrecision precision() const;
};

// One held-out example's attention after the run: [layer][head][query][key], `length` x `length` per head.
struct AttentionExample {
    std::u32string text; // the example's characters: "12+34=64" (the last answer digit is never read)
    int layers = 0;
    int heads = 0;
    int length = 0;
    std::vector<float> probabilities;
    float at(int layer, int head, int query, int key) const {
        return probabilities[((std::size_t(layer) * heads + head) * length + query) * std::size_t(length) + key];
    }
};

// One block's statistics at one step (core's TransformerLayerStats, without the per-channel amaxes).
struct LayerPoint {
    float maxAttentionLogit = 0;
    double saturatedFraction = 0;
    int outlierChannels = 0;
    float residualRms = 0;
    double updateRatio = 0;
};

// What a run made; the views draw it.
struct TransformerRunRecord {
    TransformerRunConfig config;
    std::vector<std::pair<int, float>> loss;      // (step, training loss)
    std::vector<std::pair<int, double>> accuracy; // (step, held-out exact match, 0 to 1)
    std::vector<std::vector<LayerPoint>> layers;  // [i][block], at step layerSteps[i]
    std::vector<int> layerSteps;                  // every step as it runs; a restored run's kept ones
    int stepsDone = 0;
    int skippedSteps = 0; // steps the loss scaler skipped (inf or NaN in the gradients)
    // The first overflow or invalid operation. The run stopped there, unless the loss scaler skipped that step.
    std::optional<training::OverflowReport> overflow;
    int overflowStep = 0;
    bool overflowSkipped = false;
    std::optional<AttentionExample> attention; // set when the run ends
    // Every step's row of the CSV `fplab-cli train --model transformer --csv` writes (kept in session files up to
    // TransformerRunJson::kMaxSavedCsvRows steps).
    std::vector<training::TransformerCsvRow> csvRows;
    // What each operation class of each layer ran in during step 1 (core's dtype trace).
    std::vector<training::PrecisionTraceEntry> dtypeTrace;
    bool finished = false; // every step done, or stopped at the overflow
    bool empty() const { return stepsDone == 0; }
};

// Held out every `evaluationInterval(steps)` steps, and after the last.
int evaluationInterval(int steps);

// The record a running job writes and the GUI thread reads, and the pause switch.
class TransformerJobState {
public:
    TransformerRunRecord snapshot() const;
    void reset(const TransformerRunConfig& config);
    void setPaused(bool paused) { m_paused = paused; }
    bool paused() const { return m_paused; }
    // Steps and evaluations a Pause or Cancel interrupted in progress.
    int interruptions() const { return m_interruptions; }
    void countInterruption() { ++m_interruptions; }
    template <class Edit>
    void edit(Edit&& edit) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        edit(m_record);
    }

private:
    mutable std::mutex m_mutex;
    TransformerRunRecord m_record;
    std::atomic<bool> m_paused{false};
    std::atomic<int> m_interruptions{0};
};

// Runs config.steps steps (less when cancelled or stopped by an overflow) into `state` on `task` (null: the addition
// task of config.run.digits); throws JobCancelled, and std::invalid_argument for settings the task cannot take.
void runTransformer(const TransformerRunConfig& config, TransformerJobState& state, const JobControl& control,
                    std::shared_ptr<const training::TokenTask> task = nullptr);

// One held-out example's attention in `model` (forwarded on a copy).
AttentionExample attentionExample(const training::TransformerModel& model, const TransformerRunConfig& config,
                                  const training::TokenTask& task);

} // namespace fplab::gui
