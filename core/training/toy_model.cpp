// Forward and backward of the toy model under a precision policy. The casts sit where
// autocast puts them: linear layers read and write the low type (products summed in float),
// LayerNorm and the loss run in float32, and each gradient of a low-type tensor is rounded
// back to that type (castGradient), which is where FP16 gradients underflow.
#include "core/training/toy_model.h"

#include "core/training/matmul.h"
#include "core/training/rng.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fplab::training {

namespace {

constexpr float kNormEps = 1e-5f; // PyTorch's LayerNorm default

Rounding lowRounding(const PrecisionPolicy& p) { return p.autocast() ? roundingFor(p.lowType) : Rounding::None; }
// What a matmul does to its inputs: autocast's inputs are already in the low type; TF32 rounds them.
Rounding matmulInputRounding(const PrecisionPolicy& p) {
    return p.autocast() ? roundingFor(p.lowType) : (p.tf32Matmul ? Rounding::Tf32 : Rounding::None);
}
DType activationType(const PrecisionPolicy& p) { return p.lowType; }

void record(std::vector<TraceEntry>* trace, std::string name, DType type, int rows, int cols, TensorRole role,
            bool saved = false) {
    if (trace) trace->push_back({std::move(name), type, rows, cols, role, saved});
}

} // namespace

std::string checkShape(const ModelShape& s) {
    if (s.inputs < 1 || s.inputs > 4096) return "inputs must be between 1 and 4096";
    if (s.classes < 2 || s.classes > 4096) return "classes must be between 2 and 4096";
    if (s.width < 2 || s.width > 4096) return "width must be between 2 and 4096";
    if (s.depth < 1 || s.depth > 16) return "depth must be between 1 and 16";
    return {};
}

std::string_view roleName(TensorRole role) {
    switch (role) {
    case TensorRole::Input: return "input";
    case TensorRole::Parameter: return "parameter";
    case TensorRole::WeightCopy: return "weight copy";
    case TensorRole::Activation: return "activation";
    case TensorRole::Output: return "output";
    case TensorRole::Loss: return "loss";
    case TensorRole::Gradient: return "gradient";
    case TensorRole::ParameterGradient: return "parameter gradient";
    }
    return "?";
}

Parameter zeroParameter(std::string name, int rows, int cols) {
    Parameter p;
    p.name = std::move(name);
    p.rows = rows;
    p.cols = cols;
    p.value.assign(std::size_t(rows) * cols, 0.0f);
    p.grad.assign(p.value.size(), 0.0f);
    return p;
}

ToyModel::ToyModel(const ModelShape& shape, std::uint64_t seed) : m_shape(shape) {
    Rng rng(seed);
    const auto addParam = [&](std::string name, int rows, int cols) {
        m_params.push_back(zeroParameter(std::move(name), rows, cols));
        return int(m_params.size()) - 1;
    };
    const auto addLinear = [&](std::string name, int in, int out) {
        Linear l;
        l.name = name;
        l.in = in;
        l.out = out;
        l.weight = addParam(name + ".weight", out, in);
        const double bound = 1.0 / std::sqrt(double(in));
        for (float& w : m_params[l.weight].value) w = float(rng.uniform(-bound, bound));
        if (shape.bias) {
            l.bias = addParam(name + ".bias", 1, out);
            for (float& b : m_params[l.bias].value) b = float(rng.uniform(-bound, bound));
        }
        m_linears.push_back(l);
    };
    int in = shape.inputs;
    for (int i = 0; i < shape.depth; ++i) {
        addLinear("fc" + std::to_string(i + 1), in, shape.width);
        Norm n;
        n.name = shape.depth == 1 ? "ln" : "ln" + std::to_string(i + 1);
        n.weight = addParam(n.name + ".weight", 1, shape.width);
        n.bias = addParam(n.name + ".bias", 1, shape.width);
        std::fill(m_params[n.weight].value.begin(), m_params[n.weight].value.end(), 1.0f);
        m_norms.push_back(n);
        in = shape.width;
    }
    addLinear("fc" + std::to_string(shape.depth + 1), in, shape.classes);
    m_caches.resize(m_linears.size());
}

