// A decoder-only transformer (GPT-style) emulated through the soft-float core: token and position
// embeddings, `layers` blocks of pre-LayerNorm causal multi-head attention and a GELU (or SwiGLU) MLP with
// residuals, a final LayerNorm, the LM head and cross-entropy, with the backward pass written out.
// Parameters, activations and gradients are stored as floats; each operation is computed in the
// format its operation class is given in its layer (TransformerPrecision), through EmulatedOps.
#pragma once

#include "core/training/toy_model.h"
#include "core/blockscale/block_scales.h"
#include "core/training/fp8_scaling.h"
#include "core/training/transformer/emulated_ops.h"
#include "core/training/transformer/transformer_precision.h"
#include "core/training/transformer/transformer_stats.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fplab::training {

struct TransformerShape {
    int vocab = 16;
    int context = 16; // the longest sequence
    int dim = 32;
    int heads = 4;
    int layers = 2;
    int mlpRatio = 4;    // the MLP's hidden width is mlpRatio * dim
    bool swiglu = false; // the MLP: GELU(x W1) W2, or SwiGLU: (silu(x W3) * x W1) W2
};
// Empty when the shape is usable, otherwise what is wrong with it.
std::string checkTransformerShape(const TransformerShape& shape);

// `batch` sequences of `length` tokens, row-major; a target of -1 is not scored.
struct TokenBatch {
    std::vector<int> tokens;
    std::vector<int> targets;
    int batch = 0;
    int length = 0;
};

class TransformerModel {
public:
    // Linear weights uniform in +-1/sqrt(fan_in), embeddings uniform in +-0.1, LayerNorm weight 1 and bias 0.
    TransformerModel(const TransformerShape& shape, std::uint64_t seed);

    const TransformerShape& shape() const { return m_shape; }
    std::vector<Parameter>& parameters() { return m_params; }
    const std::vector<Parameter>& parameters() const { return m_params; }
    std::int64_t parameterCount() const;
    Parameter& parameter(std::string_view name); // "wte", "h0.attn.wq"...; throws std::out_of_range
    void zeroGrad();

    // The mean cross-entropy over the scored targets (0 when there are none); keeps what backward needs.
    // The batch must pass checkBatch.
    float forward(const TokenBatch& batch, const TransformerPrecision& precision, EmulatedOps& ops);
    // Adds the gradient of the last forward's loss, times lossScale, to every parameter's grad.
    void backward(EmulatedOps& ops, float lossScale = 1.0f);
    // The last forward's logits, (batch * length) x vocab.
    const std::vector<float>& logits() const { return m_logits; }
    std::string checkBatch(const TokenBatch& batch) const;
    // What each operation class of each layer ran in during the last forward and backward, in the order
    // each first ran.
    const std::vector<PrecisionTraceEntry>& precisionTrace() const { return m_trace; }
    // The last forward's per-layer statistics (updateRatio is left to the optimizer's caller).
    const TransformerStats& stats() const { return m_stats; }
    // Off: forward passes leave the FP8 delayed-scaling histories as they are (an evaluation).
    void setFp8Recording(bool record) { m_fp8Recording = record; }
    // The FP8 casts of the last forward and backward, one per GEMM operand ("h0.attn.wq.input").
    const std::vector<Fp8TensorStats>& fp8Stats() const { return m_fp8Stats; }
    // The FP8 scaling kept from step to step (the delayed-scaling amax histories): what an interrupted step
    // puts back.
    using Fp8ScalingState = std::map<std::string, Fp8TensorScaling>;
    const Fp8ScalingState& fp8ScalingState() const { return m_fp8Scaling; }
    void restoreFp8ScalingState(Fp8ScalingState state) { m_fp8Scaling = std::move(state); }
    // The block a parameter belongs to (-1: outside the blocks).
    int parameterLayer(std::size_t index) const;

private:
    struct NormCache {
        std::vector<float> xhat, rstd, out;
    };
    struct LayerCache {
        NormCache ln1, ln2;
        std::vector<float> q, k, v, probs, attn, up, gelu;
        std::vector<float> gate;         // SwiGLU: x W3
        std::vector<float> scaledScores; // the scores times 1/sqrt(head dim), before the softmax
    };
    struct Block {
        int ln1Weight, ln1Bias, wq, wk, wv, wo, ln2Weight, ln2Bias, w1, w2;
        int w3 = -1; // SwiGLU's gate
    };

