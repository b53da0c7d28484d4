// A decoder-only transformer (GPT-style) emulated through the soft-float core: token and position
// embeddings, `layers` blocks of pre-LayerNorm causal multi-head attention and a GELU MLP with
// residuals, a final LayerNorm, the LM head and cross-entropy, with the backward pass written out.
// Parameters, activations and gradients are stored as floats; each operation is computed in the
// format its operation class is given (TransformerPrecision), through EmulatedOps.
#pragma once

#include "core/training/toy_model.h"
#include "core/training/transformer/emulated_ops.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::training {

// The format of each operation class.
struct TransformerPrecision {
    FormatId matmulInput = FormatId::Fp32;      // every matmul's operands are rounded to this
    FormatId matmulAccumulate = FormatId::Fp32; // ... and their products summed in this (fused multiply-adds)
    FormatId softmax = FormatId::Fp32;          // attention: the scaling by 1/sqrt(head dim), exp, sum, division
    bool softmaxSubtractsMax = true;            // subtract each row's maximum before exp
    FormatId layerNormStats = FormatId::Fp32;   // mean, variance, 1/sqrt(var + eps), the normalised input
    FormatId activation = FormatId::Fp32;       // LayerNorm's affine output, GELU
    FormatId residual = FormatId::Fp32;         // the residual stream's additions
    FormatId logits = FormatId::Fp32;           // cross-entropy (always max-subtracted, as PyTorch's)
    FormatId gradient = FormatId::Fp32;         // the backward pass's element-wise operations
};
// Empty when every format is one EmulatedOps computes in, otherwise what is wrong.
std::string checkPrecision(const TransformerPrecision& precision);

enum class TransformerPreset : std::uint8_t { Fp32, PureFp16 };
inline constexpr TransformerPreset kAllTransformerPresets[] = {TransformerPreset::Fp32, TransformerPreset::PureFp16};
TransformerPrecision transformerPreset(TransformerPreset preset);
std::string_view transformerPresetName(TransformerPreset preset); // "fp32", "fp16"
std::optional<TransformerPreset> parseTransformerPresetName(std::string_view name);

struct TransformerShape {
    int vocab = 16;
    int context = 16; // the longest sequence
    int dim = 32;
    int heads = 4;
    int layers = 2;
    int mlpRatio = 4; // the MLP's hidden width is mlpRatio * dim
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
    // Adds the gradient of the last forward's loss to every parameter's grad.
    void backward(EmulatedOps& ops);
    // The last forward's logits, (batch * length) x vocab.
    const std::vector<float>& logits() const { return m_logits; }
    // The last forward's attention probabilities in block `layer`: [sequence][head][query][key], a causal
    // length x length block per head (keys after the query are zero). Throws std::out_of_range for no such layer.
    const std::vector<float>& attentionProbabilities(int layer) const { return m_caches.at(std::size_t(layer)).probs; }
    std::string checkBatch(const TokenBatch& batch) const;

private:
    struct NormCache {
        std::vector<float> xhat, rstd, out;
    };
    struct LayerCache {
        NormCache ln1, ln2;
        std::vector<float> q, k, v, probs, attn, up, gelu;
    };
    struct Block {
        int ln1Weight, ln1Bias, wq, wk, wv, wo, ln2Weight, ln2Bias, w1, w2;
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
    // c = a * b in the matmul formats; a, b given by views, c contiguous.
    void matmul(EmulatedOps& ops, MatrixView a, MatrixView b, int m, int k, int n, std::vector<float>& c);
    // For y = x * weight: weight's grad += x^T dy (through accumulateGrad) and dx = dy * weight^T.
    void linearBackward(EmulatedOps& ops, int layer, const std::vector<float>& x, const std::vector<float>& dy,
                        int weight, std::vector<float>& dx);
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
};

} // namespace fplab::training
