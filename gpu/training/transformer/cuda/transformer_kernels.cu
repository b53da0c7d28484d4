// The transformer's kernels other than the GEMMs, written to compute what the emulator computes
// (core/training/transformer/transformer_model.cpp), operation for operation and in its order: reductions
// run in one thread in ascending order (the tensors are small), this file is compiled with --fmad=false,
// and every operation rounds its operands and its result to its format. A 16-bit add, subtraction,
// multiplication, division or square root computed in float32 and rounded to the format is the correctly
// rounded result (float32 has at least 2p + 2 bits for p = 11 and 8: double rounding is innocuous); the
// 16-bit fused multiply-adds go through binary64, and exp, log, erf are CUDA's binary64 functions rounded once,
// as the emulator rounds libm's. What still differs from the emulator is the GEMMs' summation order (cuBLASLt's),
// the last bits of CUDA's binary64 exp/log/erf, and a 16-bit FMA's rare double rounding: hence a tolerance.
#include "gpu/training/transformer/cuda/transformer_kernels.h"

#include "gpu/cuda/check.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace fplab::gpu::transformer_kernels {

namespace {

constexpr int kThreads = 256;

inline unsigned blocksFor(std::size_t n) { return n == 0 ? 1u : unsigned((n + kThreads - 1) / kThreads); }

__device__ inline std::size_t index() { return std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; }

__device__ inline float rnd(float x, Round r) {
    if (r == Round::Fp16) return __half2float(__float2half_rn(x));
    if (r == Round::Bf16) return __bfloat162float(__float2bfloat16_rn(x));
    return x;
}

__device__ inline float fromDouble(double v, Round r) {
    if (r == Round::Fp16) return __half2float(__double2half(v));
    if (r == Round::Bf16) return __bfloat162float(__double2bfloat16(v));
    return __double2float_rn(v);
}

__device__ inline float add(Round r, float a, float b) { return rnd(rnd(a, r) + rnd(b, r), r); }
__device__ inline float sub(Round r, float a, float b) { return rnd(rnd(a, r) - rnd(b, r), r); }
__device__ inline float mul(Round r, float a, float b) { return rnd(rnd(a, r) * rnd(b, r), r); }
__device__ inline float div(Round r, float a, float b) { return rnd(rnd(a, r) / rnd(b, r), r); }
__device__ inline float root(Round r, float a) { return rnd(sqrtf(rnd(a, r)), r); }
__device__ inline float fused(Round r, float a, float b, float c) {
    if (r == Round::None) return fmaf(a, b, c);
    return fromDouble(fma(double(rnd(a, r)), double(rnd(b, r)), double(rnd(c, r))), r);
}

enum class Fn : int { Exp, Log, Gelu, GeluDerivative, Silu, SiluDerivative };

__device__ inline double evaluate(Fn f, double x) {
    switch (f) {
    case Fn::Exp: return exp(x);
    case Fn::Log: return log(x);
    case Fn::Gelu: return 0.5 * x * (1.0 + erf(x / sqrt(2.0)));
    case Fn::GeluDerivative: {
        const double pi = 3.14159265358979323846;
        return 0.5 * (1.0 + erf(x / sqrt(2.0))) + x * exp(-0.5 * x * x) / sqrt(2.0 * pi);
    }
    case Fn::Silu: return x / (1.0 + exp(-x));
    case Fn::SiluDerivative: {
        const double sigmoid = 1.0 / (1.0 + exp(-x));
        return sigmoid * (1.0 + x * (1.0 - sigmoid));
    }
    }
    return 0.0;
}

// A function the core does not have: computed in binary64 on the operand rounded to `r`, rounded once.
__device__ inline float function(Round r, Fn f, float a) { return fromDouble(evaluate(f, double(rnd(a, r))), r); }

__global__ void embeddingForwardKernel(const int* tokens, const float* wte, const float* wpe, int rows, int length,
                                       int dim, Round r, float* x) {
    const std::size_t e = index();
    if (e >= std::size_t(rows) * dim) return;
    const std::size_t n = e / dim, i = e % dim;
    x[e] = add(r, wte[std::size_t(tokens[n]) * dim + i], wpe[(n % std::size_t(length)) * dim + i]);
}

__global__ void embeddingBackwardKernel(const int* tokens, const float* dx, int rows, int length, int dim,
                                        float* wteGrad, float* wpeGrad) {
    const std::size_t i = index();
    if (i >= std::size_t(dim)) return;
    for (int n = 0; n < rows; ++n) {
        float& g = wteGrad[std::size_t(tokens[n]) * dim + i];
        g = g + dx[std::size_t(n) * dim + i];
    }
    for (int n = 0; n < rows; ++n) {
        float& g = wpeGrad[std::size_t(n % length) * dim + i];
        g = g + dx[std::size_t(n) * dim + i];
    }
}

__global__ void layerNormForwardKernel(const float* x, const float* weight, const float* bias, int rows, int dim,
                                       Round r, float* xhat, float* rstdOut, float* out) {
    const std::size_t row = index();
    if (row >= std::size_t(rows)) return;
    const float* xr = x + row * dim;
    float sum = 0.0f;
    for (int i = 0; i < dim; ++i) sum = add(r, sum, xr[i]);
    const float mean = div(r, sum, float(dim));
    float acc = 0.0f;
    for (int i = 0; i < dim; ++i) {
        const float dev = sub(r, xr[i], mean);
        acc = fused(r, dev, dev, acc);
    }
    const float var = div(r, acc, float(dim));
    const float rstd = div(r, 1.0f, root(r, add(r, var, 1e-5f)));
    rstdOut[row] = rstd;
    for (int i = 0; i < dim; ++i) {
        const std::size_t e = row * dim + i;
        xhat[e] = mul(r, sub(r, xr[i], mean), rstd);
        out[e] = fused(r, xhat[e], weight[i], bias[i]);
    }
}

__global__ void layerNormParamGradsKernel(const float* dy, const float* xhat, int rows, int dim, Round r,
                                          float* dWeight, float* dBias) {
    const std::size_t i = index();
    if (i >= std::size_t(dim)) return;
    float w = 0.0f, b = 0.0f;
    for (int n = 0; n < rows; ++n) w = fused(r, dy[std::size_t(n) * dim + i], xhat[std::size_t(n) * dim + i], w);
    for (int n = 0; n < rows; ++n) b = add(r, b, dy[std::size_t(n) * dim + i]);
    dWeight[i] = w;
    dBias[i] = b;
}

__global__ void layerNormBackwardKernel(const float* dy, const float* xhat, const float* rstd, const float* weight,
                                        int rows, int dim, Round r, float* dx) {
    const std::size_t row = index();
    if (row >= std::size_t(rows)) return;
    float sumA = 0.0f, sumB = 0.0f;
    for (int i = 0; i < dim; ++i) {
        const std::size_t e = row * dim + i;
        const float dxhat = mul(r, dy[e], weight[i]);
        sumA = add(r, sumA, dxhat);
        sumB = fused(r, dxhat, xhat[e], sumB);
    }
    const float meanA = div(r, sumA, float(dim));
    const float meanB = div(r, sumB, float(dim));
    for (int i = 0; i < dim; ++i) {
        const std::size_t e = row * dim + i;
        const float t = sub(r, mul(r, dy[e], weight[i]), meanA);
        const float u = sub(r, t, mul(r, xhat[e], meanB));
        dx[e] = mul(r, u, rstd[row]);
    }
}

// One element per thread; `toHeads` copies [b*T + t][h*dh + c] to [b][h][t][c], otherwise back.
__global__ void headsKernel(const float* x, int batch, int length, int heads, int headDim, bool toHeads, float* out) {
    const std::size_t e = index();
    const std::size_t dim = std::size_t(heads) * headDim;
    if (e >= std::size_t(batch) * length * dim) return;
    const std::size_t token = e / dim, column = e % dim;
    const std::size_t b = token / length, t = token % length, h = column / headDim, c = column % headDim;
    const std::size_t split = ((b * heads + h) * length + t) * headDim + c;
    if (toHeads) out[split] = x[e];
    else out[e] = x[split];
}

__global__ void softmaxForwardKernel(const float* scores, int rows, int length, float scale, bool subtractMax, Round r,
                                     float* probs) {
    const std::size_t row = index();
    if (row >= std::size_t(rows)) return;
    const int last = int(row % std::size_t(length));
    const float* s = scores + row * length;
    float* p = probs + row * length;
    float mx = 0.0f;
    if (subtractMax) {
        mx = mul(r, s[0], scale);
        for (int j = 1; j <= last; ++j) mx = fmaxf(mx, mul(r, s[j], scale));
    }
    for (int j = 0; j <= last; ++j) {
        float x = mul(r, s[j], scale);
        if (subtractMax) x = sub(r, x, mx);
        p[j] = function(r, Fn::Exp, x);
    }
    float sum = 0.0f;
    for (int j = 0; j <= last; ++j) sum = add(r, sum, p[j]);
    for (int j = 0; j <= last; ++j) p[j] = div(r, p[j], sum);
    for (int j = last + 1; j < length; ++j) p[j] = 0.0f;
}

__global__ void softmaxBackwardKernel(const float* probs, float* dScores, int rows, int length, float scale, Round r) {
    const std::size_t row = index();
    if (row >= std::size_t(rows)) return;
    const int last = int(row % std::size_t(length));
    const float* p = probs + row * length;
    float* d = dScores + row * length;
    float dot = 0.0f;
    for (int j = 0; j <= last; ++j) dot = fused(r, p[j], d[j], dot);
    for (int j = 0; j <= last; ++j) d[j] = mul(r, mul(r, p[j], sub(r, d[j], dot)), scale);
    for (int j = last + 1; j < length; ++j) d[j] = 0.0f;
}

__global__ void geluKernel(const float* up, std::size_t n, Round r, float* out) {
    const std::size_t e = index();
    if (e < n) out[e] = function(r, Fn::Gelu, up[e]);
}

__global__ void swigluKernel(const float* gate, const float* up, std::size_t n, Round r, float* out) {
    const std::size_t e = index();
    if (e < n) out[e] = mul(r, function(r, Fn::Silu, gate[e]), up[e]);
}

__global__ void geluBackwardKernel(float* dh, const float* up, std::size_t n, Round r) {
    const std::size_t e = index();
    if (e < n) dh[e] = mul(r, dh[e], function(r, Fn::GeluDerivative, up[e]));
}

__global__ void swigluBackwardKernel(const float* dh, const float* gate, const float* up, std::size_t n, Round r,
                                     float* du, float* dg) {
    const std::size_t e = index();
    if (e >= n) return;
    du[e] = mul(r, dh[e], function(r, Fn::Silu, gate[e]));
    dg[e] = mul(r, mul(r, dh[e], up[e]), function(r, Fn::SiluDerivative, gate[e]));
}

__global__ void addKernel(float* x, const float* y, std::size_t n, Round r) {
    const std::size_t e = index();
    if (e < n) x[e] = add(r, x[e], y[e]);
}

__global__ void roundKernel(float* x, std::size_t n, Round r) {
    const std::size_t e = index();
    if (e < n) x[e] = rnd(x[e], r);
}

__global__ void widenHalfKernel(const __half* src, std::size_t n, float* dst) {
    const std::size_t e = index();
    if (e < n) dst[e] = __half2float(src[e]);
}

__global__ void crossEntropyRowsKernel(const float* logits, const int* targets, int rows, int vocab, Round r,
                                       float* probs, float* rowLoss) {
    const std::size_t row = index();
    if (row >= std::size_t(rows)) return;
    const float* l = logits + row * vocab;
    float* p = probs + row * vocab;
    const int target = targets[row];
    if (target < 0) {
        for (int j = 0; j < vocab; ++j) p[j] = 0.0f;
        return;
    }
    float mx = l[0];
    for (int j = 1; j < vocab; ++j) mx = fmaxf(mx, l[j]);
    for (int j = 0; j < vocab; ++j) p[j] = function(r, Fn::Exp, sub(r, l[j], mx));
    float sum = 0.0f;
    for (int j = 0; j < vocab; ++j) sum = add(r, sum, p[j]);
    for (int j = 0; j < vocab; ++j) p[j] = div(r, p[j], sum);
    const float lse = add(r, mx, function(r, Fn::Log, sum));
    rowLoss[row] = sub(r, lse, l[target]);
}

__global__ void crossEntropyMeanKernel(const float* rowLoss, const int* targets, int rows, int scored, Round r,
                                       float* loss) {
    if (index() != 0) return;
    float total = 0.0f;
    for (int n = 0; n < rows; ++n)
        if (targets[n] >= 0) total = add(r, total, rowLoss[n]);
    *loss = scored == 0 ? 0.0f : div(r, total, float(scored));
}

__global__ void logitGradientKernel(const float* probs, const int* targets, int rows, int vocab, int scored,
                                    float lossScale, Round r, float* d) {
    const std::size_t e = index();
    if (e >= std::size_t(rows) * vocab) return;
    const int target = targets[e / vocab];
    if (target < 0) {
        d[e] = 0.0f;
        return;
    }
    const float onehot = int(e % vocab) == target ? 1.0f : 0.0f;
    float g = div(r, sub(r, probs[e], onehot), float(scored));
    if (lossScale != 1.0f) g = mul(r, g, lossScale);
    d[e] = g;
}

} // namespace

