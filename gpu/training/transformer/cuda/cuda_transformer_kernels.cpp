// TransformerStepKernels on the GPU: the parameters (float32, BF16-rounded where the precision stores them so),
// their gradients and Adam's moments in device memory; every matmul through cuBLASLt (lt_matmul.h) with its
// operands packed to the matmul's input format, its result rounded to its output format; everything else through
// transformer_kernels.cu in the format the precision gives its operation class in its layer; Adam and
// GradScaler's unscale through the MLP's kernels (gpu/training/cuda/training_kernels.h). The order of the work
// is TransformerModel's forward and backward. Every CUDA call is checked and throws GpuError.
#include "gpu/cuda/device_memory.h"
#include "gpu/training/cuda/optimizer_args.h"
#include "gpu/training/cuda/training_kernels.h"
#include "gpu/training/gpu_step_kernels.h"
#include "gpu/training/transformer/cuda/lt_matmul.h"
#include "gpu/training/transformer/cuda/transformer_kernels.h"
#include "gpu/training/transformer/gpu_transformer_kernels.h"

#include "core/training/run_comparison.h"

#include <algorithm>
#include <cmath>

namespace fplab::gpu {

namespace {

using namespace fplab::training;
namespace tk = train_kernels;
namespace tfk = transformer_kernels;
using Buffer = cuda::DeviceBuffer<float>;

tk::Round roundFor(FormatId f) {
    return f == FormatId::Fp16 ? tk::Round::Fp16 : f == FormatId::Bf16 ? tk::Round::Bf16 : tk::Round::None;
}

struct NormCache {
    Buffer xhat, rstd, out;
};

// What a block's forward keeps for its backward.
struct LayerCache {
    NormCache ln1, ln2;
    Buffer q, k, v;          // tokens x dim
    Buffer qh, kh, vh;       // [batch][head][length][head dim]
    Buffer probs;            // [batch][head][length][length]
    Buffer attn;             // the heads' context, tokens x dim
    Buffer up, gate, hidden; // tokens x hidden width (gate: SwiGLU only)
};

// Parameter indices of one block, in TransformerModel's order.
struct BlockParams {
    int ln1Weight, ln1Bias, wq, wk, wv, wo, ln2Weight, ln2Bias, w1, w2, w3 = -1;
};

class CudaTransformerKernels final : public TransformerStepKernels {
public:
    CudaTransformerKernels(const TransformerModel& initial, const TransformerPrecision& precision,
                           const OptimizerSettings& optimizer, int maxRows)
        : m_precision(precision), m_optimizer(optimizer), m_shape(initial.shape()), m_maxRows(maxRows) {
        if (const std::string why = gpuTrainingUnavailableReason(); !why.empty())
            throw GpuError(GpuError::Kind::NoDevice, why);
        if (maxRows < 1) throw GpuError(GpuError::Kind::InvalidArgument, "GPU transformer: no rows");
        layOut(initial.parameters());
        allocate();
        m_matmul = std::make_unique<cuda::LtMatmul>();
    }

    bool emulated() const override { return false; }

    void zeroGrad() override { FPLAB_CUDA_CHECK(cudaMemset(m_g.get(), 0, m_g.size() * sizeof(float))); }

    TransformerPass forwardBackward(const TokenBatch& batch, float lossScale) override {
        TransformerPass pass;
        pass.loss = forward(batch);
        backward(lossScale);
        return pass;
    }

    bool unscaleAndCheck(float scale, bool unscale) override {
        FPLAB_CUDA_CHECK(cudaMemset(m_flag.get(), 0, sizeof(int)));
        tk::unscaleAndCheck(m_g.get(), int(m_g.size()), float(1.0 / double(scale)), unscale, tk::Round::None,
                            m_flag.get(), nullptr);
        return readFlag();
    }

    TransformerUpdate optimizerStep() override {
        ++m_steps;
        const tk::OptimizerArgs a = tk::optimizerArgs(m_optimizer, m_steps);
        FPLAB_CUDA_CHECK(cudaMemset(m_flag.get(), 0, sizeof(int)));
        tk::optimizerStep(m_w.get(), m_g.get(), m_m.get(), m_v.get(), int(m_w.size()), a, tk::Round::None, m_flag.get(),
                          nullptr);
        // BF16 storage without FP32 copies: the FP32 update rounded to nearest even.
        if (m_precision.weights == WeightStorage::Bf16Nearest)
            tfk::roundInPlace(m_w.get(), m_w.size(), tk::Round::Bf16, nullptr);
        TransformerUpdate update;
        update.weightsFinite = !readFlag();
        return update;
    }

