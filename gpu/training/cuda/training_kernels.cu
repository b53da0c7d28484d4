// The training kernels other than the GEMMs. They are written to compute what the CPU emulator
// computes, operation for operation: reductions run in one thread in ascending order (the tensors
// are small), this file is compiled with --fmad=false (no fused multiply-adds the CPU does not
// make), and casts round to nearest even. What still differs is the GEMMs' summation order and
// expf/logf (CUDA's are within 2 ulps), hence the comparison's tolerance.
#include "gpu/training/cuda/training_kernels.h"

#include "gpu/cuda/check.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace fplab::gpu::train_kernels {

namespace {

constexpr int kThreads = 256;

inline int blocksFor(int n) { return n <= 0 ? 1 : (n + kThreads - 1) / kThreads; }

__device__ inline float roundTo(float x, Round r) {
    if (r == Round::Fp16) return __half2float(__float2half_rn(x));
    if (r == Round::Bf16) return __bfloat162float(__float2bfloat16_rn(x));
    return x;
}

__device__ inline int index() { return int(blockIdx.x * blockDim.x + threadIdx.x); }

__global__ void packKernel(const float* src, int rows, int cols, bool transpose, Pack kind, void* dst) {
    const int i = index();
    if (i >= rows * cols) return;
    const int r = i / cols, c = i % cols;
    const int o = transpose ? c * rows + r : i;
    const float x = src[i];
    if (kind == Pack::Fp16) static_cast<unsigned short*>(dst)[o] = __half_as_ushort(__float2half_rn(x));
    else if (kind == Pack::Bf16) static_cast<unsigned short*>(dst)[o] = __bfloat16_as_ushort(__float2bfloat16_rn(x));
    else static_cast<float*>(dst)[o] = x;
}

__global__ void epilogueKernel(const float* d, const float* bias, int rows, int cols, Round low, bool relu,
                               float* out) {
    const int i = index();
    if (i >= rows * cols) return;
    float v = d[i];
    if (bias) v = v + roundTo(bias[i % cols], low);
    v = roundTo(v, low);
    if (relu) v = v > 0.0f ? v : (v == v ? 0.0f : v);
    out[i] = v;
}

__global__ void layerNormForwardKernel(const float* x, const float* gamma, const float* beta, int rows, int width,
                                       float* xhat, float* rstdOut, float* y) {
    const int b = index();
    if (b >= rows) return;
    const float* xr = x + std::size_t(b) * width;
    const float n = float(width);
    float sum = 0;
    for (int j = 0; j < width; ++j) sum = sum + xr[j];
    const float mean = sum / n;
    float squares = 0;
    for (int j = 0; j < width; ++j) squares = squares + (xr[j] - mean) * (xr[j] - mean);
    const float rstd = 1.0f / sqrtf(squares / n + 1e-5f); // PyTorch's LayerNorm eps
    rstdOut[b] = rstd;
    for (int j = 0; j < width; ++j) {
        const float h = (xr[j] - mean) * rstd;
        xhat[std::size_t(b) * width + j] = h;
        y[std::size_t(b) * width + j] = h * gamma[j] + beta[j];
    }
}

// rowFlags: bit 0 the argmax is the label, bit 1 a logit is not finite.
__global__ void crossEntropyKernel(const float* logits, const int* labels, int rows, int classes, float* probs,
                                   float* rowLoss, int* rowFlags) {
    const int b = index();
    if (b >= rows) return;
    const float* l = logits + std::size_t(b) * classes;
    float mx = l[0];
    int arg = 0, flags = 0;
    for (int c = 0; c < classes; ++c) {
        if (!isfinite(l[c])) flags |= 2;
        if (l[c] > mx) {
            mx = l[c];
            arg = c;
        }
    }
    float sum = 0;
    for (int c = 0; c < classes; ++c) sum = sum + expf(l[c] - mx);
    const float lse = mx + logf(sum);
    const int y = labels[b];
    rowLoss[b] = lse - l[y];
    for (int c = 0; c < classes; ++c) probs[std::size_t(b) * classes + c] = expf(l[c] - lse);
    if (arg == y) flags |= 1;
    rowFlags[b] = flags;
}

__global__ void finishLossKernel(const float* rowLoss, const int* rowFlags, int rows, LossResult* result) {
    float sum = 0;
    int correct = 0, finite = 1;
    for (int b = 0; b < rows; ++b) {
        sum = sum + rowLoss[b];
        correct += rowFlags[b] & 1;
        if (rowFlags[b] & 2) finite = 0;
    }
    result->loss = finite ? sum / float(rows) : __int_as_float(0x7fc00000);
    result->correct = correct;
    result->logitsFinite = finite;
}

__global__ void logitGradientKernel(const float* probs, const int* labels, int rows, int classes, float g, Round low,
                                    float* grad) {
    const int i = index();
    if (i >= rows * classes) return;
    const float p = probs[i] * g;
    grad[i] = roundTo(i % classes == labels[i / classes] ? p - g : p, low);
}

__global__ void accumulateKernel(const float* d, int n, Round low, Round store, float* grad) {
    const int i = index();
    if (i < n) grad[i] = roundTo(grad[i] + roundTo(d[i], low), store);
}

__global__ void columnSumsKernel(const float* x, int rows, int cols, Round low, Round store, float* grad) {
    const int c = index();
    if (c >= cols) return;
    float s = 0;
    for (int r = 0; r < rows; ++r) s = s + x[std::size_t(r) * cols + c];
    grad[c] = roundTo(grad[c] + roundTo(s, low), store);
}

__global__ void layerNormParamGradsKernel(const float* dy, const float* xhat, int rows, int width, Round store,
                                          float* dGamma, float* dBeta) {
    const int j = index();
    if (j >= width) return;
    float g = 0, b = 0;
    for (int r = 0; r < rows; ++r) {
        g = g + dy[std::size_t(r) * width + j] * xhat[std::size_t(r) * width + j];
        b = b + dy[std::size_t(r) * width + j];
    }
    dGamma[j] = roundTo(dGamma[j] + g, store);
    dBeta[j] = roundTo(dBeta[j] + b, store);
}

__global__ void layerNormBackwardKernel(const float* dy, const float* xhat, const float* rstd, const float* gamma,
                                        int rows, int width, float* dx) {
    const int b = index();
    if (b >= rows) return;
    const float* d = dy + std::size_t(b) * width;
    const float* h = xhat + std::size_t(b) * width;
    float* out = dx + std::size_t(b) * width;
    float sum = 0, dot = 0;
    for (int j = 0; j < width; ++j) {
        const float g = d[j] * gamma[j];
        out[j] = g;
        sum = sum + g;
        dot = dot + g * h[j];
    }
    const float n = float(width);
    const float meanG = sum / n, meanGx = dot / n;
    for (int j = 0; j < width; ++j) out[j] = rstd[b] * (out[j] - meanG - h[j] * meanGx);
}

__global__ void roundAndMaskKernel(float* x, const float* reluOutput, int n, Round low) {
    const int i = index();
    if (i >= n) return;
    const float v = roundTo(x[i], low);
    x[i] = reluOutput && reluOutput[i] <= 0.0f ? 0.0f : v;
}

__global__ void unscaleKernel(float* g, int n, float inverse, bool unscale, Round store, int* flag) {
    const int i = index();
    if (i >= n) return;
    if (!isfinite(g[i])) atomicOr(flag, 1);
    if (unscale) g[i] = roundTo(g[i] * inverse, store);
}

__global__ void sumSquaresKernel(const float* g, const int* offsets, int tensors, float* out) {
    const int t = index();
    if (t >= tensors) return;
    float s = 0;
    for (int i = offsets[t]; i < offsets[t + 1]; ++i) s = s + g[i] * g[i];
    out[t] = s;
}

__global__ void scaleKernel(float* g, int n, float coef, Round store) {
    const int i = index();
    if (i < n) g[i] = roundTo(g[i] * coef, store);
}

__global__ void optimizerKernel(float* w, const float* grad, float* m, float* v, int n, OptimizerArgs a, Round store,
                                int* flag) {
    const int i = index();
    if (i >= n) return;
    const float weight = w[i];
    float g = grad[i];
    if (a.weightDecay != 0) g = g + a.weightDecay * weight;
    float delta;
    if (!a.adam) {
        float d = g;
        if (a.momentumBuffer) {
            const float buf = a.firstStep ? g : a.momentum * m[i] + g;
            m[i] = roundTo(buf, store);
            d = buf;
        }
        delta = a.lr * d;
    } else {
        const float mi = m[i] + (1.0f - a.beta1) * (g - m[i]); // exp_avg.lerp_(grad, 1 - beta1)
        const float vi = v[i] * a.beta2 + (1.0f - a.beta2) * g * g;
        const float denom = sqrtf(vi) / a.bc2Sqrt + a.eps;
        delta = a.stepSize * (mi / denom);
        m[i] = roundTo(mi, store);
        v[i] = roundTo(vi, store);
    }
    const float stored = roundTo(weight - delta, store);
    w[i] = stored;
    if (!isfinite(stored)) atomicOr(flag, 1);
}

} // namespace