void embeddingForward(const int* tokens, const float* wte, const float* wpe, int rows, int length, int dim,
                      Round residual, float* x, cudaStream_t s) {
    embeddingForwardKernel<<<blocksFor(std::size_t(rows) * dim), kThreads, 0, s>>>(tokens, wte, wpe, rows, length, dim,
                                                                                   residual, x);
    FPLAB_CUDA_CHECK_LAUNCH("embeddingForwardKernel");
}

void embeddingBackward(const int* tokens, const float* dx, int rows, int length, int dim, float* wteGrad,
                       float* wpeGrad, cudaStream_t s) {
    embeddingBackwardKernel<<<blocksFor(std::size_t(dim)), kThreads, 0, s>>>(tokens, dx, rows, length, dim, wteGrad,
                                                                             wpeGrad);
    FPLAB_CUDA_CHECK_LAUNCH("embeddingBackwardKernel");
}

void layerNormForward(const float* x, const float* weight, const float* bias, int rows, int dim, Round r, float* xhat,
                      float* rstd, float* out, cudaStream_t s) {
    layerNormForwardKernel<<<blocksFor(std::size_t(rows)), kThreads, 0, s>>>(x, weight, bias, rows, dim, r, xhat, rstd,
                                                                             out);
    FPLAB_CUDA_CHECK_LAUNCH("layerNormForwardKernel");
}