    std::vector<float> weights() override { return m_w.download(); }

    std::vector<float> logits(const TokenBatch& batch) override {
        forward(batch);
        std::vector<float> out(std::size_t(m_rows) * std::size_t(m_shape.vocab));
        FPLAB_CUDA_CHECK(cudaMemcpy(out.data(), m_logits.get(), out.size() * sizeof(float), cudaMemcpyDeviceToHost));
        return out;
    }

    std::string describeFailure(const std::exception& e) const override { return describeGpuFailure(e); }

private:
    float* w(int parameter) const { return m_w.get() + m_offsets[std::size_t(parameter)]; }
    float* g(int parameter) const { return m_g.get() + m_offsets[std::size_t(parameter)]; }
    const LayerPrecision& at(int layer) const { return m_precision.at(layer); }
    int dim() const { return m_shape.dim; }
    int hiddenWidth() const { return m_shape.mlpRatio * m_shape.dim; }

    // The parameter indices by name, so that the layout is TransformerModel's whatever its order.
    void layOut(const std::vector<Parameter>& params) {
        std::size_t total = 0;
        for (const Parameter& p : params) {
            m_offsets.push_back(total);
            m_sizes.push_back(p.size());
            total += p.size();
        }
        const auto find = [&](const std::string& name) {
            for (std::size_t i = 0; i < params.size(); ++i)
                if (params[i].name == name) return int(i);
            throw GpuError(GpuError::Kind::InvalidArgument, "GPU transformer: the model has no parameter " + name);
        };
        m_wte = find("wte");
        m_wpe = find("wpe");
        for (int l = 0; l < m_shape.layers; ++l) {
            std::string p = "h"; // built in steps: GCC 12's -Wrestrict misfires on "h" + std::to_string(l)
            p += std::to_string(l);
            p += '.';
            BlockParams b{find(p + "ln1.weight"), find(p + "ln1.bias"), find(p + "attn.wq"),    find(p + "attn.wk"),
                          find(p + "attn.wv"),    find(p + "attn.wo"),  find(p + "ln2.weight"), find(p + "ln2.bias"),
                          find(p + "mlp.w1"),     find(p + "mlp.w2")};
            if (m_shape.swiglu) b.w3 = find(p + "mlp.w3");
            m_blocks.push_back(b);
        }
        m_lnfWeight = find("lnf.weight");
        m_lnfBias = find("lnf.bias");
        m_head = find("head");
        m_w = Buffer(flattenWeights(params));
        const std::vector<float> zeros(total, 0.0f);
        m_g = Buffer(zeros);
        m_m = Buffer(zeros);
        m_v = Buffer(zeros);
    }

    void allocate() {
        const std::size_t tokens = std::size_t(m_maxRows) * std::size_t(m_shape.context);
        const std::size_t d = std::size_t(dim()), hidden = std::size_t(hiddenWidth()),
                          vocab = std::size_t(m_shape.vocab);
        const std::size_t scores = std::size_t(m_maxRows) * std::size_t(m_shape.heads) * std::size_t(m_shape.context) *
                                   std::size_t(m_shape.context);
        const auto norm = [&](NormCache& n) {
            n.xhat = Buffer(tokens * d);
            n.rstd = Buffer(tokens);
            n.out = Buffer(tokens * d);
        };
        m_caches.resize(std::size_t(m_shape.layers));
        for (LayerCache& c : m_caches) {
            norm(c.ln1);
            norm(c.ln2);
            for (Buffer* b : {&c.q, &c.k, &c.v, &c.qh, &c.kh, &c.vh, &c.attn}) *b = Buffer(tokens * d);
            c.probs = Buffer(scores);
            c.up = Buffer(tokens * hidden);
            c.hidden = Buffer(tokens * hidden);
            if (m_shape.swiglu) c.gate = Buffer(tokens * hidden);
        }
        norm(m_lnf);
        for (Buffer* b : {&m_x, &m_tmp, &m_heads, &m_dres, &m_dx, &m_dtmp, &m_dq, &m_dk, &m_dv, &m_dAttn})
            *b = Buffer(tokens * d);
        for (Buffer* b : {&m_dHidden, &m_dUp, &m_dGate}) *b = Buffer(tokens * hidden);
        m_dScores = Buffer(scores);
        m_logits = Buffer(tokens * vocab);
        m_probs = Buffer(tokens * vocab);
        m_dLogits = Buffer(tokens * vocab);
        m_rowLoss = Buffer(tokens);
        m_loss = Buffer(1);
        m_tokens = cuda::DeviceBuffer<int>(tokens);
        m_targets = cuda::DeviceBuffer<int>(tokens);
        const std::size_t largestParameter = *std::max_element(m_sizes.begin(), m_sizes.end());
        m_dW = Buffer(std::max(largestParameter, d));
        m_dBias = Buffer(d);
        // The packed operands (16-bit values take half of it) and an FP16-accumulating GEMM's result.
        const std::size_t operand = std::max({tokens * hidden, tokens * vocab, scores, largestParameter});
        m_packA = Buffer(operand);
        m_packB = Buffer(operand);
        m_half = Buffer(operand);
        m_flag = cuda::DeviceBuffer<int>(1);
    }