std::int64_t ToyModel::parameterCount() const {
    std::int64_t n = 0;
    for (const Parameter& p : m_params) n += std::int64_t(p.size());
    return n;
}

void ToyModel::zeroGrad() {
    for (Parameter& p : m_params) std::fill(p.grad.begin(), p.grad.end(), 0.0f);
}

void ToyModel::linearForward(const Linear& layer, const float* input, int batch, const PrecisionPolicy& policy,
                             Cache& cache, std::vector<TraceEntry>* trace) {
    const Rounding r = matmulInputRounding(policy);
    const DType act = activationType(policy);
    const Parameter& w = m_params[layer.weight];
    cache.input.assign(input, input + std::size_t(batch) * layer.in);
    if (policy.fp8Gemms()) {
        record(trace, layer.name + " input (cast, scaled)", DType::Float8E4M3, batch, layer.in, TensorRole::Activation,
               true);
        record(trace, layer.name + ".weight (cast, scaled)", DType::Float8E4M3, layer.out, layer.in,
               TensorRole::WeightCopy, true);
        fp8Forward(std::size_t(&layer - m_linears.data()), layer, batch, policy, cache);
    } else {
        roundInPlace(r, cache.input.data(), cache.input.size());
        cache.weight = w.value;
        roundInPlace(r, cache.weight.data(), cache.weight.size());
        cache.weightT.resize(cache.weight.size());
        transpose(cache.weight.data(), cache.weightT.data(), layer.out, layer.in);
        if (policy.autocast()) {
            record(trace, layer.name + " input (cast)", act, batch, layer.in, TensorRole::Activation, true);
            if (policy.parameterType() != act)
                record(trace, layer.name + ".weight (cast)", act, layer.out, layer.in, TensorRole::WeightCopy, true);
        }
        cache.output.resize(std::size_t(batch) * layer.out);
        matmul(cache.input.data(), cache.weightT.data(), cache.output.data(), batch, layer.in, layer.out, m_stop);
    }
    if (layer.bias >= 0) {
        // The bias joins the float32 sum before the one rounding of the output (the GEMM epilogue).
        m_scratchA = m_params[layer.bias].value;
        roundInPlace(lowRounding(policy), m_scratchA.data(), m_scratchA.size());
        if (policy.autocast() && policy.parameterType() != act)
            record(trace, layer.name + ".bias (cast)", act, 1, layer.out, TensorRole::WeightCopy);
        for (int b = 0; b < batch; ++b)
            for (int o = 0; o < layer.out; ++o) cache.output[std::size_t(b) * layer.out + o] += m_scratchA[o];
    }
    roundInPlace(lowRounding(policy), cache.output.data(), cache.output.size());
}

void ToyModel::normForward(const Norm& norm, int batch, Cache& cache) {
    const int width = m_shape.width;
    const std::vector<float>& gamma = m_params[norm.weight].value;
    const std::vector<float>& beta = m_params[norm.bias].value;
    cache.xhat.resize(std::size_t(batch) * width);
    cache.normOut.resize(cache.xhat.size());
    cache.rstd.resize(std::size_t(batch));
    const float n = float(width);
    for (int b = 0; b < batch; ++b) {
        const float* x = cache.output.data() + std::size_t(b) * width; // low-type values, exact in float32
        float sum = 0;
        for (int j = 0; j < width; ++j) sum += x[j];
        const float mean = sum / n;
        float squares = 0;
        for (int j = 0; j < width; ++j) squares += (x[j] - mean) * (x[j] - mean);
        const float rstd = 1.0f / std::sqrt(squares / n + kNormEps);
        cache.rstd[b] = rstd;
        float* xh = cache.xhat.data() + std::size_t(b) * width;
        float* y = cache.normOut.data() + std::size_t(b) * width;
        for (int j = 0; j < width; ++j) {
            xh[j] = (x[j] - mean) * rstd;
            y[j] = xh[j] * gamma[j] + beta[j];
        }
    }
}

