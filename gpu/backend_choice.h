// Choosing GEMM backends by their short names, and the defaults that follow the machine's GPU:
// shared by `fplab-cli gpu` and the app's GPU Lab so both name and pick backends the same way.
#pragma once

#include "core/tensor_core/mma_config.h"
#include "gpu/gemm.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace fplab::gpu {

// Empty when device 0 is usable; otherwise the not-built message or "no GPU: <reason>".
std::string noGpuReason();
// The CPU model's architecture for device 0, or sm_80 without a GPU.
tc::Arch defaultModelArch();

// The short names: reference sequential model model-wgmma naive kernel cublas (CPU ones first).
std::span<const std::string_view> backendKeys();
// The same names as a list for messages: "reference, sequential, ..., cublas".
std::string backendKeyList();
// The backend with that short name (the model of mma.sync, or of wgmma, for `arch`); nullptr for an unknown name.
std::unique_ptr<GemmBackend> makeBackend(std::string_view key, tc::Arch arch);
// True for the GPU backends, by short name (naive kernel cublas) or full name (cuda-naive cuda-kernel).
bool isGpuBackend(std::string_view keyOrName);

} // namespace fplab::gpu