    bool readFlag() {
        int flag = 0;
        FPLAB_CUDA_CHECK(cudaMemcpy(&flag, m_flag.get(), sizeof flag, cudaMemcpyDeviceToHost));
        return flag != 0;
    }

    // c = a * b (cuda::LtGemmShape says how a and b are stored) in the matmul's arithmetic; the result rounded
    // to its output format when `roundOutput` (the emulator's storeOutput).
    void matmul(const MatmulPrecision& m, const float* a, const float* b, float* c, const cuda::LtGemmShape& s,
                bool roundOutput = true) {
        const std::size_t aSize = std::size_t(s.m) * s.k * s.batch, bSize = std::size_t(s.k) * s.n * s.batch;
        const std::size_t cSize = std::size_t(s.m) * s.n * s.batch;
        const bool accumulateFp16 = m.accumulate == FormatId::Fp16;
        cuda::LtOperandType type = cuda::LtOperandType::Fp32;
        const void* first = a;
        const void* second = b;
        if (m.input != FormatId::Fp32) {
            const tk::Pack pack = m.input == FormatId::Fp16 ? tk::Pack::Fp16 : tk::Pack::Bf16;
            type = m.input == FormatId::Fp16 ? cuda::LtOperandType::Fp16 : cuda::LtOperandType::Bf16;
            tk::pack(a, 1, int(aSize), false, pack, m_packA.get(), nullptr);
            tk::pack(b, 1, int(bSize), false, pack, m_packB.get(), nullptr);
            first = m_packA.get();
            second = m_packB.get();
        }
        if (accumulateFp16) {
            m_matmul->run(type, true, first, second, m_half.get(), s);
            tfk::widenHalf(m_half.get(), cSize, c, nullptr);
        } else {
            m_matmul->run(type, false, first, second, c, s);
        }
        if (roundOutput) tfk::roundInPlace(c, cSize, roundFor(m.output), nullptr);
    }

    const MatmulPrecision& matmulPrecision(int layer, TransformerOp op) const {
        return op == TransformerOp::Logits ? m_precision.logits : at(layer).matmul(op);
    }

    // y (tokens x out) = x (tokens x in) * W (in x out).
    void project(int layer, TransformerOp op, const float* x, int weight, float* y) {
        const int in = int(m_sizes[std::size_t(weight)] / outputs(weight)), out = outputs(weight);
        matmul(matmulPrecision(layer, op), x, w(weight), y, {m_rows, out, in, false, false, 1});
    }

    // For y = x W: W's grad += x^T dy (in FP32) and dx = dy W^T, each in the matmul's arithmetic.
    void linearBackward(int layer, TransformerOp op, const float* x, const float* dy, int weight, float* dx) {
        const MatmulPrecision& m = matmulPrecision(layer, op);
        const int out = outputs(weight), in = int(m_sizes[std::size_t(weight)] / out);
        matmul(m, x, dy, m_dW.get(), {in, out, m_rows, true, false, 1});
        tfk::addInPlace(g(weight), m_dW.get(), m_sizes[std::size_t(weight)], tk::Round::None, nullptr);
        matmul(m, dy, w(weight), dx, {m_rows, in, out, false, true, 1});
    }

    int outputs(int weight) const {
        if (weight == m_head) return m_shape.vocab;
        for (const BlockParams& b : m_blocks)
            if (weight == b.w1 || weight == b.w3) return hiddenWidth();
        return dim();
    }