void pack(const float* src, int rows, int cols, bool transpose, Pack kind, void* dst, cudaStream_t s) {
    packKernel<<<blocksFor(rows * cols), kThreads, 0, s>>>(src, rows, cols, transpose, kind, dst);
    FPLAB_CUDA_CHECK_LAUNCH("packKernel");
}

void linearEpilogue(const float* d, const float* bias, int rows, int cols, Round low, bool relu, float* out,
                    cudaStream_t s) {
    epilogueKernel<<<blocksFor(rows * cols), kThreads, 0, s>>>(d, bias, rows, cols, low, relu, out);
    FPLAB_CUDA_CHECK_LAUNCH("epilogueKernel");
}

void layerNormForward(const float* x, const float* gamma, const float* beta, int rows, int width, float* xhat,
                      float* rstd, float* y, cudaStream_t s) {
    layerNormForwardKernel<<<blocksFor(rows), kThreads, 0, s>>>(x, gamma, beta, rows, width, xhat, rstd, y);
    FPLAB_CUDA_CHECK_LAUNCH("layerNormForwardKernel");
}

void crossEntropy(const float* logits, const int* labels, int rows, int classes, float* probs, float* rowLoss,
                  int* rowFlags, LossResult* result, cudaStream_t s) {
    crossEntropyKernel<<<blocksFor(rows), kThreads, 0, s>>>(logits, labels, rows, classes, probs, rowLoss, rowFlags);
    FPLAB_CUDA_CHECK_LAUNCH("crossEntropyKernel");
    finishLossKernel<<<1, 1, 0, s>>>(rowLoss, rowFlags, rows, result);
    FPLAB_CUDA_CHECK_LAUNCH("finishLossKernel");
}