ForwardResult ToyModel::runForward(const BatchView& batch, const PrecisionPolicy& policy,
                                   std::vector<TraceEntry>* trace) {
    const int B = batch.size;
    const DType act = activationType(policy);
    if (trace) {
        record(trace, "x", DType::Float32, B, m_shape.inputs, TensorRole::Input, !policy.autocast());
        for (const Parameter& p : m_params)
            record(trace, p.name, policy.parameterType(), p.rows, p.cols, TensorRole::Parameter);
    }
    const float* input = batch.features;
    for (int i = 0; i < m_shape.depth; ++i) {
        const Linear& layer = m_linears[i];
        Cache& cache = m_caches[i];
        linearForward(layer, input, B, policy, cache, trace);
        for (float& v : cache.output) v = v > 0 ? v : (v == v ? 0.0f : v); // ReLU (NaN stays NaN)
        record(trace, "after " + layer.name, act, B, layer.out, TensorRole::Activation, true);
        if (policy.autocast())
            record(trace, m_norms[i].name + " input (cast)", DType::Float32, B, layer.out, TensorRole::Activation,
                   true);
        normForward(m_norms[i], B, cache);
        record(trace, m_norms[i].name + " mean, rstd", DType::Float32, B, 2, TensorRole::Activation, true);
        record(trace, "after " + m_norms[i].name, DType::Float32, B, layer.out, TensorRole::Activation,
               !policy.autocast());
        input = cache.normOut.data();
    }
    const Linear& head = m_linears.back();
    Cache& hc = m_caches.back();
    linearForward(head, input, B, policy, hc, trace);
    record(trace, "after " + head.name, act, B, head.out, TensorRole::Activation);
    record(trace, "output", act, B, head.out, TensorRole::Output);

    // Cross-entropy in float32 (the logits are cast up exactly).
    if (policy.autocast())
        record(trace, "output (cast for cross_entropy)", DType::Float32, B, head.out, TensorRole::Activation);
    record(trace, "log_softmax", DType::Float32, B, head.out, TensorRole::Activation, true);
    record(trace, "loss", DType::Float32, 1, 1, TensorRole::Loss);
    const int C = head.out;
    m_probs.resize(std::size_t(B) * C);
    ForwardResult result;
    float lossSum = 0;
    for (int b = 0; b < B; ++b) {
        const float* l = hc.output.data() + std::size_t(b) * C;
        float mx = l[0];
        int arg = 0;
        for (int c = 0; c < C; ++c) {
            if (!std::isfinite(l[c])) result.logitsFinite = false;
            if (l[c] > mx) {
                mx = l[c];
                arg = c;
            }
        }
        float sum = 0;
        for (int c = 0; c < C; ++c) sum += std::exp(l[c] - mx);
        const float lse = mx + std::log(sum);
        const int y = batch.labels[b];
        lossSum += lse - l[y];
        float* p = m_probs.data() + std::size_t(b) * C;
        for (int c = 0; c < C; ++c) p[c] = std::exp(l[c] - lse);
        if (arg == y) ++result.correct;
    }
    result.loss = lossSum / float(B);
    if (!result.logitsFinite) result.loss = std::numeric_limits<float>::quiet_NaN();
    return result;
}

ForwardResult ToyModel::forward(const BatchView& batch, const PrecisionPolicy& policy, std::vector<int>* predictions,
                                std::vector<float>* probabilities, std::vector<TraceEntry>* trace) {
    const ForwardResult r = runForward(batch, policy, trace);
    const int C = m_shape.classes;
    if (predictions) {
        predictions->resize(std::size_t(batch.size));
        const std::vector<float>& logits = m_caches.back().output;
        for (int b = 0; b < batch.size; ++b) {
            const float* l = logits.data() + std::size_t(b) * C;
            (*predictions)[b] = int(std::max_element(l, l + C) - l);
        }
    }
    if (probabilities) *probabilities = m_probs;
    return r;
}

void ToyModel::addToGrad(Parameter& p, const std::vector<float>& g, const PrecisionPolicy& policy) {
    for (std::size_t i = 0; i < p.grad.size(); ++i) p.grad[i] += g[i];
    roundInPlace(roundingFor(policy.parameterType()), p.grad.data(), p.grad.size());
}