    void normForward(int layer, const float* x, int weight, int bias, NormCache& c) {
        tfk::layerNormForward(x, w(weight), w(bias), m_rows, dim(), roundFor(at(layer).layerNorm), c.xhat.get(),
                              c.rstd.get(), c.out.get(), nullptr);
    }

    void normBackward(int layer, const float* dy, int weight, int bias, const NormCache& c, float* dx) {
        const tk::Round gf = roundFor(at(layer).gradient);
        const std::size_t d = std::size_t(dim());
        tfk::layerNormParamGrads(dy, c.xhat.get(), m_rows, dim(), gf, m_dW.get(), m_dBias.get(), nullptr);
        tfk::addInPlace(g(weight), m_dW.get(), d, tk::Round::None, nullptr);
        tfk::addInPlace(g(bias), m_dBias.get(), d, tk::Round::None, nullptr);
        tfk::layerNormBackward(dy, c.xhat.get(), c.rstd.get(), w(weight), m_rows, dim(), gf, dx, nullptr);
    }

    int headDim() const { return dim() / m_shape.heads; }
    int headBlocks() const { return m_batch * m_shape.heads; }
    float attentionScale() const { return float(1.0 / std::sqrt(double(headDim()))); }

    void attentionForward(int layer, LayerCache& c) {
        const BlockParams& b = m_blocks[std::size_t(layer)];
        const LayerPrecision& lp = at(layer);
        const int T = m_length, dh = headDim();
        project(layer, TransformerOp::Query, c.ln1.out.get(), b.wq, c.q.get());
        project(layer, TransformerOp::Key, c.ln1.out.get(), b.wk, c.k.get());
        project(layer, TransformerOp::Value, c.ln1.out.get(), b.wv, c.v.get());
        tfk::splitHeads(c.q.get(), m_batch, T, m_shape.heads, dh, c.qh.get(), nullptr);
        tfk::splitHeads(c.k.get(), m_batch, T, m_shape.heads, dh, c.kh.get(), nullptr);
        tfk::splitHeads(c.v.get(), m_batch, T, m_shape.heads, dh, c.vh.get(), nullptr);
        // Scores Q K^T per head (every element: the softmax masks above the diagonal), then P V.
        matmul(lp.attentionScores, c.qh.get(), c.kh.get(), m_dScores.get(), {T, T, dh, false, true, headBlocks()});
        tfk::softmaxForward(m_dScores.get(), headBlocks(), T, attentionScale(), lp.softmaxSubtractsMax,
                            roundFor(lp.softmax), c.probs.get(), nullptr);
        matmul(lp.attentionScores, c.probs.get(), c.vh.get(), m_heads.get(), {T, dh, T, false, false, headBlocks()});
        tfk::mergeHeads(m_heads.get(), m_batch, T, m_shape.heads, dh, c.attn.get(), nullptr);
    }

    // dOut: the gradient of the attention's output (after Wo); dIn: of its input (ln1's output).
    void attentionBackward(int layer, LayerCache& c, const float* dOut, float* dIn) {
        const BlockParams& b = m_blocks[std::size_t(layer)];
        const LayerPrecision& lp = at(layer);
        const MatmulPrecision& sc = lp.attentionScores;
        const tk::Round gf = roundFor(lp.gradient);
        const int T = m_length, dh = headDim(), H = m_shape.heads;
        const std::size_t tokensDim = std::size_t(m_rows) * dim();
        linearBackward(layer, TransformerOp::AttentionOutput, c.attn.get(), dOut, b.wo, m_dAttn.get());
        tfk::splitHeads(m_dAttn.get(), m_batch, T, H, dh, m_heads.get(), nullptr);
        // dP = dA V^T and dV = P^T dA unrounded (the emulator's matmuls straight into them), then rounded below.
        matmul(sc, m_heads.get(), c.vh.get(), m_dScores.get(), {T, T, dh, false, true, headBlocks()}, false);
        matmul(sc, c.probs.get(), m_heads.get(), m_dv.get(), {T, dh, T, true, false, headBlocks()}, false);
        tfk::softmaxBackward(c.probs.get(), m_dScores.get(), headBlocks(), T, attentionScale(), gf, nullptr);
        matmul(sc, m_dScores.get(), c.kh.get(), m_dq.get(), {T, dh, T, false, false, headBlocks()}, false);
        matmul(sc, m_dScores.get(), c.qh.get(), m_dk.get(), {T, dh, T, true, false, headBlocks()}, false);
        const struct {
            Buffer* grad;
            int weight;
            TransformerOp op;
        } parts[] = {{&m_dq, b.wq, TransformerOp::Query},
                     {&m_dk, b.wk, TransformerOp::Key},
                     {&m_dv, b.wv, TransformerOp::Value}};
        FPLAB_CUDA_CHECK(cudaMemset(dIn, 0, tokensDim * sizeof(float)));
        for (const auto& part : parts) {
            tfk::roundInPlace(part.grad->get(), tokensDim, roundFor(sc.output), nullptr);
            tfk::mergeHeads(part.grad->get(), m_batch, T, H, dh, m_dtmp.get(), nullptr);
            linearBackward(layer, part.op, c.ln1.out.get(), m_dtmp.get(), part.weight, m_dAttn.get());
            tfk::addInPlace(dIn, m_dAttn.get(), tokensDim, gf, nullptr);
        }
    }

