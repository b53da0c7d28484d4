#include "core/training/transformer/transformer_model.h"

#include "core/training/matmul.h"

#include <cmath>
#include <random>
#include <stdexcept>
#include <tuple>

namespace fplab::training {

namespace {

constexpr float kNormEps = 1e-5f;

double gelu(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
double geluDerivative(double x) {
    const double pi = 3.14159265358979323846;
    return 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))) + x * std::exp(-0.5 * x * x) / std::sqrt(2.0 * pi);
}
double silu(double x) { return x / (1.0 + std::exp(-x)); }
double siluDerivative(double x) {
    const double sigmoid = 1.0 / (1.0 + std::exp(-x));
    return sigmoid * (1.0 + x * (1.0 - sigmoid));
}
double expFunction(double x) { return std::exp(x); }
double logFunction(double x) { return std::log(x); }

std::string layerPrefix(int layer) {
    std::string prefix = "h";
    prefix += std::to_string(layer);
    prefix += '.';
    return prefix;
}

} // namespace

std::string checkTransformerShape(const TransformerShape& s) {
    if (s.vocab < 2 || s.vocab > 4096) return "the vocabulary must have 2 to 4096 tokens";
    if (s.context < 1 || s.context > 1024) return "the context must be 1 to 1024 tokens";
    if (s.dim < 1 || s.dim > 1024) return "the dimension must be 1 to 1024";
    if (s.heads < 1 || s.dim % s.heads != 0) return "the number of heads must divide the dimension";
    if (s.layers < 1 || s.layers > 64) return "the number of layers must be 1 to 64";
    if (s.mlpRatio < 1 || s.mlpRatio > 16) return "the MLP ratio must be 1 to 16";
    return {};
}

TransformerModel::TransformerModel(const TransformerShape& shape, std::uint64_t seed) : m_shape(shape) {
    if (std::string error = checkTransformerShape(shape); !error.empty()) throw std::invalid_argument(error);
    const int d = shape.dim, hidden = shape.mlpRatio * shape.dim;
    m_wte = addParameter("wte", shape.vocab, d);
    m_wpe = addParameter("wpe", shape.context, d);
    for (int l = 0; l < shape.layers; ++l) {
        const std::string p = layerPrefix(l);
        Block b{};
        b.ln1Weight = addParameter(p + "ln1.weight", 1, d);
        b.ln1Bias = addParameter(p + "ln1.bias", 1, d);
        b.wq = addParameter(p + "attn.wq", d, d);
        b.wk = addParameter(p + "attn.wk", d, d);
        b.wv = addParameter(p + "attn.wv", d, d);
        b.wo = addParameter(p + "attn.wo", d, d);
        b.ln2Weight = addParameter(p + "ln2.weight", 1, d);
        b.ln2Bias = addParameter(p + "ln2.bias", 1, d);
        b.w1 = addParameter(p + "mlp.w1", d, hidden);
        b.w2 = addParameter(p + "mlp.w2", hidden, d);
        if (shape.swiglu) b.w3 = addParameter(p + "mlp.w3", d, hidden);
        m_blocks.push_back(b);
    }
    m_lnfWeight = addParameter("lnf.weight", 1, d);
    m_lnfBias = addParameter("lnf.bias", 1, d);
    m_head = addParameter("head", d, shape.vocab);

    // Uniform draws from the 64-bit Mersenne Twister's raw output, the same on every platform.
    std::mt19937_64 rng(seed);
    auto uniform = [&](double bound) { return float((double(rng() >> 11) * 0x1p-53 * 2.0 - 1.0) * bound); };
    for (Parameter& p : m_params) {
        const bool norm = p.name.find("ln") != std::string::npos;
        const bool isWeight = p.name.size() >= 6 && p.name.compare(p.name.size() - 6, 6, "weight") == 0;
        const bool embedding = p.name == "wte" || p.name == "wpe";
        for (float& v : p.value) {
            if (norm) v = isWeight ? 1.0f : 0.0f;
            else v = uniform(embedding ? 0.1 : 1.0 / std::sqrt(double(p.rows)));
        }
    }
}

int TransformerModel::addParameter(const std::string& name, int rows, int cols) {
    m_params.push_back(zeroParameter(name, rows, cols));
    return int(m_params.size()) - 1;
}

std::int64_t TransformerModel::parameterCount() const {
    std::int64_t n = 0;
    for (const Parameter& p : m_params) n += std::int64_t(p.size());
    return n;
}

Parameter& TransformerModel::parameter(std::string_view name) {
    for (Parameter& p : m_params)
        if (p.name == name) return p;
    throw std::out_of_range("no parameter named " + std::string(name));
}