void layerNormParamGrads(const float* dy, const float* xhat, int rows, int dim, Round r, float* dWeight, float* dBias,
                         cudaStream_t s) {
    layerNormParamGradsKernel<<<blocksFor(std::size_t(dim)), kThreads, 0, s>>>(dy, xhat, rows, dim, r, dWeight, dBias);
    FPLAB_CUDA_CHECK_LAUNCH("layerNormParamGradsKernel");
}

void layerNormBackward(const float* dy, const float* xhat, const float* rstd, const float* weight, int rows, int dim,
                       Round r, float* dx, cudaStream_t s) {
    layerNormBackwardKernel<<<blocksFor(std::size_t(rows)), kThreads, 0, s>>>(dy, xhat, rstd, weight, rows, dim, r, dx);
    FPLAB_CUDA_CHECK_LAUNCH("layerNormBackwardKernel");
}

void splitHeads(const float* x, int batch, int length, int heads, int headDim, float* out, cudaStream_t s) {
    headsKernel<<<blocksFor(std::size_t(batch) * length * heads * headDim), kThreads, 0, s>>>(x, batch, length, heads,
                                                                                              headDim, true, out);
    FPLAB_CUDA_CHECK_LAUNCH("headsKernel");
}

void mergeHeads(const float* x, int batch, int length, int heads, int headDim, float* out, cudaStream_t s) {
    headsKernel<<<blocksFor(std::size_t(batch) * length * heads * headDim), kThreads, 0, s>>>(x, batch, length, heads,
                                                                                              headDim, false, out);
    FPLAB_CUDA_CHECK_LAUNCH("headsKernel");
}

