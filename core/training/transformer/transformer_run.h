// A transformer training run on a token task: one forward, backward and Adam step per call, with
// PyTorch's GradScaler when the precision asks for loss scaling and the weights stored as it says.
#pragma once

#include "core/random.h"
#include "core/training/grad_scaler.h"
#include "core/training/optimizer.h"
#include "core/training/transformer/addition_task.h"
#include "core/training/transformer/token_task.h"
#include "core/training/transformer/transformer_model.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace fplab::training {

struct TransformerRunSettings {
    TransformerShape shape; // vocab is set from the task
    TransformerPrecision precision;
    int digits = 2; // the addition task's, when no other task is given
    int batch = 32;
    float learningRate = 3e-3f;
    std::uint64_t seed = 1;
};
// Empty when usable with a task of this vocabulary and sequence length (default: the addition task of
// settings.digits), otherwise what is wrong.
std::string checkTransformerRunSettings(const TransformerRunSettings& settings);
std::string checkTransformerRunSettings(const TransformerRunSettings& settings, const TokenTask& task);

// What one optimizer step did.
struct TransformerStep {
    int step = 0;
    float loss = 0;
    std::optional<OverflowReport> overflow; // the step's first overflow or invalid operation, if any
    float scale = 1;                        // the loss scale the backward used (1 without loss scaling)
    bool skipped = false; // the scaler found inf/NaN in the gradients: no optimizer step, the scale backed off
    // Elements whose update, computed in FP32, moved the weight and whose stored weight did not change
    // (BF16 storage: rounded away; FP32 storage: the optimizer's own FP32 rounding swamped it).
    std::int64_t updatesAttempted = 0;
    std::int64_t updatesLost = 0;
    TransformerStats stats; // per block (with the update-to-weight ratio of this step) and one example's attention
};

// Training on a token task (by default the addition task) with Adam (PyTorch's update,
// core/training/optimizer.h) computed in FP32, its state in FP32, the weights stored as the precision's
// WeightStorage says, with PyTorch's GradScaler when the precision asks for loss scaling.
class TransformerRun {
public:
    // On the addition task of settings.digits; throws std::invalid_argument for bad settings.
    explicit TransformerRun(const TransformerRunSettings& settings);
    TransformerRun(const TransformerRunSettings& settings, std::shared_ptr<const TokenTask> task);
    // One forward, backward and Adam step on a fresh batch. A step with an overflow is still taken
    // (unless the loss scaler skips it): the caller decides whether to stop.
    TransformerStep step();
    // The task's accuracy over its whole held-out set.
    double heldOutAccuracy();
    const TokenTask& task() const { return *m_task; }
    const TransformerModel& model() const { return m_model; }
    // The last step's operations: flags per tensor and the first overflow.
    const EmulatedOps& lastStep() const { return m_ops; }
    // What each operation class of each layer ran in during the last step, the optimizer's last.
    std::vector<PrecisionTraceEntry> precisionTrace() const;
    float lossScale() const { return m_scaler.scale(); }

private:
    float roundToBf16Stochastic(float x); // through the core's stochastic rounding, the next random bits

    TransformerRunSettings m_settings;
    std::shared_ptr<const TokenTask> m_task;
    TransformerModel m_model;
    Optimizer m_optimizer;
    GradScaler m_scaler;
    StochasticStream m_rounding; // the random bits of stochastically rounded weights
    EmulatedOps m_ops;
    std::mt19937_64 m_rng;
    int m_steps = 0;
};

} // namespace fplab::training
