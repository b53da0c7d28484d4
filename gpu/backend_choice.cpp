// Backend names and the GPU-dependent defaults.
#include "gpu/backend_choice.h"

#include "gpu/backends.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/lt_fp8_descriptor.h"

#include <array>

namespace fplab::gpu {

namespace {
constexpr std::array<BackendChoice, 9> kChoices = {
    BackendChoice::Reference,          BackendChoice::Sequential, BackendChoice::Model,  BackendChoice::ModelWgmma,
    BackendChoice::ModelWgmmaPromoted, BackendChoice::Naive,      BackendChoice::Kernel, BackendChoice::Cublas,
    BackendChoice::CublasFastAccum};
// Indexed by the enum.
constexpr std::array<std::string_view, 9> kKeys = {
    "reference", "sequential", "model",  "model-wgmma",      "model-wgmma-promoted",
    "naive",     "kernel",     "cublas", "cublas-fast-accum"};
} // namespace

std::span<const BackendChoice> allBackendChoices() { return kChoices; }

std::string_view backendKey(BackendChoice b) { return kKeys[std::size_t(b)]; }

std::optional<BackendChoice> parseBackendKey(std::string_view key) {
    for (BackendChoice b : kChoices)
        if (backendKey(b) == key) return b;
    return std::nullopt;
}

bool isDefaultBackend(BackendChoice b) {
    return b != BackendChoice::ModelWgmma && b != BackendChoice::ModelWgmmaPromoted &&
           b != BackendChoice::CublasFastAccum;
}

bool isGpuBackend(BackendChoice b) {
    return b == BackendChoice::Naive || b == BackendChoice::Kernel || b == BackendChoice::Cublas ||
           b == BackendChoice::CublasFastAccum;
}

std::unique_ptr<GemmBackend> makeBackend(BackendChoice b, tc::Arch arch, std::optional<tc::CornerReadings> corners) {
    if (b == BackendChoice::Model || b == BackendChoice::ModelWgmma) {
        auto model = std::make_unique<CpuModelBackend>(arch, tc::Tf32Input::NearestAway,
                                                       b == BackendChoice::Model ? tc::Api::MmaSync : tc::Api::Wgmma);
        model->setCornerReadings(corners);
        return model;
    }
    switch (b) {
    case BackendChoice::Kernel: return std::make_unique<CudaKernelBackend>(KernelVariant::TensorCore);
    case BackendChoice::Naive: return std::make_unique<CudaKernelBackend>(KernelVariant::Naive);
    case BackendChoice::Cublas: return std::make_unique<CublasBackend>();
    case BackendChoice::CublasFastAccum: return std::make_unique<CublasBackend>(true);
    case BackendChoice::ModelWgmmaPromoted: {
        auto promoted = std::make_unique<CpuModelBackend>(arch, tc::Tf32Input::NearestAway, tc::Api::Wgmma);
        promoted->setPromoteEvery(kAssumedCublasLtFp8PromotionInterval);
        promoted->setCornerReadings(corners);
        return promoted;
    }
    case BackendChoice::Model:
    case BackendChoice::ModelWgmma: break; // above
    case BackendChoice::Sequential: return std::make_unique<CpuSequentialBackend>();
    case BackendChoice::Reference: return std::make_unique<CpuReferenceBackend>();
    }
    return nullptr;
}

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
    const std::optional<BackendChoice> b = parseBackendKey(key);
    return b ? makeBackend(*b, arch) : nullptr;
}

bool isGpuBackend(std::string_view s) {
    if (const std::optional<BackendChoice> b = parseBackendKey(s)) return isGpuBackend(*b);
    return s == "cuda-naive" || s == "cuda-kernel";
}

} // namespace fplab::gpu