    int addParameter(const std::string& name, int rows, int cols);
    float* value(int index) { return m_params[std::size_t(index)].value.data(); }
    void normForward(EmulatedOps& ops, int layer, const std::string& name, const std::vector<float>& x, int weight,
                     int bias, NormCache& cache);
    void normBackward(EmulatedOps& ops, int layer, const std::string& name, const std::vector<float>& dy, int weight,
                      int bias, const NormCache& cache, std::vector<float>& dx);
    void attentionForward(EmulatedOps& ops, int layer, LayerCache& c);
    void attentionBackward(EmulatedOps& ops, int layer, LayerCache& c, const std::vector<float>& dOut,
                           std::vector<float>& dIn);
    // body(base, offset) for each sequence and head: base indexes its [T][T] score block, offset its
    // first element in a (batch * length) x dim activation.
    template <class Body>
    void forEachHead(Body&& body) const {
        const int T = m_batch.length, D = m_shape.dim, dh = D / m_shape.heads;
        for (int s = 0; s < m_batch.batch; ++s)
            for (int h = 0; h < m_shape.heads; ++h)
                body((std::size_t(s) * m_shape.heads + h) * std::size_t(T) * T,
                     std::size_t(s) * T * D + std::size_t(h) * dh);
    }
    const MatmulPrecision& matmulPrecision(int layer, TransformerOp op) const;
    // y = x * weight in the op's arithmetic.
    void project(EmulatedOps& ops, int layer, TransformerOp op, const std::vector<float>& x, int weight,
                 std::vector<float>& y);
    // For y = x * weight: weight's grad += x^T dy (through accumulateGrad) and dx = dy * weight^T.
    void linearBackward(EmulatedOps& ops, int layer, TransformerOp op, const std::vector<float>& x,
                        const std::vector<float>& dy, int weight, std::vector<float>& dx);
    // SwiGLU's backward from dh, the gradient of silu(x W3) * x W1, to the MLP input's gradient dx.
    void swigluBackward(EmulatedOps& ops, int layer, const LayerCache& c, const std::vector<float>& dh,
                        std::vector<float>& dx);
    // c (m x n) = a (m x k) * b (k x n), both contiguous, on the matmul's tensor-core model
    // (transformer_model_tensor_core.cpp).
    void tensorCoreMatmul(EmulatedOps& ops, const MatmulPrecision& matmul, const float* a, const float* b, int m, int k,
                          int n, std::vector<float>& c);
    // The same two on the FP8 model (transformer_model_fp8.cpp).
    void fp8Forward(EmulatedOps& ops, const MatmulPrecision& m, const std::vector<float>& x, int weight,
                    std::vector<float>& y);
    void fp8Backward(EmulatedOps& ops, const MatmulPrecision& m, const std::vector<float>& x,
                     const std::vector<float>& dy, int weight, std::vector<float>& dw, std::vector<float>& dx);
    Fp8TensorScaling& fp8Scaling(const std::string& name, blockscale::Fp8Element element, Fp8Recipe recipe);
    // A matmul's result stored in its output format.
    void storeOutput(EmulatedOps& ops, FormatId output, std::vector<float>& y);
    void trace(int layer, TransformerOp op, bool backward, FormatId format);
    void trace(const PrecisionTraceEntry& entry); // kept when it is the first of its layer, op and pass
    void traceMatmul(int layer, TransformerOp op, bool backward, const MatmulPrecision& m);
    // The block's statistics (transformer_stats.cpp), from its caches and the residual stream after it.
    void collectStats(const LayerCache& c, const std::vector<float>& residual);
    // A parameter's name without its block's "hN." prefix.
    std::string tensorName(int parameter) const;
    // A parameter's grad += g, in FP32.
    void accumulateGrad(EmulatedOps& ops, int layer, int index, const std::vector<float>& g);

    TransformerShape m_shape;
    std::vector<Parameter> m_params;
    int m_wte = -1, m_wpe = -1, m_lnfWeight = -1, m_lnfBias = -1, m_head = -1;
    std::vector<Block> m_blocks;

    // The last forward.
    TransformerPrecision m_precision;
    TokenBatch m_batch;
    int m_scored = 0;
    std::vector<LayerCache> m_caches;
    NormCache m_lnf;
    std::vector<float> m_logits, m_probs;
    std::vector<PrecisionTraceEntry> m_trace;
    TransformerStats m_stats;

    // FP8: each GEMM operand's scaling (its delayed history lives from step to step), and the forward's
    // casts of each weight's input and weight, reused by the backward as Transformer Engine does.
    struct Fp8Casts {
        blockscale::ScaledMatrix input, weight;
    };
    std::map<std::string, Fp8TensorScaling> m_fp8Scaling;
    std::map<int, Fp8Casts> m_fp8Casts;
    std::vector<Fp8TensorStats> m_fp8Stats;
    bool m_fp8Recording = true;
};

} // namespace fplab::training