    void upload(const TokenBatch& batch) {
        if (batch.batch < 1 || batch.batch > m_maxRows || batch.length < 1 || batch.length > m_shape.context ||
            batch.tokens.size() != std::size_t(batch.batch) * batch.length ||
            batch.targets.size() != batch.tokens.size())
            throw GpuError(GpuError::Kind::InvalidArgument, "GPU transformer: the batch does not fit the kernels");
        m_batch = batch.batch;
        m_length = batch.length;
        m_rows = batch.batch * batch.length;
        m_scored = int(std::count_if(batch.targets.begin(), batch.targets.end(), [](int t) { return t >= 0; }));
        FPLAB_CUDA_CHECK(
            cudaMemcpy(m_tokens.get(), batch.tokens.data(), batch.tokens.size() * sizeof(int), cudaMemcpyHostToDevice));
        FPLAB_CUDA_CHECK(cudaMemcpy(m_targets.get(), batch.targets.data(), batch.targets.size() * sizeof(int),
                                    cudaMemcpyHostToDevice));
    }

    float forward(const TokenBatch& batch) {
        upload(batch);
        const std::size_t tokensDim = std::size_t(m_rows) * dim(), hidden = std::size_t(m_rows) * hiddenWidth();
        tfk::embeddingForward(m_tokens.get(), w(m_wte), w(m_wpe), m_rows, m_length, dim(), roundFor(at(-1).residual),
                              m_x.get(), nullptr);
        for (int l = 0; l < m_shape.layers; ++l) {
            LayerCache& c = m_caches[std::size_t(l)];
            const BlockParams& b = m_blocks[std::size_t(l)];
            const LayerPrecision& lp = at(l);
            const tk::Round residual = roundFor(lp.residual), act = roundFor(lp.gelu);
            normForward(l, m_x.get(), b.ln1Weight, b.ln1Bias, c.ln1);
            attentionForward(l, c);
            project(l, TransformerOp::AttentionOutput, c.attn.get(), b.wo, m_tmp.get());
            tfk::addInPlace(m_x.get(), m_tmp.get(), tokensDim, residual, nullptr);
            normForward(l, m_x.get(), b.ln2Weight, b.ln2Bias, c.ln2);
            project(l, TransformerOp::MlpUp, c.ln2.out.get(), b.w1, c.up.get());
            if (m_shape.swiglu) {
                project(l, TransformerOp::MlpUp, c.ln2.out.get(), b.w3, c.gate.get());
                tfk::swiglu(c.gate.get(), c.up.get(), hidden, act, c.hidden.get(), nullptr);
            } else {
                tfk::gelu(c.up.get(), hidden, act, c.hidden.get(), nullptr);
            }
            project(l, TransformerOp::MlpDown, c.hidden.get(), b.w2, m_tmp.get());
            tfk::addInPlace(m_x.get(), m_tmp.get(), tokensDim, residual, nullptr);
        }
        normForward(-1, m_x.get(), m_lnfWeight, m_lnfBias, m_lnf);
        project(-1, TransformerOp::Logits, m_lnf.out.get(), m_head, m_logits.get());
        tfk::crossEntropy(m_logits.get(), m_targets.get(), m_rows, m_shape.vocab, m_scored,
                          roundFor(m_precision.crossEntropy), m_probs.get(), m_rowLoss.get(), m_loss.get(), nullptr);
        float loss = 0;
        FPLAB_CUDA_CHECK(cudaMemcpy(&loss, m_loss.get(), sizeof loss, cudaMemcpyDeviceToHost));
        return loss;
    }

