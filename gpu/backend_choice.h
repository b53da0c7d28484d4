// Choosing GEMM backends by their short names, and the defaults that follow the machine's GPU:
// shared by `fplab-cli gpu` and the app's GPU Lab so both name and pick backends the same way.
#pragma once

#include "core/tensor_core/mma_config.h"
#include "gpu/gemm.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fplab::gpu {

// Empty when device 0 is usable; otherwise the not-built message or "no GPU: <reason>".
std::string noGpuReason();
// The CPU model's architecture for device 0, or sm_80 without a GPU.
tc::Arch defaultModelArch();

// The backends one can choose, CPU ones first; each has one short name (its key, what the CLI takes and
// the app's settings store). Front ends write their own words for each.
// ModelWgmmaPromoted: the wgmma model promoted to FP32 every kAssumedCublasLtFp8PromotionInterval products, the
// model of cuBLASLt FP8 with FAST_ACCUM off (Cublas); CublasFastAccum: cuBLASLt FP8 with FAST_ACCUM on, whose
// model is ModelWgmma.
enum class BackendChoice : std::uint8_t {
    Reference,
    Sequential,
    Model,
    ModelWgmma,
    ModelWgmmaPromoted,
    Naive,
    Kernel,
    Cublas,
    CublasFastAccum
};

// Every choice, in the order above.
std::span<const BackendChoice> allBackendChoices();
// The short name: reference sequential model model-wgmma naive kernel cublas.
std::string_view backendKey(BackendChoice b);
// The choice with that short name; nullopt for an unknown one.
std::optional<BackendChoice> parseBackendKey(std::string_view key);
// The choices a comparison runs when none is named: all but the FP8-on-sm_90 ones (the wgmma models, FAST_ACCUM).
bool isDefaultBackend(BackendChoice b);
bool isGpuBackend(BackendChoice b);
// `corners`: the CPU models' readings of the two open corners (nullopt: the built-in ones).
std::unique_ptr<GemmBackend> makeBackend(BackendChoice b, tc::Arch arch,
                                         std::optional<tc::CornerReadings> corners = std::nullopt);

// The short names in the enum's order.
std::span<const std::string_view> backendKeys();
// The same names as a list for messages: "reference, sequential, ..., cublas".
std::string backendKeyList();
// The backend with that short name (the model of mma.sync, or of wgmma, for `arch`); nullptr for an unknown name.
std::unique_ptr<GemmBackend> makeBackend(std::string_view key, tc::Arch arch);
// True for the GPU backends, by short name (naive kernel cublas) or full name (cuda-naive cuda-kernel).
bool isGpuBackend(std::string_view keyOrName);

} // namespace fplab::gpu
