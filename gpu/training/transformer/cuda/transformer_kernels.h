// Host-callable launchers of the transformer's kernels other than the GEMMs (those go through cuBLASLt,
// lt_matmul.h). Tensors are float32 arrays, row-major; a value of a 16-bit type is held rounded to it, as the
// emulator holds it. Each operation of a kernel rounds its operands and its result to its `Round` format,
// the way EmulatedOps computes each operation in its operation class's format. Private to the CUDA build.
#pragma once

#include "gpu/training/cuda/training_kernels.h"

#include <cstddef>
#include <cuda_runtime_api.h>

namespace fplab::gpu::transformer_kernels {

using train_kernels::Round;

// x[n][i] = wte[tokens[n]][i] + wpe[n % length][i], rounded to `residual`.
void embeddingForward(const int* tokens, const float* wte, const float* wpe, int rows, int length, int dim,
                      Round residual, float* x, cudaStream_t s);
// The embeddings' gradients, added in FP32 in row order: wte[tokens[n]] += dx[n], wpe[n % length] += dx[n].
void embeddingBackward(const int* tokens, const float* dx, int rows, int length, int dim, float* wteGrad,
                       float* wpeGrad, cudaStream_t s);
// LayerNorm of each row in `r`: mean, variance, rstd = 1 / sqrt(var + 1e-5), xhat and out = xhat * weight + bias.
void layerNormForward(const float* x, const float* weight, const float* bias, int rows, int dim, Round r, float* xhat,
                      float* rstd, float* out, cudaStream_t s);
// dWeight = sum over rows of dy * xhat, dBias = sum of dy (both overwritten), in `r`, rows in order.
void layerNormParamGrads(const float* dy, const float* xhat, int rows, int dim, Round r, float* dWeight, float* dBias,
                         cudaStream_t s);
// dx = rstd * (dxhat - mean(dxhat) - xhat * mean(dxhat * xhat)), dxhat = dy * weight, in `r`.
void layerNormBackward(const float* dy, const float* xhat, const float* rstd, const float* weight, int rows, int dim,
                       Round r, float* dx, cudaStream_t s);
// [batch * length][heads * headDim] <-> [batch][heads][length][headDim] (copies, no rounding).
void splitHeads(const float* x, int batch, int length, int heads, int headDim, float* out, cudaStream_t s);
void mergeHeads(const float* x, int batch, int length, int heads, int headDim, float* out, cudaStream_t s);
// Causal softmax of `blocks` length x length score blocks in `r`: scores times `scale`, minus the row's maximum
// when asked, exp, sum, division; zero above the diagonal.
void softmaxForward(const float* scores, int blocks, int length, float scale, bool subtractMax, Round r, float* probs,
                    cudaStream_t s);
// dScores = P * (dP - sum_j P dP) * scale in `r`, in place over dP; zero above the diagonal.
void softmaxBackward(const float* probs, float* dScores, int blocks, int length, float scale, Round r, cudaStream_t s);
// out = GELU(up) (the erf form), or SwiGLU's silu(gate) * up, in `r`.
void gelu(const float* up, std::size_t n, Round r, float* out, cudaStream_t s);
void swiglu(const float* gate, const float* up, std::size_t n, Round r, float* out, cudaStream_t s);
// dh = dh * GELU'(up) in place; SwiGLU: du = dh * silu(gate), dg = dh * up * silu'(gate).
void geluBackward(float* dh, const float* up, std::size_t n, Round r, cudaStream_t s);
void swigluBackward(const float* dh, const float* gate, const float* up, std::size_t n, Round r, float* du, float* dg,
                    cudaStream_t s);
// x = x + y in `r` (the residual stream, gradient sums; Round::None for FP32 gradient accumulation).
void addInPlace(float* x, const float* y, std::size_t n, Round r, cudaStream_t s);
// x = x rounded to `r` (a matmul's output format, BF16 weight storage).
void roundInPlace(float* x, std::size_t n, Round r, cudaStream_t s);
// dst = the FP16 values of `src` as float32 (an FP16-accumulating GEMM's result).
void widenHalf(const void* src, std::size_t n, float* dst, cudaStream_t s);
// Cross-entropy in `r` over the rows whose target is not -1: probs (rows x vocab), and *loss = the mean over
// `scored` rows, summed in row order.
void crossEntropy(const float* logits, const int* targets, int rows, int vocab, int scored, Round r, float* probs,
                  float* rowLoss, float* loss, cudaStream_t s);
// dLogits = (probs - onehot) / scored, times lossScale unless it is 1, in `r`; zero in unscored rows.
void logitGradient(const float* probs, const int* targets, int rows, int vocab, int scored, float lossScale, Round r,
                   float* dLogits, cudaStream_t s);

} // namespace fplab::gpu::transformer_kernels