void ToyModel::linearBackward(const Linear& layer, Cache& cache, std::vector<float>& gradOut, int batch,
                              const PrecisionPolicy& policy, std::vector<float>* gradIn, BackwardStats* stats,
                              std::vector<TraceEntry>* trace) {
    const Rounding low = lowRounding(policy);
    const DType act = activationType(policy);
    Fp16WindowCounts* counts = stats ? &stats->window : nullptr;
    ExponentHistogram* hist = stats ? &stats->histogram : nullptr;
    // TF32 matmuls round the incoming gradient as an input; autocast's is already in the low type.
    const float* dY = gradOut.data();
    if (policy.tf32Matmul && !policy.autocast()) {
        m_scratchC = gradOut;
        roundInPlace(Rounding::Tf32, m_scratchC.data(), m_scratchC.size());
        dY = m_scratchC.data();
    }
    std::vector<float>& dW = m_scratchA;
    dW.resize(std::size_t(layer.out) * layer.in);
    const bool fp8 = policy.fp8Gemms();
    if (fp8) {
        record(trace, "grad of " + layer.name + " output (cast, scaled)",
               policy.fp8 == Fp8Recipe::Block ? DType::Float8E4M3 : DType::Float8E5M2, batch, layer.out,
               TensorRole::Gradient);
        fp8Backward(std::size_t(&layer - m_linears.data()), layer, cache, gradOut, batch, policy, dW, gradIn);
    } else {
        matmulTransposedA(dY, cache.input.data(), dW.data(), layer.out, batch, layer.in, m_stop);
    }
    castGradient(low, dW.data(), dW.size(), counts, hist);
    Parameter& w = m_params[layer.weight];
    if (policy.autocast() && policy.parameterType() != act)
        record(trace, layer.name + ".weight grad (computed)", act, layer.out, layer.in, TensorRole::ParameterGradient);
    addToGrad(w, dW, policy);
    record(trace, layer.name + ".weight.grad", policy.parameterType(), layer.out, layer.in,
           TensorRole::ParameterGradient);

    if (layer.bias >= 0) {
        std::vector<float>& db = m_scratchB;
        db.assign(std::size_t(layer.out), 0.0f);
        for (int b = 0; b < batch; ++b)
            for (int o = 0; o < layer.out; ++o) db[o] += gradOut[std::size_t(b) * layer.out + o];
        castGradient(low, db.data(), db.size(), counts, hist);
        if (policy.autocast() && policy.parameterType() != act)
            record(trace, layer.name + ".bias grad (computed)", act, 1, layer.out, TensorRole::ParameterGradient);
        addToGrad(m_params[layer.bias], db, policy);
        record(trace, layer.name + ".bias.grad", policy.parameterType(), 1, layer.out, TensorRole::ParameterGradient);
    }
    if (gradIn) {
        if (!fp8) {
            gradIn->resize(std::size_t(batch) * layer.in);
            matmul(dY, cache.weight.data(), gradIn->data(), batch, layer.out, layer.in, m_stop);
        }
        castGradient(low, gradIn->data(), gradIn->size(), counts, hist);
        record(trace, "grad of " + layer.name + " input", act, batch, layer.in, TensorRole::Gradient);
    }
}

void ToyModel::normBackward(const Norm& norm, const Cache& cache, const std::vector<float>& gradOut, int batch,
                            const PrecisionPolicy& policy, std::vector<float>& gradIn, std::vector<TraceEntry>* trace) {
    const int width = m_shape.width;
    const std::vector<float>& gamma = m_params[norm.weight].value;
    std::vector<float>& dGamma = m_scratchA;
    std::vector<float>& dBeta = m_scratchB;
    dGamma.assign(std::size_t(width), 0.0f);
    dBeta.assign(std::size_t(width), 0.0f);
    for (int b = 0; b < batch; ++b) {
        const float* dy = gradOut.data() + std::size_t(b) * width;
        const float* xh = cache.xhat.data() + std::size_t(b) * width;
        for (int j = 0; j < width; ++j) {
            dGamma[j] += dy[j] * xh[j];
            dBeta[j] += dy[j];
        }
    }
    addToGrad(m_params[norm.weight], dGamma, policy);
    addToGrad(m_params[norm.bias], dBeta, policy);
    record(trace, norm.name + ".weight.grad", policy.parameterType(), 1, width, TensorRole::ParameterGradient);
    record(trace, norm.name + ".bias.grad", policy.parameterType(), 1, width, TensorRole::ParameterGradient);

    gradIn.resize(std::size_t(batch) * width);
    const float n = float(width);
    for (int b = 0; b < batch; ++b) {
        const float* dy = gradOut.data() + std::size_t(b) * width;
        const float* xh = cache.xhat.data() + std::size_t(b) * width;
        float* dx = gradIn.data() + std::size_t(b) * width;
        float sum = 0, dot = 0;
        for (int j = 0; j < width; ++j) {
            const float g = dy[j] * gamma[j];
            dx[j] = g;
            sum += g;
            dot += g * xh[j];
        }
        const float meanG = sum / n;
        const float meanGx = dot / n;
        const float rstd = cache.rstd[b];
        for (int j = 0; j < width; ++j) dx[j] = rstd * (dx[j] - meanG - xh[j] * meanGx);
    }
    record(trace, "grad of " + norm.name + " input", DType::Float32, batch, width, TensorRole::Gradient);
}

