// A hand-sized transformer and a batch for it (d = 8, 1 layer, 2 heads of dimension 4, context 4,
// vocabulary 5), and that model with every head-0 attention logit planted: the examples the tests and
// lesson 15 take apart.
#pragma once

#include "core/training/transformer/transformer_model.h"

namespace fplab::training {

TransformerShape handSizedShape();
// Two sequences of four tokens; positions 2 and 6 are not scored.
TokenBatch handSizedBatch();
// Every attention logit of head 0 is `logit`: LayerNorm 1's output is its bias e0 (weight 0),
// q = 2 * logit * e0 and k = e0, and the scale is 1/sqrt(4) = 1/2 (exact in FP32 and FP16 for an FP16 logit).
TransformerModel modelWithAttentionLogit(float logit);

} // namespace fplab::training
