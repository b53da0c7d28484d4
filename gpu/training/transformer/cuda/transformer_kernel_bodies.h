// The transformer kernels' arithmetic and each thread's work, one function per kernel taking the thread's index,
// shared by transformer_kernels.cu (which launches them) and the CPU shadow of the GPU kernels in tests/gpu (which
// loops over the indices), so that the shadow checks the very code the GPU runs. See transformer_kernels.cu for why
// each operation rounds as it does. Private to the CUDA build (it needs the CUDA toolkit's fp16/bf16 headers).
#pragma once

#include "gpu/host_device.h"
#include "gpu/training/transformer/cuda/transformer_kernels.h"

#include <cmath>
#include <cstddef>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <math.h>

namespace fplab::gpu::transformer_kernels::bodies {

FPLAB_HD inline float rnd(float x, Round r) {
    if (r == Round::Fp16) return __half2float(__float2half_rn(x));
    if (r == Round::Bf16) return __bfloat162float(__float2bfloat16_rn(x));
    return x;
}

FPLAB_HD inline float fromDouble(double v, Round r) {
    if (r == Round::Fp16) return __half2float(__double2half(v));
    if (r == Round::Bf16) return __bfloat162float(__double2bfloat16(v));
    return float(v); // round to nearest even, on the host and on the device (cvt.rn.f32.f64)
}

FPLAB_HD inline float add(Round r, float a, float b) { return rnd(rnd(a, r) + rnd(b, r), r); }
FPLAB_HD inline float sub(Round r, float a, float b) { return rnd(rnd(a, r) - rnd(b, r), r); }
FPLAB_HD inline float mul(Round r, float a, float b) { return rnd(rnd(a, r) * rnd(b, r), r); }
FPLAB_HD inline float div(Round r, float a, float b) { return rnd(rnd(a, r) / rnd(b, r), r); }
FPLAB_HD inline float root(Round r, float a) { return rnd(sqrtf(rnd(a, r)), r); }
FPLAB_HD inline float fused(Round r, float a, float b, float c) {
    if (r == Round::None) return fmaf(a, b, c);
    return fromDouble(fma(double(rnd(a, r)), double(rnd(b, r)), double(rnd(c, r))), r);
}

enum class Fn : int { Exp, Log, Gelu, GeluDerivative, Silu, SiluDerivative };

FPLAB_HD inline double evaluate(Fn f, double x) {
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
FPLAB_HD inline float function(Round r, Fn f, float a) { return fromDouble(evaluate(f, double(rnd(a, r))), r); }

FPLAB_HD inline void embeddingForwardAt(std::size_t at, const int* tokens, const float* wte, const float* wpe, int rows,
                                        int length, int dim, Round r, float* x) {
    const std::size_t e = at;
    if (e >= std::size_t(rows) * dim) return;
    const std::size_t n = e / dim, i = e % dim;
    x[e] = add(r, wte[std::size_t(tokens[n]) * dim + i], wpe[(n % std::size_t(length)) * dim + i]);
}

FPLAB_HD inline void embeddingBackwardAt(std::size_t at, const int* tokens, const float* dx, int rows, int length,
                                         int dim, float* wteGrad, float* wpeGrad) {
    const std::size_t i = at;
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

FPLAB_HD inline void layerNormForwardAt(std::size_t at, const float* x, const float* weight, const float* bias,
                                        int rows, int dim, Round r, float* xhat, float* rstdOut, float* out) {
    const std::size_t row = at;
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

FPLAB_HD inline void layerNormParamGradsAt(std::size_t at, const float* dy, const float* xhat, int rows, int dim,
                                           Round r, float* dWeight, float* dBias) {
    const std::size_t i = at;
    if (i >= std::size_t(dim)) return;
    float w = 0.0f, b = 0.0f;
    for (int n = 0; n < rows; ++n) w = fused(r, dy[std::size_t(n) * dim + i], xhat[std::size_t(n) * dim + i], w);
    for (int n = 0; n < rows; ++n) b = add(r, b, dy[std::size_t(n) * dim + i]);
    dWeight[i] = w;
    dBias[i] = b;
}

FPLAB_HD inline void layerNormBackwardAt(std::size_t at, const float* dy, const float* xhat, const float* rstd,
                                         const float* weight, int rows, int dim, Round r, float* dx) {
    const std::size_t row = at;
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
FPLAB_HD inline void headsAt(std::size_t at, const float* x, int batch, int length, int heads, int headDim,
                             bool toHeads, float* out) {
    const std::size_t e = at;
    const std::size_t dim = std::size_t(heads) * headDim;
    if (e >= std::size_t(batch) * length * dim) return;
    const std::size_t token = e / dim, column = e % dim;
    const std::size_t b = token / length, t = token % length, h = column / headDim, c = column % headDim;
    const std::size_t split = ((b * heads + h) * length + t) * headDim + c;
    if (toHeads) out[split] = x[e];
    else out[e] = x[split];
}

FPLAB_HD inline void softmaxForwardAt(std::size_t at, const float* scores, int rows, int length, float scale,
                                      bool subtractMax, Round r, float* probs) {
    const std::size_t row = at;
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

FPLAB_HD inline void softmaxBackwardAt(std::size_t at, const float* probs, float* dScores, int rows, int length,
                                       float scale, Round r) {
    const std::size_t row = at;
    if (row >= std::size_t(rows)) return;
    const int last = int(row % std::size_t(length));
    const float* p = probs + row * length;
    float* d = dScores + row * length;
    float dot = 0.0f;
    for (int j = 0; j <= last; ++j) dot = fused(r, p[j], d[j], dot);
    for (int j = 0; j <= last; ++j) d[j] = mul(r, mul(r, p[j], sub(r, d[j], dot)), scale);
    for (int j = last + 1; j < length; ++j) d[j] = 0.0f;
}

FPLAB_HD inline void geluAt(std::size_t at, const float* up, std::size_t n, Round r, float* out) {
    const std::size_t e = at;
    if (e < n) out[e] = function(r, Fn::Gelu, up[e]);
}

FPLAB_HD inline void swigluAt(std::size_t at, const float* gate, const float* up, std::size_t n, Round r, float* out) {
    const std::size_t e = at;
    if (e < n) out[e] = mul(r, function(r, Fn::Silu, gate[e]), up[e]);
}

FPLAB_HD inline void geluBackwardAt(std::size_t at, float* dh, const float* up, std::size_t n, Round r) {
    const std::size_t e = at;
    if (e < n) dh[e] = mul(r, dh[e], function(r, Fn::GeluDerivative, up[e]));
}

FPLAB_HD inline void swigluBackwardAt(std::size_t at, const float* dh, const float* gate, const float* up,
                                      std::size_t n, Round r, float* du, float* dg) {
    const std::size_t e = at;
    if (e >= n) return;
    du[e] = mul(r, dh[e], function(r, Fn::Silu, gate[e]));
    dg[e] = mul(r, mul(r, dh[e], up[e]), function(r, Fn::SiluDerivative, gate[e]));
}

FPLAB_HD inline void addAt(std::size_t at, float* x, const float* y, std::size_t n, Round r) {
    const std::size_t e = at;
    if (e < n) x[e] = add(r, x[e], y[e]);
}

FPLAB_HD inline void roundAt(std::size_t at, float* x, std::size_t n, Round r) {
    const std::size_t e = at;
    if (e < n) x[e] = rnd(x[e], r);
}

FPLAB_HD inline void widenHalfAt(std::size_t at, const __half* src, std::size_t n, float* dst) {
    const std::size_t e = at;
    if (e < n) dst[e] = __half2float(src[e]);
}

FPLAB_HD inline void crossEntropyRowsAt(std::size_t at, const float* logits, const int* targets, int rows, int vocab,
                                        Round r, float* probs, float* rowLoss) {
    const std::size_t row = at;
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

FPLAB_HD inline void crossEntropyMeanAt(std::size_t at, const float* rowLoss, const int* targets, int rows, int scored,
                                        Round r, float* loss) {
    if (at != 0) return;
    float total = 0.0f;
    for (int n = 0; n < rows; ++n)
        if (targets[n] >= 0) total = add(r, total, rowLoss[n]);
    *loss = scored == 0 ? 0.0f : div(r, total, float(scored));
}

FPLAB_HD inline void logitGradientAt(std::size_t at, const float* probs, const int* targets, int rows, int vocab,
                                     int scored, float lossScale, Round r, float* d) {
    const std::size_t e = at;
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

} // namespace fplab::gpu::transformer_kernels::bodies