void TransformerModel::zeroGrad() {
    for (Parameter& p : m_params) std::fill(p.grad.begin(), p.grad.end(), 0.0f);
}

std::string TransformerModel::checkBatch(const TokenBatch& b) const {
    if (b.batch < 1 || b.length < 1) return "the batch is empty";
    if (b.length > m_shape.context) return "the sequences are longer than the context";
    const std::size_t n = std::size_t(b.batch) * b.length;
    if (b.tokens.size() != n || b.targets.size() != n) return "the batch's token or target count is wrong";
    for (std::size_t i = 0; i < n; ++i) {
        if (b.tokens[i] < 0 || b.tokens[i] >= m_shape.vocab) return "a token is outside the vocabulary";
        if (b.targets[i] < -1 || b.targets[i] >= m_shape.vocab) return "a target is outside the vocabulary";
    }
    return {};
}

const MatmulPrecision& TransformerModel::matmulPrecision(int layer, TransformerOp op) const {
    return op == TransformerOp::Logits ? m_precision.logits : m_precision.at(layer).matmul(op);
}

void TransformerModel::storeOutput(EmulatedOps& ops, FormatId output, std::vector<float>& y) {
    // y.empty(): nothing to cast; without it GCC 12 warns -Wfree-nonheap-object (a false positive) once inlined.
    if (output == FormatId::Fp32 || y.empty()) return;
    ops.castAll(output, y.data(), y.size(), "matmul.output");
}

void TransformerModel::project(EmulatedOps& ops, int layer, TransformerOp op, const std::vector<float>& x, int weight,
                               std::vector<float>& y) {
    const MatmulPrecision& m = matmulPrecision(layer, op);
    const Parameter& w = m_params[std::size_t(weight)];
    traceMatmul(layer, op, false, m);
    if (m.fp8 != Fp8Recipe::None) {
        fp8Forward(ops, m, x, weight, y);
    } else if (m.tensorCore) {
        tensorCoreMatmul(ops, m, x.data(), w.value.data(), int(x.size()) / w.rows, w.rows, w.cols, y);
    } else {
        const int rows = int(x.size()) / w.rows;
        y.assign(std::size_t(rows) * w.cols, 0.0f);
        ops.matmul(m.input, m.accumulate, {x.data(), w.rows, 1}, {w.value.data(), w.cols, 1}, rows, w.rows, w.cols,
                   y.data(), w.cols);
    }
    storeOutput(ops, m.output, y);
}

void TransformerModel::linearBackward(EmulatedOps& ops, int layer, TransformerOp op, const std::vector<float>& x,
                                      const std::vector<float>& dy, int weight, std::vector<float>& dx) {
    const MatmulPrecision& m = matmulPrecision(layer, op);
    const Parameter& w = m_params[std::size_t(weight)];
    const int rows = int(dy.size()) / w.cols;
    traceMatmul(layer, op, true, m);
    std::vector<float> dw;
    ops.at(Pass::Backward, layer, tensorName(weight) + ".grad_batch");
    std::vector<float> transposed;
    if (m.fp8 != Fp8Recipe::None) {
        fp8Backward(ops, m, x, dy, weight, dw, dx);
    } else if (m.tensorCore) {
        transposed.resize(x.size());
        transpose(x.data(), transposed.data(), rows, w.rows);
        tensorCoreMatmul(ops, m, transposed.data(), dy.data(), w.rows, rows, w.cols, dw);
    } else {
        dw.assign(std::size_t(w.rows) * w.cols, 0.0f);
        ops.matmul(m.input, m.accumulate, {x.data(), 1, w.rows}, {dy.data(), w.cols, 1}, w.rows, rows, w.cols,
                   dw.data(), w.cols);
    }
    storeOutput(ops, m.output, dw);
    accumulateGrad(ops, layer, weight, dw);
    ops.at(Pass::Backward, layer, tensorName(weight) + ".input_grad");
    if (m.tensorCore) {
        transposed.resize(w.value.size());
        transpose(w.value.data(), transposed.data(), w.rows, w.cols);
        tensorCoreMatmul(ops, m, dy.data(), transposed.data(), rows, w.cols, w.rows, dx);
    } else if (m.fp8 == Fp8Recipe::None) {
        dx.assign(std::size_t(rows) * w.rows, 0.0f);
        ops.matmul(m.input, m.accumulate, {dy.data(), w.cols, 1}, {w.value.data(), 1, w.cols}, rows, w.cols, w.rows,
                   dx.data(), w.rows);
    }
    storeOutput(ops, m.output, dx);
}

