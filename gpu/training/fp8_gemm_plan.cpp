// The operands follow core/training/toy_model_fp8.cpp: per-tensor recipes cast the input and the weight
// (E4M3) once in the forward pass and the output gradient (E5M2) once in the backward pass; the block
// recipe casts along each GEMM's own k, all E4M3, activations and gradients in 1x128 tiles, weights in
// 128x128 blocks, and casts dY^T and X again for dW, whose k runs down the batch.
#include "gpu/training/fp8_gemm_plan.h"

#include "core/blockscale/block_dot.h"

namespace fplab::gpu {

namespace {

constexpr int kTile = blockscale::kDeepSeekTile;

int padded(int v) { return (v + 15) / 16 * 16; }

Fp8OperandPlan operand(Fp8Operand e, int rows, int k, bool block, bool tile, bool transposedSource, bool reuses) {
    Fp8OperandPlan p;
    p.element = e;
    p.rows = rows;
    p.k = k;
    p.blockRows = block ? (tile ? 1 : kTile) : rows;
    p.blockCols = block ? kTile : k;
    p.transposedSource = transposedSource;
    p.reusesCast = reuses;
    p.recorded = !reuses;
    return p;
}

Fp8GemmPlan gemm(Fp8GemmRole role, int m, int n, int k, Fp8OperandPlan a, Fp8OperandPlan bt, bool block) {
    Fp8GemmPlan g;
    g.role = role;
    g.m = m;
    g.n = n;
    g.k = k;
    g.paddedM = padded(m);
    g.paddedN = padded(n);
    g.paddedK = padded(k);
    g.a = a;
    g.bt = bt;
    g.kChunk = block ? blockscale::kDeepSeekPromotion : g.paddedK;
    // FAST_ACCUM on: cuBLASLt's own promotion (FAST_ACCUM off) would add partial sums to FP32 every so many
    // products inside the chunk, which the emulator does not; with it on each chunk is one tensor-core sum.
    g.descriptor = ltFp8Descriptor(a.element, bt.element, 1.0f, 1.0f, true);
    return g;
}

} // namespace

std::vector<Fp8GemmPlan> fp8GemmPlans(training::Fp8Recipe recipe, int batch, int in, int out) {
    const bool block = recipe == training::Fp8Recipe::Block;
    const Fp8Operand grad = block ? Fp8Operand::E4m3 : Fp8Operand::E5m2;
    const Fp8Operand e4 = Fp8Operand::E4m3;
    std::vector<Fp8GemmPlan> plans;
    // Y (batch x out) = X (batch x in) W^T: W is out x in, already Bt.
    plans.push_back(gemm(Fp8GemmRole::Forward, batch, out, in, operand(e4, batch, in, block, true, false, false),
                         operand(e4, out, in, block, false, false, false), block));
    // dX (batch x in) = dY (batch x out) W: Bt = W^T (in x out), the forward's weight cast transposed.
    plans.push_back(gemm(Fp8GemmRole::GradInput, batch, in, out, operand(grad, batch, out, block, true, false, false),
                         operand(e4, in, out, block, false, true, true), block));
    // dW (out x in) = dY^T X: A = dY^T (out x batch), Bt = X^T (in x batch); k runs down the batch.
    Fp8GemmPlan dW = gemm(Fp8GemmRole::GradWeight, out, in, batch, operand(grad, out, batch, block, true, true, !block),
                          operand(e4, in, batch, block, true, true, !block), block);
    dW.a.recorded = dW.bt.recorded = false;
    plans.push_back(dW);
    return plans;
}

std::string fp8TrainingUnsupportedReason(int cc) {
    if (cc >= 89) return {};
    return "the FP8 modes need FP8 tensor cores through cuBLASLt (sm_89 Ada or sm_90 Hopper and later); this GPU is "
           "sm_" +
           std::to_string(cc);
}

std::string_view fp8GemmRoleName(Fp8GemmRole role) {
    switch (role) {
    case Fp8GemmRole::Forward: return "forward";
    case Fp8GemmRole::GradInput: return "grad-input";
    case Fp8GemmRole::GradWeight: return "grad-weight";
    }
    return "?";
}

} // namespace fplab::gpu
