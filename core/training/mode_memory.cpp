#include "core/training/mode_memory.h"

#include <array>

namespace fplab::training {

std::span<const TrainingMode> standardComparisonModes() {
    static constexpr std::array modes{TrainingMode::Fp32, TrainingMode::Fp16, TrainingMode::Fp16Dynamic,
                                      TrainingMode::Bf16};
    return modes;
}

std::vector<ModeMemory> memoryByMode(const TrainingConfig& config, std::span<const TrainingMode> modes) {
    std::vector<ModeMemory> out;
    for (TrainingMode mode : modes) {
        TrainingConfig c = config;
        c.mode = mode;
        // Master weights off is refused outside the low-precision modes; there every weight is float32.
        if (!policyFor(mode).autocast()) c.masterWeights = true;
        out.push_back({mode, TrainingRun(c).memory()});
    }
    return out;
}

} // namespace fplab::training