void TransformerModel::trace(int layer, TransformerOp op, bool backward, FormatId format) {
    trace({layer, op, backward, format, format, format, Fp8Recipe::None, std::nullopt});
}

void TransformerModel::traceMatmul(int layer, TransformerOp op, bool backward, const MatmulPrecision& m) {
    if (m.fp8 == Fp8Recipe::None) {
        trace({layer, op, backward, m.input, m.accumulate, m.output, Fp8Recipe::None, m.tensorCore});
        return;
    }
    const bool e5m2 = backward && m.fp8 != Fp8Recipe::Block;
    trace({layer, op, backward, e5m2 ? FormatId::E5m2 : FormatId::E4m3, FormatId::Fp32, m.output, m.fp8, std::nullopt});
}

void TransformerModel::trace(const PrecisionTraceEntry& entry) {
    for (const PrecisionTraceEntry& t : m_trace)
        if (t.layer == entry.layer && t.op == entry.op && t.backward == entry.backward) return;
    m_trace.push_back(entry);
}

int TransformerModel::parameterLayer(std::size_t index) const {
    const std::string& name = m_params[index].name;
    const bool inBlock = name.size() > 1 && name[0] == 'h' && name[1] >= '0' && name[1] <= '9';
    return inBlock ? std::stoi(name.substr(1)) : -1;
}

std::string TransformerModel::tensorName(int parameter) const {
    const std::string& name = m_params[std::size_t(parameter)].name;
    // A block's parameters are named "h3.attn.wq"; their tensors carry the layer apart.
    const bool inBlock = name.size() > 1 && name[0] == 'h' && name[1] >= '0' && name[1] <= '9';
    return inBlock ? name.substr(name.find('.') + 1) : name;
}

void TransformerModel::accumulateGrad(EmulatedOps& ops, int layer, int index, const std::vector<float>& g) {
    Parameter& p = m_params[std::size_t(index)];
    ops.at(Pass::Backward, layer, tensorName(index) + ".grad");
    ops.addAll(FormatId::Fp32, p.grad.data(), g.data(), p.grad.data(), g.size(), 0, "grad.add");
}

void TransformerModel::normForward(EmulatedOps& ops, int layer, const std::string& name, const std::vector<float>& x,
                                   int weight, int bias, NormCache& c) {
    const FormatId s = m_precision.at(layer).layerNorm;
    trace(layer, TransformerOp::LayerNorm, false, s);
    const int rows = m_batch.batch * m_batch.length, d = m_shape.dim;
    const float* g = value(weight);
    const float* beta = value(bias);
    std::vector<float> mean(std::size_t(rows), 0.0f);
    c.rstd.assign(std::size_t(rows), 0.0f);
    c.xhat.assign(x.size(), 0.0f);
    c.out.assign(x.size(), 0.0f);
    ops.at(Pass::Forward, layer, name + ".mean");
    for (int r = 0; r < rows; ++r) {
        float sum = 0.0f;
        for (int i = 0; i < d; ++i) sum = ops.add(s, sum, x[std::size_t(r) * d + i], std::size_t(r), "layernorm.sum");
        mean[std::size_t(r)] = ops.div(s, sum, float(d), std::size_t(r), "layernorm.mean");
    }
    ops.at(Pass::Forward, layer, name + ".var");
    for (int r = 0; r < rows; ++r) {
        float acc = 0.0f;
        for (int i = 0; i < d; ++i) {
            const float dev = ops.sub(s, x[std::size_t(r) * d + i], mean[std::size_t(r)], std::size_t(r),
                                      "layernorm.deviation");
            acc = ops.fma(s, dev, dev, acc, std::size_t(r), "layernorm.square_sum");
        }
        const float var = ops.div(s, acc, float(d), std::size_t(r), "layernorm.var");
        const float root = ops.sqrt(s, ops.add(s, var, kNormEps, std::size_t(r), "layernorm.add_eps"), std::size_t(r),
                                    "layernorm.sqrt");
        c.rstd[std::size_t(r)] = ops.div(s, 1.0f, root, std::size_t(r), "layernorm.rstd");
    }
    ops.at(Pass::Forward, layer, name + ".xhat");
    for (int r = 0; r < rows; ++r) {
        for (int i = 0; i < d; ++i) {
            const std::size_t e = std::size_t(r) * d + i;
            const float dev = ops.sub(s, x[e], mean[std::size_t(r)], e, "layernorm.deviation");
            c.xhat[e] = ops.mul(s, dev, c.rstd[std::size_t(r)], e, "layernorm.normalise");
        }
    }
    ops.at(Pass::Forward, layer, name + ".out");
    for (int r = 0; r < rows; ++r) {
        const std::size_t row = std::size_t(r) * d;
        ops.fmaAll(s, c.xhat.data() + row, g, beta, c.out.data() + row, std::size_t(d), row, "layernorm.affine");
    }
}

