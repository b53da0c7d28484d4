#include "core/training/transformer/planted_model.h"

#include <algorithm>

namespace fplab::training {

TransformerShape handSizedShape() {
    TransformerShape s;
    s.vocab = 5;
    s.context = 4;
    s.dim = 8;
    s.heads = 2;
    s.layers = 1;
    s.mlpRatio = 4;
    return s;
}

TokenBatch handSizedBatch() {
    TokenBatch b;
    b.batch = 2;
    b.length = 4;
    b.tokens = {1, 4, 0, 2, 3, 3, 1, 0};
    b.targets = {4, 0, -1, 1, 3, 2, 0, -1};
    return b;
}

TransformerModel modelWithAttentionLogit(float logit) {
    TransformerModel model(handSizedShape(), 5);
    for (const char* name : {"h0.ln1.weight", "h0.ln1.bias", "h0.attn.wq", "h0.attn.wk"}) {
        std::vector<float>& v = model.parameter(name).value;
        std::fill(v.begin(), v.end(), 0.0f);
    }
    model.parameter("h0.ln1.bias").value[0] = 1.0f;
    model.parameter("h0.attn.wq").value[0] = 2.0f * logit;
    model.parameter("h0.attn.wk").value[0] = 1.0f;
    return model;
}

} // namespace fplab::training
