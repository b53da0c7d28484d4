// The GPU kernels' factory and failure text (no CUDA here: both builds compile this file).
#include "gpu/training/gpu_step_kernels.h"

#include "gpu/gpu_error.h"

#include <stdexcept>
#include <string>

namespace fplab::gpu {

training::StepKernelsFactory cudaKernelsFactory() {
    return [](const training::ToyModel& initial, const training::PrecisionPolicy& policy,
              const training::OptimizerSettings& optimizer, int maxRows) {
        // The GPU kernels would run an FP8 policy's GEMMs in BF16 and say nothing: refuse it instead.
        if (policy.fp8Gemms())
            throw std::invalid_argument("the " + std::string(training::modeName(policy.mode)) +
                                        " mode has no GPU path yet (cuBLASLt FP8); it runs on the CPU emulator only");
        return makeCudaStepKernels(initial, policy, optimizer, maxRows);
    };
}

std::string describeGpuFailure(const std::exception& e) {
    if (const auto* g = dynamic_cast<const GpuError*>(&e)) return std::string(gpuErrorKindName(g->kind())) + ": " + e.what();
    return e.what();
}

} // namespace fplab::gpu