void TransformerModel::normBackward(EmulatedOps& ops, int layer, const std::string& name, const std::vector<float>& dy,
                                    int weight, int bias, const NormCache& c, std::vector<float>& dx) {
    const FormatId gf = m_precision.at(layer).gradient;
    trace(layer, TransformerOp::Gradients, true, gf);
    const int rows = m_batch.batch * m_batch.length, d = m_shape.dim;
    const float* g = value(weight);
    std::vector<float> dWeight(std::size_t(d), 0.0f), dBias(std::size_t(d), 0.0f);
    ops.at(Pass::Backward, layer, name + ".weight.grad_batch");
    // Row by row, element i of each row reported as i (the column it is summed into).
    for (int r = 0; r < rows; ++r) {
        const std::size_t row = std::size_t(r) * d;
        ops.fmaAll(gf, dy.data() + row, c.xhat.data() + row, dWeight.data(), dWeight.data(), std::size_t(d), 0,
                   "layernorm.weight_grad");
    }
    ops.at(Pass::Backward, layer, name + ".bias.grad_batch");
    for (int r = 0; r < rows; ++r)
        ops.addAll(gf, dBias.data(), dy.data() + std::size_t(r) * d, dBias.data(), std::size_t(d), 0,
                   "layernorm.bias_grad");
    accumulateGrad(ops, layer, weight, dWeight);
    accumulateGrad(ops, layer, bias, dBias);

    // dx = rstd * (dxhat - mean(dxhat) - xhat * mean(dxhat * xhat)), dxhat = dy * weight.
    dx.assign(dy.size(), 0.0f);
    std::vector<float> dxhat(static_cast<std::size_t>(d));
    ops.at(Pass::Backward, layer, name + ".input.grad");
    for (int r = 0; r < rows; ++r) {
        float sumA = 0.0f, sumB = 0.0f;
        for (int i = 0; i < d; ++i) {
            const std::size_t e = std::size_t(r) * d + i;
            dxhat[std::size_t(i)] = ops.mul(gf, dy[e], g[i], e, "layernorm.dxhat");
            sumA = ops.add(gf, sumA, dxhat[std::size_t(i)], e, "layernorm.sum_dxhat");
            sumB = ops.fma(gf, dxhat[std::size_t(i)], c.xhat[e], sumB, e, "layernorm.sum_dxhat_xhat");
        }
        const float meanA = ops.div(gf, sumA, float(d), std::size_t(r) * d, "layernorm.mean_dxhat");
        const float meanB = ops.div(gf, sumB, float(d), std::size_t(r) * d, "layernorm.mean_dxhat_xhat");
        for (int i = 0; i < d; ++i) {
            const std::size_t e = std::size_t(r) * d + i;
            const float t = ops.sub(gf, dxhat[std::size_t(i)], meanA, e, "layernorm.centre");
            const float u = ops.sub(gf, t, ops.mul(gf, c.xhat[e], meanB, e, "layernorm.project"), e,
                                    "layernorm.remove");
            dx[e] = ops.mul(gf, u, c.rstd[std::size_t(r)], e, "layernorm.scale");
        }
    }
}

