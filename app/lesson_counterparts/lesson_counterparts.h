// The lessons' GPU counterparts on the real GPU: implements lessons::GpuCounterpart over gpu/ for the
// experiments that have one (accumulation, summation order, a chain of tensor-core MMAs, the TF32 GEMM
// error, training with loss scaling). Used by `fplab-cli lesson run --backend gpu` and the app's CPU/GPU switch alike.
#pragma once

#include "lessons/gpu_counterpart.h"

#include <memory>
#include <span>
#include <string_view>

namespace fplab::gpu {

// The experiments that have a GPU counterpart, in catalogue order.
std::span<const std::string_view> lessonCounterpartExperiments();

// One instance per process (the device query behind it is cached anyway).
std::shared_ptr<lessons::GpuCounterpart> lessonGpuCounterpart();

} // namespace fplab::gpu
