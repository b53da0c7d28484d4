// The transformer's step kernels on the GPU (cuda/cuda_transformer_kernels.cpp; a build without CUDA has a stub
// that says why): the GEMMs through cuBLASLt, the rest through cuda/transformer_kernels.cu, each operation class
// in the format the precision gives it in each layer, as the emulator computes it. The step's algorithm
// (batches, loss scale, the scaler's decision) stays TransformerRun's, the same as on the CPU.
#pragma once

#include "core/training/transformer/transformer_step_kernels.h"

#include <memory>
#include <string>

namespace fplab::gpu {

// Empty when the GPU kernels can run this precision; otherwise why not (the FP8 recipes, the emulator's
// tensor-core model, stochastically rounded BF16 weights, Adam's state below FP32, a matmul whose operand and
// accumulation formats cuBLASLt does not take).
std::string transformerGpuUnsupportedReason(const training::TransformerPrecision& precision);

// The CUDA kernels on device 0, starting from `initial`'s parameters. Throws GpuError ("no GPU: ...") without a
// usable GPU or in a build without CUDA. They measure what the emulator alone measures not at all (emulated()).
std::unique_ptr<training::TransformerStepKernels>
makeCudaTransformerKernels(const training::TransformerModel& initial, const training::TransformerPrecision& precision,
                           const training::OptimizerSettings& optimizer, int maxRows);

// makeCudaTransformerKernels as a factory that first refuses, with transformerGpuUnsupportedReason as a
// GpuError (Unsupported), a precision the GPU cannot run, before touching the GPU.
training::TransformerKernelsFactory cudaTransformerKernelsFactory();

} // namespace fplab::gpu