void TransformerModel::attentionForward(EmulatedOps& ops, int layer, LayerCache& c) {
    const Block& b = m_blocks[std::size_t(layer)];
    const int T = m_batch.length, N = m_batch.batch * T, D = m_shape.dim, H = m_shape.heads, dh = D / H;
    const LayerPrecision& lp = m_precision.at(layer);
    const FormatId sm = lp.softmax;
    const MatmulPrecision& sc = lp.attentionScores;
    const float scale = float(1.0 / std::sqrt(double(dh)));
    ops.at(Pass::Forward, layer, "attn.q");
    project(ops, layer, TransformerOp::Query, c.ln1.out, b.wq, c.q);
    ops.at(Pass::Forward, layer, "attn.k");
    project(ops, layer, TransformerOp::Key, c.ln1.out, b.wk, c.k);
    ops.at(Pass::Forward, layer, "attn.v");
    project(ops, layer, TransformerOp::Value, c.ln1.out, b.wv, c.v);

    // Scores and probabilities, [batch][head][T][T], zero above the diagonal.
    const std::size_t block = std::size_t(T) * T;
    std::vector<float> scores(std::size_t(m_batch.batch) * H * block, 0.0f);
    c.probs.assign(scores.size(), 0.0f);
    ops.at(Pass::Forward, layer, "attn.scores");
    forEachHead([&](std::size_t base, std::size_t off) {
        ops.matmul(sc.input, sc.accumulate, {c.q.data() + off, D, 1}, {c.k.data() + off, 1, D}, T, dh, T,
                   scores.data() + base, T, true, base);
    });
    traceMatmul(layer, TransformerOp::AttentionScores, false, sc);
    storeOutput(ops, sc.output, scores);
    trace(layer, TransformerOp::Softmax, false, sm);
    auto causal = [&](auto&& body) {
        for (std::size_t row = 0; row < scores.size() / std::size_t(T); ++row)
            for (int j = 0; j <= int(row % std::size_t(T)); ++j) body(row, row * std::size_t(T) + std::size_t(j));
    };
    ops.at(Pass::Forward, layer, "attn.scaled");
    // Each row's causal elements j <= i. The empty() test: without it GCC 12 warns -Wfree-nonheap-object (a false
    // positive, as in storeOutput).
    for (std::size_t row = 0; !scores.empty() && row < scores.size() / std::size_t(T); ++row) {
        float* const first = scores.data() + row * std::size_t(T);
        ops.mulAll(sm, first, scale, first, row % std::size_t(T) + 1, row * std::size_t(T), "attention.scale");
    }
    std::vector<float> rowMax(scores.size() / std::size_t(T), 0.0f), rowSum(rowMax.size(), 0.0f);
    if (lp.softmaxSubtractsMax) {
        for (std::size_t row = 0; row < rowMax.size(); ++row) {
            rowMax[row] = scores[row * std::size_t(T)];
            for (int j = 1; j <= int(row % std::size_t(T)); ++j)
                rowMax[row] = std::fmax(rowMax[row], scores[row * std::size_t(T) + std::size_t(j)]);
        }
    }
    ops.at(Pass::Forward, layer, "attn.exp");
    causal([&](std::size_t row, std::size_t e) {
        float x = scores[e];
        if (lp.softmaxSubtractsMax) x = ops.sub(sm, x, rowMax[row], e, "softmax.subtract_max");
        c.probs[e] = ops.function(sm, expFunction, x, e, "softmax.exp");
    });
    ops.at(Pass::Forward, layer, "attn.sum");
    causal([&](std::size_t row, std::size_t e) {
        rowSum[row] = ops.add(sm, rowSum[row], c.probs[e], row, "softmax.sum");
    });
    ops.at(Pass::Forward, layer, "attn.probs");
    causal([&](std::size_t row, std::size_t e) {
        c.probs[e] = ops.div(sm, c.probs[e], rowSum[row], e, "softmax.divide");
    });

    c.attn.assign(std::size_t(N) * D, 0.0f);
    ops.at(Pass::Forward, layer, "attn.context");
    forEachHead([&](std::size_t base, std::size_t off) {
        ops.matmul(sc.input, sc.accumulate, {c.probs.data() + base, T, 1}, {c.v.data() + off, D, 1}, T, T, dh,
                   c.attn.data() + off, D, false, off);
    });
    storeOutput(ops, sc.output, c.attn);
    c.scaledScores = std::move(scores);
}