ForwardResult ToyModel::forwardBackward(const BatchView& batch, const PrecisionPolicy& policy, float gradScale,
                                        BackwardStats* stats, std::vector<TraceEntry>* trace) {
    // The FP8 histories advance and the casts are reported only inside this call, also when it throws.
    struct Fp8Recording {
        ToyModel& model;
        Fp8Recording(ToyModel& m, std::vector<Fp8TensorStats>* out) : model(m) {
            model.m_fp8Recording = true;
            model.m_fp8Stats = out;
        }
        ~Fp8Recording() {
            model.m_fp8Recording = false;
            model.m_fp8Stats = nullptr;
        }
        Fp8Recording(const Fp8Recording&) = delete;
        Fp8Recording& operator=(const Fp8Recording&) = delete;
    } recording(*this, stats ? &stats->fp8 : nullptr);
    const ForwardResult result = runForward(batch, policy, trace);
    const int B = batch.size;
    const int C = m_shape.classes;
    const Rounding low = lowRounding(policy);
    const DType act = activationType(policy);
    Fp16WindowCounts* counts = stats ? &stats->window : nullptr;
    ExponentHistogram* hist = stats ? &stats->histogram : nullptr;
    if (gradScale != 1.0f) record(trace, "loss * scale", DType::Float32, 1, 1, TensorRole::Loss);

    // d(gradScale * mean CE)/d logits = (softmax - onehot) * gradScale / B, in float32.
    const float g = gradScale / float(B);
    std::vector<float> grad(std::size_t(B) * C);
    for (int b = 0; b < B; ++b)
        for (int c = 0; c < C; ++c) {
            const float p = m_probs[std::size_t(b) * C + c] * g;
            grad[std::size_t(b) * C + c] = c == batch.labels[b] ? p - g : p;
        }
    record(trace, "grad of log_softmax input", DType::Float32, B, C, TensorRole::Gradient);
    castGradient(low, grad.data(), grad.size(), counts, hist);
    record(trace, "grad of output", act, B, C, TensorRole::Gradient);

    std::vector<float> gradIn, gradNorm;
    for (int i = int(m_linears.size()) - 1; i >= 0; --i) {
        const Linear& layer = m_linears[std::size_t(i)];
        linearBackward(layer, m_caches[std::size_t(i)], grad, B, policy, i > 0 ? &gradIn : nullptr, stats, trace);
        if (i == 0) break;
        // Into the LayerNorm of block i-1 (float32: the low-type gradient is cast up exactly) ...
        const Norm& norm = m_norms[std::size_t(i - 1)];
        const Cache& cache = m_caches[std::size_t(i - 1)];
        normBackward(norm, cache, gradIn, B, policy, gradNorm, trace);
        // ... whose input was the low-type ReLU output: the gradient is cast back down, then masked.
        castGradient(low, gradNorm.data(), gradNorm.size(), counts, hist);
        record(trace, "grad of after " + m_linears[std::size_t(i - 1)].name, act, B, m_shape.width,
               TensorRole::Gradient);
        for (std::size_t k = 0; k < gradNorm.size(); ++k)
            if (cache.output[k] <= 0) gradNorm[k] = 0.0f; // ReLU's backward (threshold_backward)
        grad.swap(gradNorm);
    }
    return result;
}

} // namespace fplab::training
