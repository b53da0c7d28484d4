// SGD with momentum and Adam, with PyTorch's update formulas, computed in float32 and stored
// in the parameters' type (float16 when master weights are off, where small updates vanish).
#pragma once

#include "core/training/precision_policy.h"
#include "core/training/toy_model.h"

#include <optional>
#include <string_view>
#include <vector>

namespace fplab::training {

enum class OptimizerKind : std::uint8_t { Sgd, Adam };
std::string_view optimizerName(OptimizerKind kind); // "sgd", "adam"
std::optional<OptimizerKind> parseOptimizerName(std::string_view name);

struct OptimizerSettings {
    OptimizerKind kind = OptimizerKind::Adam;
    float learningRate = 0.01f;
    float momentum = 0.9f; // SGD; 0 turns it off
    float beta1 = 0.9f;    // Adam
    float beta2 = 0.999f;
    float eps = 1e-8f;
    float weightDecay = 0.0f;
};

// What one optimizer step did to one parameter tensor.
struct ParameterUpdate {
    double ratio = 0;           // ||w_new - w_old|| / ||w_old||
    std::int64_t attempted = 0; // elements whose computed update was nonzero
    std::int64_t vanished = 0;  // ... and whose stored value did not change (rounded away)
};

class Optimizer {
public:
    Optimizer(const OptimizerSettings& settings, const std::vector<Parameter>& params);

    // One step from each parameter's grad; values and state are rounded to `storage` after it.
    std::vector<ParameterUpdate> step(std::vector<Parameter>& params, DType storage);
    // Rounds the state (momentum, Adam's moments) to `type`: state kept in a lower type than the parameters.
    void roundState(DType type);
    // Elements of optimizer state per parameter element (momentum 1, Adam 2, plain SGD 0).
    int stateSlots() const;
    const OptimizerSettings& settings() const { return m_settings; }

private:
    OptimizerSettings m_settings;
    std::vector<std::vector<float>> m_first;  // momentum buffer / Adam exp_avg
    std::vector<std::vector<float>> m_second; // Adam exp_avg_sq
    std::int64_t m_steps = 0;
};

} // namespace fplab::training