    void backward(float lossScale) {
        if (m_scored == 0) return;
        const std::size_t tokensDim = std::size_t(m_rows) * dim(), hidden = std::size_t(m_rows) * hiddenWidth();
        tfk::logitGradient(m_probs.get(), m_targets.get(), m_rows, m_shape.vocab, m_scored, lossScale,
                           roundFor(at(-1).gradient), m_dLogits.get(), nullptr);
        linearBackward(-1, TransformerOp::Logits, m_lnf.out.get(), m_dLogits.get(), m_head, m_tmp.get());
        normBackward(-1, m_tmp.get(), m_lnfWeight, m_lnfBias, m_lnf, m_dres.get());
        for (int l = m_shape.layers - 1; l >= 0; --l) {
            LayerCache& c = m_caches[std::size_t(l)];
            const BlockParams& b = m_blocks[std::size_t(l)];
            const tk::Round gf = roundFor(at(l).gradient);
            linearBackward(l, TransformerOp::MlpDown, c.hidden.get(), m_dres.get(), b.w2, m_dHidden.get());
            if (m_shape.swiglu) {
                tfk::swigluBackward(m_dHidden.get(), c.gate.get(), c.up.get(), hidden, gf, m_dUp.get(), m_dGate.get(),
                                    nullptr);
                linearBackward(l, TransformerOp::MlpUp, c.ln2.out.get(), m_dUp.get(), b.w1, m_tmp.get());
                linearBackward(l, TransformerOp::MlpUp, c.ln2.out.get(), m_dGate.get(), b.w3, m_dtmp.get());
                tfk::addInPlace(m_tmp.get(), m_dtmp.get(), tokensDim, gf, nullptr);
            } else {
                tfk::geluBackward(m_dHidden.get(), c.up.get(), hidden, gf, nullptr);
                linearBackward(l, TransformerOp::MlpUp, c.ln2.out.get(), m_dHidden.get(), b.w1, m_tmp.get());
            }
            normBackward(l, m_tmp.get(), b.ln2Weight, b.ln2Bias, c.ln2, m_dx.get());
            tfk::addInPlace(m_dres.get(), m_dx.get(), tokensDim, gf, nullptr);
            attentionBackward(l, c, m_dres.get(), m_tmp.get());
            normBackward(l, m_tmp.get(), b.ln1Weight, b.ln1Bias, c.ln1, m_dx.get());
            tfk::addInPlace(m_dres.get(), m_dx.get(), tokensDim, gf, nullptr);
        }
        tfk::embeddingBackward(m_tokens.get(), m_dres.get(), m_rows, m_length, dim(), g(m_wte), g(m_wpe), nullptr);
    }

    TransformerPrecision m_precision;
    OptimizerSettings m_optimizer;
    TransformerShape m_shape;
    int m_maxRows;
    int m_steps = 0;
    std::unique_ptr<cuda::LtMatmul> m_matmul;

    std::vector<std::size_t> m_offsets, m_sizes; // of each parameter in the flat arrays
    int m_wte = -1, m_wpe = -1, m_lnfWeight = -1, m_lnfBias = -1, m_head = -1;
    std::vector<BlockParams> m_blocks;
    Buffer m_w, m_g, m_m, m_v;

    // The current batch.
    int m_batch = 0, m_length = 0, m_rows = 0, m_scored = 0;
    cuda::DeviceBuffer<int> m_tokens, m_targets;
    std::vector<LayerCache> m_caches;
    NormCache m_lnf;
    Buffer m_x, m_tmp, m_heads, m_logits, m_probs, m_rowLoss, m_loss;
    // The backward's.
    Buffer m_dres, m_dx, m_dtmp, m_dq, m_dk, m_dv, m_dAttn, m_dHidden, m_dUp, m_dGate, m_dScores, m_dLogits, m_dW,
        m_dBias;
    Buffer m_packA, m_packB, m_half;
    cuda::DeviceBuffer<int> m_flag;
};

} // namespace

std::unique_ptr<TransformerStepKernels> makeCudaTransformerKernels(const TransformerModel& initial,
                                                                   const TransformerPrecision& precision,
                                                                   const OptimizerSettings& optimizer, int maxRows) {
    return std::make_unique<CudaTransformerKernels>(initial, precision, optimizer, maxRows);
}

} // namespace fplab::gpu