void TransformerModel::attentionBackward(EmulatedOps& ops, int layer, LayerCache& c, const std::vector<float>& dOut,
                                         std::vector<float>& dIn) {
    const Block& b = m_blocks[std::size_t(layer)];
    const int T = m_batch.length, N = m_batch.batch * T, D = m_shape.dim, H = m_shape.heads, dh = D / H;
    const FormatId gf = m_precision.at(layer).gradient;
    const MatmulPrecision& sc = m_precision.at(layer).attentionScores;
    const FormatId mi = sc.input, ma = sc.accumulate;
    traceMatmul(layer, TransformerOp::AttentionScores, true, sc);
    const float scale = float(1.0 / std::sqrt(double(dh)));
    std::vector<float> tmp;

    std::vector<float> dAttn;
    linearBackward(ops, layer, TransformerOp::AttentionOutput, c.attn, dOut, b.wo, dAttn);

    const std::size_t block = std::size_t(T) * T;
    std::vector<float> dScores(std::size_t(m_batch.batch) * H * block, 0.0f);
    std::vector<float> dq(std::size_t(N) * D, 0.0f), dk(dq.size(), 0.0f), dv(dq.size(), 0.0f);
    forEachHead([&](std::size_t base, std::size_t off) {
        float* dS = dScores.data() + base;
        const float* P = c.probs.data() + base;
        ops.at(Pass::Backward, layer, "attn.probs.grad");
        ops.matmul(mi, ma, {dAttn.data() + off, D, 1}, {c.v.data() + off, 1, D}, T, dh, T, dS, T, true, base);
        ops.at(Pass::Backward, layer, "attn.v.grad");
        ops.matmul(mi, ma, {P, 1, T}, {dAttn.data() + off, D, 1}, T, T, dh, dv.data() + off, D, false, off);
        // Softmax backward: dS = P * (dP - sum_j P dP), then the scaling by 1/sqrt(head dim).
        ops.at(Pass::Backward, layer, "attn.scores.grad");
        for (int i = 0; i < T; ++i) {
            float dot = 0.0f;
            const std::size_t row = std::size_t(i) * T;
            for (int j = 0; j <= i; ++j) dot = ops.fma(gf, P[row + j], dS[row + j], dot, base + row, "softmax.dot");
            for (int j = 0; j <= i; ++j) {
                const std::size_t e = row + std::size_t(j);
                const float t = ops.mul(gf, P[e], ops.sub(gf, dS[e], dot, base + e, "softmax.centre"), base + e,
                                        "softmax.grad");
                dS[e] = ops.mul(gf, t, scale, base + e, "attention.scale");
            }
        }
        ops.at(Pass::Backward, layer, "attn.q.grad");
        ops.matmul(mi, ma, {dS, T, 1}, {c.k.data() + off, D, 1}, T, T, dh, dq.data() + off, D, false, off);
        ops.at(Pass::Backward, layer, "attn.k.grad");
        ops.matmul(mi, ma, {dS, 1, T}, {c.q.data() + off, D, 1}, T, T, dh, dk.data() + off, D, false, off);
    });

    const std::vector<float>& x = c.ln1.out;
    dIn.assign(std::size_t(N) * D, 0.0f);
    storeOutput(ops, sc.output, dq);
    storeOutput(ops, sc.output, dk);
    storeOutput(ops, sc.output, dv);
    const std::tuple<const std::vector<float>*, int, TransformerOp> parts[] = {
        {&dq, b.wq, TransformerOp::Query}, {&dk, b.wk, TransformerOp::Key}, {&dv, b.wv, TransformerOp::Value}};
    for (const auto& [grad, weight, op] : parts) {
        linearBackward(ops, layer, op, x, *grad, weight, tmp);
        ops.at(Pass::Backward, layer, "attn.input.grad");
        ops.addAll(gf, dIn.data(), tmp.data(), dIn.data(), tmp.size(), 0, "grad.sum");
    }
}

