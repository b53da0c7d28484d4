// Core's TrainingRun on the GPU: the CUDA implementation of StepKernels (cuda/cuda_step_kernels.cpp;
// a build without CUDA has a stub that says why). The host side of a GPU run (batch order, initial
// weights, the GradScaler's decision, the end of the run) is TrainingRun's, the same as on the CPU.
#pragma once

#include "core/training/step_kernels.h"

#include <exception>
#include <memory>
#include <string>

namespace fplab::gpu {

// The CUDA kernels on device 0: the initial parameters are uploaded from `initial`; `maxRows` is the
// largest batch forwardBackward or evaluate will get. Throws GpuError ("no GPU: ...") without a usable
// GPU or in a build without CUDA. They collect no gradient statistics (collectsStats() is false).
std::unique_ptr<training::StepKernels> makeCudaStepKernels(const training::ToyModel& initial,
                                                           const training::PrecisionPolicy& policy,
                                                           const training::OptimizerSettings& optimizer, int maxRows);
// makeCudaStepKernels as a factory: TrainingRun(config, cudaKernelsFactory()) is a GPU run.
training::StepKernelsFactory cudaKernelsFactory();

// Empty unless the policy is the block recipe with a scale rule other than FP32 (the device kernels compute
// amax / 448 only); cudaKernelsFactory refuses such a run with this reason before touching the GPU.
std::string fp8BlockRuleUnsupportedReason(const training::PrecisionPolicy& policy);

// Empty when makeCudaStepKernels can run; otherwise "no GPU: <why>".
std::string gpuTrainingUnavailableReason();

// A failure as a GPU run's message gives it: "<kind>: <what>" for a GpuError (whose text names the
// failing call, its code and meaning), otherwise the exception's text.
std::string describeGpuFailure(const std::exception& e);

} // namespace fplab::gpu
