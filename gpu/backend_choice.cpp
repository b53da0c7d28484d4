// Backend names and the GPU-dependent defaults.
#include "gpu/backend_choice.h"

#include "gpu/backends.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"

#include <array>

namespace fplab::gpu {

namespace {
constexpr std::array<std::string_view, 7> kKeys = {"reference", "sequential", "model", "model-wgmma",
                                                   "naive",     "kernel",     "cublas"};
} // namespace

std::string noGpuReason() {
    const auto& q = queryDevices();
    if (!q.builtWithCuda) return std::string(kNotBuiltMessage);
    return q.available ? std::string() : "no GPU: " + q.reason;
}

tc::Arch defaultModelArch() {
    const auto& q = queryDevices();
    return q.available ? modelArchFor(q.devices.front().computeCapability()) : tc::Arch::Sm80;
}

std::span<const std::string_view> backendKeys() { return kKeys; }

std::string backendKeyList() {
    std::string s;
    for (std::string_view k : kKeys) s += (s.empty() ? "" : ", ") + std::string(k);
    return s;
}

std::unique_ptr<GemmBackend> makeBackend(std::string_view key, tc::Arch arch) {
    if (key == "kernel") return std::make_unique<CudaKernelBackend>(KernelVariant::TensorCore);
    if (key == "naive") return std::make_unique<CudaKernelBackend>(KernelVariant::Naive);
    if (key == "cublas") return std::make_unique<CublasBackend>();
    if (key == "model") return std::make_unique<CpuModelBackend>(arch);
    if (key == "model-wgmma") return std::make_unique<CpuModelBackend>(arch, tc::Tf32Input::NearestAway, tc::Api::Wgmma);
    if (key == "sequential") return std::make_unique<CpuSequentialBackend>();
    if (key == "reference") return std::make_unique<CpuReferenceBackend>();
    return nullptr;
}

bool isGpuBackend(std::string_view s) {
    return s == "naive" || s == "kernel" || s == "cublas" || s == "cuda-naive" || s == "cuda-kernel";
}

} // namespace fplab::gpu
