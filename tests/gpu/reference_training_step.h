// An independent oracle for the training loop: the toy model's loss and gradients in double precision,
// written from the model's definition (Linear -> ReLU -> LayerNorm blocks, a Linear head, mean softmax
// cross-entropy) over a whole data set, sharing no code with core/training's kernels or step.
#pragma once

#include "core/training/datasets.h"
#include "core/training/toy_model.h"

#include <vector>

namespace fplab::gpu::test {

struct ReferenceStep {
    double loss = 0;          // mean cross-entropy over the data set (without the loss weight)
    std::vector<double> grad; // d(lossWeight * loss)/d parameters, flattened in the model's parameter order
    double gradNorm = 0;      // the 2-norm of grad
};

// The parameters are flattened in ToyModel's order: for each hidden block fcN.weight (width x in),
// fcN.bias, lnN.weight, lnN.bias; then the head's weight (classes x width) and bias. Needs a shape with bias.
ReferenceStep referenceStep(const training::Dataset& data, const training::ModelShape& shape,
                            const std::vector<float>& weights, double lossWeight);

} // namespace fplab::gpu::test
