// Every target a reveal can probe inside FP Lab, for the CLI (`fplab-cli reveal --target`) and the app:
// core's built-in targets (core/reveal/model_targets.h), the system BLAS (blas_targets.h) and the GPU
// (gpu_targets.h: listed in every build, each saying why it cannot run where there is no GPU).
#pragma once

#include "app/summation_targets/blas_targets.h"
#include "app/summation_targets/gpu_targets.h"
#include "core/format.h"
#include "core/reveal/model_targets.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fplab::summation_targets {

using Target = std::variant<reveal::ModelTarget, BlasTarget, GpuTarget>;

std::vector<Target> allTargets();
std::string_view targetName(const Target& t);
std::optional<Target> parseTarget(std::string_view name);
// "sequential, reversed, ..., openblas-sgemm-m64": for usage messages and help.
std::string_view targetNamesText();

// The one format a target sums in, when it has one (OpenBLAS and the host loops: fp32; the tensor cores: fp16);
// none for core's orders, which sum in any of fp64, fp32, fp16 and bf16.
std::optional<Format> ownTermFormat(const Target& t);

// The target summing `terms` terms of `type` (nullopt: the target's own format, else FP32).
// Throws std::invalid_argument for a format the target does not sum in.
std::unique_ptr<reveal::SummationTarget> makeTarget(const Target& t, int terms, std::optional<Format> type);

} // namespace fplab::summation_targets
