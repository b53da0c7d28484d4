// The transformer's FP16 and BF16 matmuls on core/tensor_core's model of an architecture's mma.sync, as
// cuBLAS runs them on a GPU: blocks of products summed as the block FMA model says, chained over k.
#include "core/training/transformer/transformer_model.h"

#include "core/tensor_core/emulated_gemm.h"

#include <span>

namespace fplab::training {

void TransformerModel::tensorCoreMatmul(EmulatedOps& ops, const MatmulPrecision& matmul, const float* a, const float* b,
                                        int m, int k, int n, std::vector<float>& c) {
    const tc::BlockModel model = tensorCoreBlockModel(matmul);
    const std::size_t cells = std::size_t(m) * std::size_t(n);
    const std::vector<float> zero(cells, 0.0f);
    c.assign(cells, 0.0f);
    tc::GemmOptions options;
    options.threads = 1; // a training step is one thread's work; the front ends run it on a worker
    tc::emulateGemmFloat(model, {m, n, k}, std::span<const float>(a, std::size_t(m) * std::size_t(k)),
                         std::span<const float>(b, std::size_t(k) * std::size_t(n)), zero, c, options);
    // The model gives no IEEE flags: an infinite or NaN result is recorded as the operation's.
    for (std::size_t i = 0; i < cells; ++i) ops.noteResult(matmul.accumulate, c[i], i, "tensor_core.mma");
}

} // namespace fplab::training
