// The GPU kernels' factory and failure text (no CUDA here: both builds compile this file).
#include "gpu/training/gpu_step_kernels.h"

#include "gpu/gpu_error.h"

#include <string>

namespace fplab::gpu {

std::string fp8BlockRuleUnsupportedReason(const training::PrecisionPolicy& policy) {
    const blockscale::ScaleRule rule = policy.fp8Settings.blockRule;
    if (policy.fp8 != training::Fp8Recipe::Block || rule == training::Fp8Settings{}.blockRule) return {};
    return "the fp8-block mode's scale rule " + std::string(blockscale::scaleRuleName(rule)) +
           " runs on the CPU emulator only: the GPU computes DeepSeek-V3's FP32 block scales (amax / 448)";
}

training::StepKernelsFactory cudaKernelsFactory() {
    return [](const training::ToyModel& initial, const training::PrecisionPolicy& policy,
              const training::OptimizerSettings& optimizer, int maxRows) {
        // The fp8-* modes need sm_89+; the CUDA kernels refuse other GPUs, naming the mode and the GPU.
        if (const std::string why = fp8BlockRuleUnsupportedReason(policy); !why.empty())
            throw GpuError(GpuError::Kind::Unsupported, why);
        return makeCudaStepKernels(initial, policy, optimizer, maxRows);
    };
}

std::string describeGpuFailure(const std::exception& e) {
    if (const auto* g = dynamic_cast<const GpuError*>(&e))
        return std::string(gpuErrorKindName(g->kind())) + ": " + e.what();
    return e.what();
}

} // namespace fplab::gpu