float TransformerModel::forward(const TokenBatch& batch, const TransformerPrecision& precision, EmulatedOps& ops) {
    if (std::string error = checkBatch(batch); !error.empty()) throw std::invalid_argument(error);
    if (std::string error = checkPrecision(precision); !error.empty()) throw std::invalid_argument(error);
    m_batch = batch;
    m_precision = precision;
    m_trace.clear();
    m_fp8Stats.clear();
    m_fp8Casts.clear();
    m_stats = {};
    m_stats.length = batch.length;
    m_stats.heads = m_shape.heads;
    const int T = batch.length, N = batch.batch * T, D = m_shape.dim, V = m_shape.vocab;

    std::vector<float> x(std::size_t(N) * D);
    trace(-1, TransformerOp::Residual, false, precision.at(-1).residual);
    ops.at(Pass::Forward, -1, "embedding");
    for (int n = 0; n < N; ++n) {
        const std::size_t row = std::size_t(n) * D;
        ops.addAll(precision.at(-1).residual, value(m_wte) + std::size_t(batch.tokens[std::size_t(n)]) * D,
                   value(m_wpe) + std::size_t(n % T) * D, x.data() + row, std::size_t(D), row, "embedding.add");
    }

    m_caches.assign(m_blocks.size(), {});
    std::vector<float> tmp;
    for (int l = 0; l < int(m_blocks.size()); ++l) {
        LayerCache& c = m_caches[std::size_t(l)];
        const Block& b = m_blocks[std::size_t(l)];
        const LayerPrecision& lp = precision.at(l);
        const FormatId res = lp.residual;
        trace(l, TransformerOp::Residual, false, res);
        normForward(ops, l, "ln1", x, b.ln1Weight, b.ln1Bias, c.ln1);
        attentionForward(ops, l, c);
        ops.at(Pass::Forward, l, "attn.out");
        project(ops, l, TransformerOp::AttentionOutput, c.attn, b.wo, tmp);
        ops.at(Pass::Forward, l, "residual.attn");
        ops.addAll(res, x.data(), tmp.data(), x.data(), x.size(), 0, "residual.add");

        normForward(ops, l, "ln2", x, b.ln2Weight, b.ln2Bias, c.ln2);
        ops.at(Pass::Forward, l, "mlp.up");
        project(ops, l, TransformerOp::MlpUp, c.ln2.out, b.w1, c.up);
        ops.at(Pass::Forward, l, "mlp.gelu");
        c.gelu.resize(c.up.size());
        trace(l, TransformerOp::Gelu, false, lp.gelu);
        if (m_shape.swiglu) {
            ops.at(Pass::Forward, l, "mlp.gate");
            project(ops, l, TransformerOp::MlpUp, c.ln2.out, b.w3, c.gate);
            ops.at(Pass::Forward, l, "mlp.swiglu");
            for (std::size_t e = 0; e < c.up.size(); ++e)
                c.gelu[e] = ops.mul(lp.gelu, ops.function(lp.gelu, silu, c.gate[e], e, "silu"), c.up[e], e,
                                    "swiglu.mul");
        } else {
            ops.functionAll(lp.gelu, gelu, c.up.data(), c.gelu.data(), c.up.size(), 0, "gelu");
        }
        ops.at(Pass::Forward, l, "mlp.down");
        project(ops, l, TransformerOp::MlpDown, c.gelu, b.w2, tmp);
        ops.at(Pass::Forward, l, "residual.mlp");
        ops.addAll(res, x.data(), tmp.data(), x.data(), x.size(), 0, "residual.add");
        collectStats(c, x);
    }
    normForward(ops, -1, "lnf", x, m_lnfWeight, m_lnfBias, m_lnf);
    ops.at(Pass::Forward, -1, "logits");
    project(ops, -1, TransformerOp::Logits, m_lnf.out, m_head, m_logits);

    // Cross-entropy: lse = max + log(sum exp(logit - max)), loss = lse - logit[target].
    const FormatId lf = precision.crossEntropy;
    trace(-1, TransformerOp::CrossEntropy, false, lf);
    m_probs.assign(m_logits.size(), 0.0f);
    m_scored = 0;
    float total = 0.0f;
    for (int n = 0; n < N; ++n) {
        const int target = batch.targets[std::size_t(n)];
        if (target < 0) continue;
        ++m_scored;
        const float* l = m_logits.data() + std::size_t(n) * V;
        float* p = m_probs.data() + std::size_t(n) * V;
        float mx = l[0];
        for (int j = 1; j < V; ++j) mx = std::fmax(mx, l[j]);
        const std::size_t row = std::size_t(n) * V;
        ops.at(Pass::Forward, -1, "ce.exp");
        for (int j = 0; j < V; ++j)
            p[j] = ops.function(lf, expFunction, ops.sub(lf, l[j], mx, row + j, "ce.subtract_max"), row + j, "ce.exp");
        ops.at(Pass::Forward, -1, "ce.sum");
        float sum = 0.0f;
        for (int j = 0; j < V; ++j) sum = ops.add(lf, sum, p[j], std::size_t(n), "ce.sum");
        ops.at(Pass::Forward, -1, "ce.probs");
        for (int j = 0; j < V; ++j) p[j] = ops.div(lf, p[j], sum, row + j, "ce.divide");
        ops.at(Pass::Forward, -1, "ce.loss");
        const float lse = ops.add(lf, mx, ops.function(lf, logFunction, sum, std::size_t(n), "ce.log"), std::size_t(n),
                                  "ce.logsumexp");
        total = ops.add(lf, total, ops.sub(lf, lse, l[target], std::size_t(n), "ce.loss"), 0, "ce.total");
    }
    if (m_scored == 0) return 0.0f;
    return ops.div(lf, total, float(m_scored), 0, "ce.mean");
}

// h = silu(g) * u with u = x W1, g = x W3: du = dh * silu(g), dg = dh * u * silu'(g), dx = du W1^T + dg W3^T.
void TransformerModel::swigluBackward(EmulatedOps& ops, int layer, const LayerCache& c, const std::vector<float>& dh,
                                      std::vector<float>& dx) {
    const Block& b = m_blocks[std::size_t(layer)];
    const FormatId gf = m_precision.at(layer).gradient;
    std::vector<float> du(dh.size()), dg(dh.size()), dxGate;
    ops.at(Pass::Backward, layer, "mlp.up.grad");
    for (std::size_t e = 0; e < dh.size(); ++e) {
        du[e] = ops.mul(gf, dh[e], ops.function(gf, silu, c.gate[e], e, "silu"), e, "swiglu.up_grad");
        const float dhu = ops.mul(gf, dh[e], c.up[e], e, "swiglu.gate_product");
        dg[e] = ops.mul(gf, dhu, ops.function(gf, siluDerivative, c.gate[e], e, "silu.derivative"), e,
                        "swiglu.gate_grad");
    }
    linearBackward(ops, layer, TransformerOp::MlpUp, c.ln2.out, du, b.w1, dx);
    linearBackward(ops, layer, TransformerOp::MlpUp, c.ln2.out, dg, b.w3, dxGate);
    ops.at(Pass::Backward, layer, "mlp.input.grad");
    ops.addAll(gf, dx.data(), dxGate.data(), dx.data(), dx.size(), 0, "grad.sum");
}

