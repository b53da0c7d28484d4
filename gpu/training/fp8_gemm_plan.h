// How the GPU runs the FP8 modes' GEMMs, as data (no CUDA header: tested on any machine). Each linear
// layer has three: forward Y = X W^T, dX = dY W and dW = dY^T X. Every one runs through cuBLASLt in
// the TN layout on FP8 codes with scales of 1 (the scale attributes unset: the only FP8 call seen to run
// on an H100, docs/gpu-results/h100-2026-11-24/lt_fp8.txt), without split-K and with FAST_ACCUM on (so that
// cuBLASLt does not promote inside a chunk at an interval of its own); the dequantisation scales are applied
// afterwards in FP32 in the emulator's order, acc += partial * (sa * sb), once per K-chunk: the whole K for the
// per-tensor recipes, 128 products for the block recipe (DeepSeek-V3's FP32 promotion,
// core/blockscale/block_dot.h). So the GPU promotes exactly where the emulator does, at every width.
#pragma once

#include "core/training/precision_policy.h"
#include "gpu/lt_fp8_descriptor.h"

#include <string>
#include <vector>

namespace fplab::gpu {

enum class Fp8GemmRole : std::uint8_t { Forward, GradInput, GradWeight };

// One operand as the GEMM reads it: R x K row-major codes (K contiguous), cast from a float32 tensor
// (transposed where its k runs down the tensor), with one scale per blockRows x blockCols block.
struct Fp8OperandPlan {
    Fp8Operand element = Fp8Operand::E4m3;
    int rows = 0, k = 0;
    int blockRows = 0, blockCols = 0; // the whole R x K for a per-tensor scale
    bool transposedSource = false;    // the source tensor is K x R
    // The codes of a cast this step already made of the same tensor with the same scales (transposed
    // where needed): no new amax, no history entry, no record. Per-tensor recipes: one cast per tensor.
    bool reusesCast = false;
    // A cast the emulator reports (Fp8TensorStats) and that advances the delayed history: the forward's
    // input and weight and the grad-input GEMM's output gradient; the block recipe's dW casts are not.
    bool recorded = false;
};

struct Fp8GemmPlan {
    Fp8GemmRole role = Fp8GemmRole::Forward;
    int m = 0, n = 0, k = 0;                   // D (m x n) = A (m x k) * Bt (n x k)^T
    int paddedM = 0, paddedN = 0, paddedK = 0; // multiples of 16 (cuBLASLt's FP8 rule), zero-filled
    Fp8OperandPlan a, bt;
    int kChunk = 0;             // products per cuBLASLt call before the FP32 promotion (the whole padded K: none)
    LtFp8Descriptor descriptor; // of every chunk: scales 1, so no scale attribute; FAST_ACCUM on
};

// The three GEMMs of a linear layer (batch rows, `in` -> `out`) in a recipe other than None.
std::vector<Fp8GemmPlan> fp8GemmPlans(training::Fp8Recipe recipe, int batch, int in, int out);

// Empty when a GPU of this compute capability (e.g. 90) has FP8 tensor cores for cuBLASLt (sm_89
// and later), otherwise why the FP8 modes cannot run on it.
std::string fp8TrainingUnsupportedReason(int computeCapability);

std::string_view fp8GemmRoleName(Fp8GemmRole role); // "forward" "grad-input" "grad-weight"

} // namespace fplab::gpu
