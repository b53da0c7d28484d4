// The synthetic task of the transformer: character-level addition of two `digits`-digit numbers,
// "12+34=" followed by the sum's digits_+1 digits least significant first ("12+34=640" for 46), so
// that each answer digit depends only on the digits before it. Only the answer digits are scored.
#pragma once

#include "core/random.h"
#include "core/training/grad_scaler.h"
#include "core/training/optimizer.h"
#include "core/training/transformer/transformer_model.h"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace fplab::training {

class AdditionTask {
public:
    // Tokens 0-9 are the digits, 10 is '+', 11 is '='. One pair in ten (chosen by `seed`) is held out.
    AdditionTask(int digits, std::uint64_t seed);
    static constexpr int kVocab = 12;
    int digits() const { return m_digits; }
    int sequenceLength() const { return 3 * m_digits + 3; }    // a + b = sum
    int contextLength() const { return sequenceLength() - 1; } // the last digit is never read
    std::string text(int a, int b) const;                      // "12+34=640"

    // `size` training pairs drawn at random.
    TokenBatch trainingBatch(int size, std::mt19937_64& rng) const;
    // The held-out pairs from `first`, at most `size` of them.
    TokenBatch heldOutBatch(std::size_t first, int size) const;
    std::size_t heldOutCount() const { return m_heldOut.size(); }
    // Sequences of a batch whose every answer digit is the logits' argmax (which is also what greedy
    // decoding would produce, as the prefix is then the true one).
    static int exactMatches(const TokenBatch& batch, const std::vector<float>& logits, int vocab);

private:
    TokenBatch batchOf(const std::vector<std::pair<int, int>>& pairs) const;

    int m_digits;
    std::vector<std::pair<int, int>> m_training, m_heldOut;
};

struct AdditionRunSettings {
    TransformerShape shape; // vocab and context are set from the task
    TransformerPrecision precision;
    int digits = 2;
    int batch = 32;
    float learningRate = 3e-3f;
    std::uint64_t seed = 1;
};
// Empty when usable, otherwise what is wrong.
std::string checkAdditionRunSettings(const AdditionRunSettings& settings);

// What one optimizer step did.
struct AdditionStep {
    int step = 0;
    float loss = 0;
    std::optional<OverflowReport> overflow; // the step's first overflow or invalid operation, if any
    float scale = 1;      // the loss scale the backward used (1 without loss scaling)
    bool skipped = false; // the scaler found inf/NaN in the gradients: no optimizer step, the scale backed off
    // Elements whose update, computed in FP32, moved the weight and whose stored weight did not change
    // (BF16 storage: rounded away; FP32 storage: the optimizer's own FP32 rounding swamped it).
    std::int64_t updatesAttempted = 0;
    std::int64_t updatesLost = 0;
    TransformerStats stats; // per block (with the update-to-weight ratio of this step) and one example's attention
};

// Training on the addition task with Adam (PyTorch's update, core/training/optimizer.h) computed in
// FP32, its state in FP32, the weights stored as the precision's WeightStorage says, with PyTorch's
// GradScaler when the precision asks for loss scaling.
class AdditionRun {
public:
    explicit AdditionRun(const AdditionRunSettings& settings);
    // One forward, backward and Adam step on a fresh batch. A step with an overflow is still taken
    // (unless the loss scaler skips it): the caller decides whether to stop.
    AdditionStep step();
    // Exact-match accuracy over every held-out sum.
    double heldOutAccuracy();
    const TransformerModel& model() const { return m_model; }
    // The last step's operations: flags per tensor and the first overflow.
    const EmulatedOps& lastStep() const { return m_ops; }
    // What each operation class of each layer ran in during the last step, the optimizer's last.
    std::vector<PrecisionTraceEntry> precisionTrace() const;
    float lossScale() const { return m_scaler.scale(); }

private:
    float roundToBf16Stochastic(float x); // through the core's stochastic rounding, the next random bits

    AdditionRunSettings m_settings;
    AdditionTask m_task;
    TransformerModel m_model;
    Optimizer m_optimizer;
    GradScaler m_scaler;
    StochasticStream m_rounding; // the random bits of stochastically rounded weights
    EmulatedOps m_ops;
    std::mt19937_64 m_rng;
    int m_steps = 0;
};

} // namespace fplab::training