void TransformerModel::backward(EmulatedOps& ops, float lossScale) {
    const int T = m_batch.length, N = m_batch.batch * T, D = m_shape.dim, V = m_shape.vocab;
    const FormatId gf = m_precision.at(-1).gradient;
    trace(-1, TransformerOp::Gradients, true, gf);
    if (m_scored == 0) return;

    // d(mean loss)/d(logit) = (softmax - onehot) / scored.
    std::vector<float> dLogits(m_logits.size(), 0.0f);
    ops.at(Pass::Backward, -1, "logits.grad");
    for (int n = 0; n < N; ++n) {
        const int target = m_batch.targets[std::size_t(n)];
        if (target < 0) continue;
        for (int j = 0; j < V; ++j) {
            const std::size_t e = std::size_t(n) * V + j;
            const float delta = ops.sub(gf, m_probs[e], j == target ? 1.0f : 0.0f, e, "ce.grad");
            dLogits[e] = ops.div(gf, delta, float(m_scored), e, "ce.grad_mean");
            if (lossScale != 1.0f) dLogits[e] = ops.mul(gf, dLogits[e], lossScale, e, "ce.grad_scale");
        }
    }
    std::vector<float> tmp, dx, dres;
    linearBackward(ops, -1, TransformerOp::Logits, m_lnf.out, dLogits, m_head, tmp);
    normBackward(ops, -1, "lnf", tmp, m_lnfWeight, m_lnfBias, m_lnf, dres);

    auto addResidual = [&](int layer, const std::vector<float>& g) {
        const FormatId lgf = m_precision.at(layer).gradient;
        ops.at(Pass::Backward, layer, "residual.grad");
        ops.addAll(lgf, dres.data(), g.data(), dres.data(), dres.size(), 0, "residual.grad_add");
    };
    for (int l = int(m_blocks.size()) - 1; l >= 0; --l) {
        LayerCache& c = m_caches[std::size_t(l)];
        const Block& b = m_blocks[std::size_t(l)];
        // MLP.
        const FormatId lgf = m_precision.at(l).gradient;
        std::vector<float> dGelu;
        linearBackward(ops, l, TransformerOp::MlpDown, c.gelu, dres, b.w2, dGelu);
        if (m_shape.swiglu) {
            swigluBackward(ops, l, c, dGelu, tmp);
        } else {
            ops.at(Pass::Backward, l, "mlp.up.grad");
            ops.mulFunctionAll(lgf, dGelu.data(), geluDerivative, c.up.data(), dGelu.data(), dGelu.size(), 0,
                               "gelu.grad", "gelu.derivative");
            linearBackward(ops, l, TransformerOp::MlpUp, c.ln2.out, dGelu, b.w1, tmp);
        }
        normBackward(ops, l, "ln2", tmp, b.ln2Weight, b.ln2Bias, c.ln2, dx);
        addResidual(l, dx);
        // Attention.
        attentionBackward(ops, l, c, dres, tmp);
        normBackward(ops, l, "ln1", tmp, b.ln1Weight, b.ln1Bias, c.ln1, dx);
        addResidual(l, dx);
    }

    // Embeddings: each position's gradient goes to its token's row and its position's row.
    Parameter& wte = m_params[std::size_t(m_wte)];
    Parameter& wpe = m_params[std::size_t(m_wpe)];
    ops.at(Pass::Backward, -1, "wte.grad");
    for (int n = 0; n < N; ++n) {
        float* row = wte.grad.data() + std::size_t(m_batch.tokens[std::size_t(n)]) * D;
        ops.addAll(FormatId::Fp32, row, dres.data() + std::size_t(n) * D, row, std::size_t(D),
                   std::size_t(row - wte.grad.data()), "grad.add");
    }
    ops.at(Pass::Backward, -1, "wpe.grad");
    for (int n = 0; n < N; ++n) {
        float* row = wpe.grad.data() + std::size_t(n % T) * D;
        ops.addAll(FormatId::Fp32, row, dres.data() + std::size_t(n) * D, row, std::size_t(D),
                   std::size_t(row - wpe.grad.data()), "grad.add");
    }
}

} // namespace fplab::training
