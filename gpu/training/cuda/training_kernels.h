// Host-callable launchers of the training kernels (everything in a step but the GEMMs, which are
// the project's tensor-core kernels of gpu/kernels). Tensors are float32 arrays, row-major; a tensor
// of a 16-bit type holds values already rounded to it, as the CPU emulator's tensors do.
// Private to the CUDA build.
#pragma once

#include <cuda_runtime_api.h>

namespace fplab::gpu::train_kernels {

// The rounding that makes a tensor of a 16-bit type (round to nearest even); None: float32.
enum class Round : int { None = 0, Fp16 = 1, Bf16 = 2 };
// The element type a GEMM reads: float32 (also for TF32: the GEMM kernel rounds while loading), or 16-bit bits.
enum class Pack : int { Fp32 = 0, Fp16 = 1, Bf16 = 2 };

struct LossResult {
    float loss;       // mean cross-entropy (NaN when a logit is not finite)
    int correct;      // rows whose argmax is the label
    int logitsFinite; // 1 when every logit is finite
};

struct OptimizerArgs {
    int adam = 1; // 0: SGD
    int firstStep = 0;
    int momentumBuffer = 0; // SGD with momentum != 0
    float lr = 0, momentum = 0, weightDecay = 0;
    float beta1 = 0, beta2 = 0, eps = 0, stepSize = 0, bc2Sqrt = 0;
};

// dst = src (rows x cols) converted to `kind`; transposed (cols x rows) when asked.
void pack(const float* src, int rows, int cols, bool transpose, Pack kind, void* dst, cudaStream_t s);
// out = round(d + round(bias)) per row (bias may be null), then ReLU when asked (NaN stays NaN).
void linearEpilogue(const float* d, const float* bias, int rows, int cols, Round low, bool relu, float* out,
                    cudaStream_t s);
// LayerNorm in float32, one thread per row, sums in ascending order (as the CPU emulator).
void layerNormForward(const float* x, const float* gamma, const float* beta, int rows, int width, float* xhat,
                      float* rstd, float* y, cudaStream_t s);
// Softmax cross-entropy in float32: per-row loss, probabilities, and the batch's LossResult.
void crossEntropy(const float* logits, const int* labels, int rows, int classes, float* probs, float* rowLoss,
                  int* rowFlags, LossResult* result, cudaStream_t s);
// grad = round((probs - onehot) * g), g = gradScale / rows.
void logitGradient(const float* probs, const int* labels, int rows, int classes, float g, Round low, float* grad,
                   cudaStream_t s);
// grad = store(grad + low(d)), elementwise.
void accumulateGradient(const float* d, int n, Round low, Round store, float* grad, cudaStream_t s);
// grad[c] = store(grad[c] + low(sum over rows of x[r][c])), rows in ascending order (a bias gradient).
void accumulateColumnSums(const float* x, int rows, int cols, Round low, Round store, float* grad, cudaStream_t s);
// LayerNorm's parameter gradients, added: dGamma += sum dy * xhat, dBeta += sum dy (then store-rounded).
void layerNormParamGrads(const float* dy, const float* xhat, int rows, int width, Round store, float* dGamma,
                         float* dBeta, cudaStream_t s);
// LayerNorm's input gradient, one thread per row.
void layerNormBackward(const float* dy, const float* xhat, const float* rstd, const float* gamma, int rows, int width,
                       float* dx, cudaStream_t s);
// x = low(x); with `reluOutput`, x = 0 where that output is <= 0 (ReLU's backward).
void roundAndMask(float* x, const float* reluOutput, int n, Round low, cudaStream_t s);
// flag |= any g not finite; with `unscale`, g = store(g * inverse).
void unscaleAndCheck(float* g, int n, float inverse, bool unscale, Round store, int* flag, cudaStream_t s);
// out[t] = float32 sum of squares of g[offsets[t] .. offsets[t+1]), ascending (one thread per tensor).
void sumSquares(const float* g, const int* offsets, int tensors, float* out, cudaStream_t s);
// g = store(g * coef).
void scaleValues(float* g, int n, float coef, Round store, cudaStream_t s);
// torch.optim.SGD / Adam on every element; w, m, v stored rounded to `store`; flag = 1 if a weight is not finite.
void optimizerStep(float* w, const float* g, float* m, float* v, int n, const OptimizerArgs& args, Round store,
                   int* flag, cudaStream_t s);

} // namespace fplab::gpu::train_kernels
