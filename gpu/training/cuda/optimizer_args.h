// The optimizer kernel's arguments for one step (train_kernels::optimizerStep), shared by the MLP's and the
// transformer's GPU kernels. Private to the CUDA build.
#pragma once

#include "core/training/optimizer.h"
#include "gpu/training/cuda/training_kernels.h"

#include <cmath>

namespace fplab::gpu::train_kernels {

// `step` counts from 1.
inline OptimizerArgs optimizerArgs(const training::OptimizerSettings& o, int step) {
    OptimizerArgs a;
    a.adam = o.kind == training::OptimizerKind::Adam ? 1 : 0;
    a.firstStep = step == 1 ? 1 : 0;
    a.momentumBuffer = o.momentum != 0 ? 1 : 0;
    a.lr = o.learningRate;
    a.momentum = o.momentum;
    a.weightDecay = o.weightDecay;
    a.beta1 = o.beta1;
    a.beta2 = o.beta2;
    a.eps = o.eps;
    // Adam's scalars in double, as the CPU Optimizer (and PyTorch's Python side) computes them.
    const double bc1 = 1.0 - std::pow(double(o.beta1), double(step));
    const double bc2 = 1.0 - std::pow(double(o.beta2), double(step));
    a.stepSize = float(double(o.learningRate) / bc1);
    a.bc2Sqrt = float(std::sqrt(bc2));
    return a;
}

} // namespace fplab::gpu::train_kernels
