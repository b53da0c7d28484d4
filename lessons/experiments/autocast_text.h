// The words of the Autocast lesson's tables in English and Chinese: the autocast table's rows
// (core/training gives the operation and its result type) and the names of the toy model's tensors.
#pragma once

#include "core/training/precision_policy.h"
#include "lessons/local_text.h"

#include <string_view>

namespace fplab::lessons::experiments {

struct AutocastRowText {
    LocalText op;       // "linear / matmul (fc layers, forward and backward)"
    LocalText computes; // "float16 inputs and weights, products accumulated in float32, ..."
    LocalText why;      // "autocast's lower-precision list: tensor cores run it fast"
};
AutocastRowText autocastRowText(training::AutocastOp op, const training::PrecisionPolicy& policy);

// A tensor of core's dtype trace ("after fc1", "grad of ln input", "fc1.weight (cast)") in both
// languages; parameter names (fc1.weight, ln.bias.grad) stay as PyTorch writes them.
LocalText tensorNameText(std::string_view name);

} // namespace fplab::lessons::experiments