void logitGradient(const float* probs, const int* labels, int rows, int classes, float g, Round low, float* grad,
                   cudaStream_t s) {
    logitGradientKernel<<<blocksFor(rows * classes), kThreads, 0, s>>>(probs, labels, rows, classes, g, low, grad);
    FPLAB_CUDA_CHECK_LAUNCH("logitGradientKernel");
}

void accumulateGradient(const float* d, int n, Round low, Round store, float* grad, cudaStream_t s) {
    accumulateKernel<<<blocksFor(n), kThreads, 0, s>>>(d, n, low, store, grad);
    FPLAB_CUDA_CHECK_LAUNCH("accumulateKernel");
}

void accumulateColumnSums(const float* x, int rows, int cols, Round low, Round store, float* grad, cudaStream_t s) {
    columnSumsKernel<<<blocksFor(cols), kThreads, 0, s>>>(x, rows, cols, low, store, grad);
    FPLAB_CUDA_CHECK_LAUNCH("columnSumsKernel");
}

void layerNormParamGrads(const float* dy, const float* xhat, int rows, int width, Round store, float* dGamma,
                         float* dBeta, cudaStream_t s) {
    layerNormParamGradsKernel<<<blocksFor(width), kThreads, 0, s>>>(dy, xhat, rows, width, store, dGamma, dBeta);
    FPLAB_CUDA_CHECK_LAUNCH("layerNormParamGradsKernel");
}

void layerNormBackward(const float* dy, const float* xhat, const float* rstd, const float* gamma, int rows, int width,
                       float* dx, cudaStream_t s) {
    layerNormBackwardKernel<<<blocksFor(rows), kThreads, 0, s>>>(dy, xhat, rstd, gamma, rows, width, dx);
    FPLAB_CUDA_CHECK_LAUNCH("layerNormBackwardKernel");
}

void roundAndMask(float* x, const float* reluOutput, int n, Round low, cudaStream_t s) {
    roundAndMaskKernel<<<blocksFor(n), kThreads, 0, s>>>(x, reluOutput, n, low);
    FPLAB_CUDA_CHECK_LAUNCH("roundAndMaskKernel");
}

void unscaleAndCheck(float* g, int n, float inverse, bool unscale, Round store, int* flag, cudaStream_t s) {
    unscaleKernel<<<blocksFor(n), kThreads, 0, s>>>(g, n, inverse, unscale, store, flag);
    FPLAB_CUDA_CHECK_LAUNCH("unscaleKernel");
}

void sumSquares(const float* g, const int* offsets, int tensors, float* out, cudaStream_t s) {
    sumSquaresKernel<<<blocksFor(tensors), kThreads, 0, s>>>(g, offsets, tensors, out);
    FPLAB_CUDA_CHECK_LAUNCH("sumSquaresKernel");
}

void scaleValues(float* g, int n, float coef, Round store, cudaStream_t s) {
    scaleKernel<<<blocksFor(n), kThreads, 0, s>>>(g, n, coef, store);
    FPLAB_CUDA_CHECK_LAUNCH("scaleKernel");
}

void optimizerStep(float* w, const float* g, float* m, float* v, int n, const OptimizerArgs& args, Round store,
                   int* flag, cudaStream_t s) {
    optimizerKernel<<<blocksFor(n), kThreads, 0, s>>>(w, g, m, v, n, args, store, flag);
    FPLAB_CUDA_CHECK_LAUNCH("optimizerKernel");
}

} // namespace fplab::gpu::train_kernels