void softmaxForward(const float* scores, int blocks, int length, float scale, bool subtractMax, Round r, float* probs,
                    cudaStream_t s) {
    const int rows = blocks * length;
    softmaxForwardKernel<<<blocksFor(std::size_t(rows)), kThreads, 0, s>>>(scores, rows, length, scale, subtractMax, r,
                                                                           probs);
    FPLAB_CUDA_CHECK_LAUNCH("softmaxForwardKernel");
}

void softmaxBackward(const float* probs, float* dScores, int blocks, int length, float scale, Round r, cudaStream_t s) {
    const int rows = blocks * length;
    softmaxBackwardKernel<<<blocksFor(std::size_t(rows)), kThreads, 0, s>>>(probs, dScores, rows, length, scale, r);
    FPLAB_CUDA_CHECK_LAUNCH("softmaxBackwardKernel");
}

void gelu(const float* up, std::size_t n, Round r, float* out, cudaStream_t s) {
    geluKernel<<<blocksFor(n), kThreads, 0, s>>>(up, n, r, out);
    FPLAB_CUDA_CHECK_LAUNCH("geluKernel");
}

void swiglu(const float* gate, const float* up, std::size_t n, Round r, float* out, cudaStream_t s) {
    swigluKernel<<<blocksFor(n), kThreads, 0, s>>>(gate, up, n, r, out);
    FPLAB_CUDA_CHECK_LAUNCH("swigluKernel");
}

void geluBackward(float* dh, const float* up, std::size_t n, Round r, cudaStream_t s) {
    geluBackwardKernel<<<blocksFor(n), kThreads, 0, s>>>(dh, up, n, r);
    FPLAB_CUDA_CHECK_LAUNCH("geluBackwardKernel");
}

void swigluBackward(const float* dh, const float* gate, const float* up, std::size_t n, Round r, float* du, float* dg,
                    cudaStream_t s) {
    swigluBackwardKernel<<<blocksFor(n), kThreads, 0, s>>>(dh, gate, up, n, r, du, dg);
    FPLAB_CUDA_CHECK_LAUNCH("swigluBackwardKernel");
}

void addInPlace(float* x, const float* y, std::size_t n, Round r, cudaStream_t s) {
    addKernel<<<blocksFor(n), kThreads, 0, s>>>(x, y, n, r);
    FPLAB_CUDA_CHECK_LAUNCH("addKernel");
}

void roundInPlace(float* x, std::size_t n, Round r, cudaStream_t s) {
    if (r == Round::None) return;
    roundKernel<<<blocksFor(n), kThreads, 0, s>>>(x, n, r);
    FPLAB_CUDA_CHECK_LAUNCH("roundKernel");
}

void widenHalf(const void* src, std::size_t n, float* dst, cudaStream_t s) {
    widenHalfKernel<<<blocksFor(n), kThreads, 0, s>>>(static_cast<const __half*>(src), n, dst);
    FPLAB_CUDA_CHECK_LAUNCH("widenHalfKernel");
}

void crossEntropy(const float* logits, const int* targets, int rows, int vocab, int scored, Round r, float* probs,
                  float* rowLoss, float* loss, cudaStream_t s) {
    crossEntropyRowsKernel<<<blocksFor(std::size_t(rows)), kThreads, 0, s>>>(logits, targets, rows, vocab, r, probs,
                                                                             rowLoss);
    FPLAB_CUDA_CHECK_LAUNCH("crossEntropyRowsKernel");
    crossEntropyMeanKernel<<<1, 1, 0, s>>>(rowLoss, targets, rows, scored, r, loss);
    FPLAB_CUDA_CHECK_LAUNCH("crossEntropyMeanKernel");
}

void logitGradient(const float* probs, const int* targets, int rows, int vocab, int scored, float lossScale, Round r,
                   float* dLogits, cudaStream_t s) {
    logitGradientKernel<<<blocksFor(std::size_t(rows) * vocab), kThreads, 0, s>>>(probs, targets, rows, vocab, scored,
                                                                                  lossScale, r, dLogits);
    FPLAB_CUDA_CHECK_LAUNCH("logitGradientKernel");
}

} // namespace fplab::gpu::transformer_kernels
