// The GPU's FP8 GEMMs as data, on the CPU: which operands each of a linear layer's three GEMMs casts
// (element, block shape, layout) must be what core/training/toy_model_fp8.cpp casts, the K-chunks
// must be the emulator's promotion interval, and every chunk a cuBLASLt FP8 GEMM that exists, with
// scales of 1 (no scale attribute: the only FP8 call seen to run on an H100) and multiples of 16.
#include "gpu/training/fp8_gemm_plan.h"

#include <gtest/gtest.h>

namespace fplab::gpu {
namespace {

using training::Fp8Recipe;

TEST(Fp8GemmPlan, PerTensorRecipesCastEachTensorOnceAndSumTheWholeK) {
    for (Fp8Recipe recipe : {Fp8Recipe::Delayed, Fp8Recipe::Current}) {
        const std::vector<Fp8GemmPlan> g = fp8GemmPlans(recipe, 40, 2, 64);
        ASSERT_EQ(g.size(), 3u);
        // Forward: Y (40 x 64) = X (40 x 2) W^T, E4M3 x E4M3, one scale each.
        EXPECT_EQ(g[0].role, Fp8GemmRole::Forward);
        EXPECT_EQ(g[0].m, 40);
        EXPECT_EQ(g[0].n, 64);
        EXPECT_EQ(g[0].k, 2);
        EXPECT_EQ(g[0].paddedM, 48);
        EXPECT_EQ(g[0].paddedN, 64);
        EXPECT_EQ(g[0].paddedK, 16);
        EXPECT_EQ(g[0].kChunk, 16); // no promotion: one tensor-core sum
        EXPECT_EQ(g[0].a.element, Fp8Operand::E4m3);
        EXPECT_EQ(g[0].bt.element, Fp8Operand::E4m3);
        EXPECT_EQ(g[0].a.blockRows, 40);
        EXPECT_EQ(g[0].a.blockCols, 2);
        EXPECT_EQ(g[0].bt.blockRows, 64);
        EXPECT_TRUE(g[0].a.recorded && g[0].bt.recorded);
        // dX (40 x 2) = dY (E5M2, a new cast) W (the forward's weight cast, transposed).
        EXPECT_EQ(g[1].a.element, Fp8Operand::E5m2);
        EXPECT_TRUE(g[1].a.recorded);
        EXPECT_FALSE(g[1].a.transposedSource);
        EXPECT_EQ(g[1].bt.element, Fp8Operand::E4m3);
        EXPECT_TRUE(g[1].bt.reusesCast);
        EXPECT_TRUE(g[1].bt.transposedSource);
        EXPECT_EQ(g[1].k, 64);
        // dW (64 x 2) = dY^T X: both casts reused, transposed, k = the batch.
        EXPECT_EQ(g[2].m, 64);
        EXPECT_EQ(g[2].n, 2);
        EXPECT_EQ(g[2].k, 40);
        EXPECT_EQ(g[2].kChunk, 48);
        EXPECT_EQ(g[2].a.element, Fp8Operand::E5m2);
        EXPECT_TRUE(g[2].a.reusesCast && g[2].bt.reusesCast);
        EXPECT_FALSE(g[2].a.recorded || g[2].bt.recorded);
        EXPECT_TRUE(g[2].a.transposedSource && g[2].bt.transposedSource);
    }
}

TEST(Fp8GemmPlan, TheBlockRecipeCastsAlongEachKAndPromotesEvery128) {
    const std::vector<Fp8GemmPlan> g = fp8GemmPlans(Fp8Recipe::Block, 256, 200, 300);
    for (const Fp8GemmPlan& p : g) {
        SCOPED_TRACE(std::string(fp8GemmRoleName(p.role)));
        EXPECT_EQ(p.kChunk, 128);
        EXPECT_EQ(p.a.element, Fp8Operand::E4m3); // E4M3 everywhere, gradients too
        EXPECT_EQ(p.bt.element, Fp8Operand::E4m3);
        EXPECT_EQ(p.a.blockRows, 1); // activations and gradients: 1 x 128 tiles along k
        EXPECT_EQ(p.a.blockCols, 128);
    }
    EXPECT_EQ(g[0].bt.blockRows, 128); // the weight: 128 x 128 blocks, also transposed for dX
    EXPECT_EQ(g[1].bt.blockRows, 128);
    EXPECT_TRUE(g[1].bt.reusesCast);
    EXPECT_EQ(g[2].bt.blockRows, 1); // dW: X cast again in 128 x 1 blocks down the batch (X^T: 1 x 128)
    EXPECT_FALSE(g[2].a.reusesCast || g[2].bt.reusesCast);
    EXPECT_FALSE(g[2].a.recorded || g[2].bt.recorded); // the emulator reports no stats for dW's casts
    EXPECT_EQ(g[0].paddedK, 208);
}

TEST(Fp8GemmPlan, EveryChunkIsACuBlasLtFp8GemmWithScalesOne) {
    for (Fp8Recipe recipe : {Fp8Recipe::Delayed, Fp8Recipe::Current, Fp8Recipe::Block})
        for (const Fp8GemmPlan& p : fp8GemmPlans(recipe, 33, 130, 7)) {
            EXPECT_TRUE(p.descriptor.unsupported.empty()) << p.descriptor.unsupported;
            EXPECT_EQ(p.descriptor.attributes, (std::vector<LtAttribute>{LtAttribute::TransA, LtAttribute::TransB}));
            // cuBLASLt's A is the project's Bt: the mixed gradient GEMMs are E4M3 x E5M2 there.
            EXPECT_EQ(p.descriptor.ltA, p.bt.element);
            EXPECT_EQ(p.descriptor.ltB, p.a.element);
            EXPECT_EQ(p.paddedM % 16 + p.paddedN % 16 + p.paddedK % 16 + p.kChunk % 16, 0);
            EXPECT_GE(p.paddedK, p.k);
            EXPECT_LT(p.paddedK - p.k, 16);
        }
}

TEST(Fp8GemmPlan, OnlyFp8TensorCoresRunTheFp8Modes) {
    EXPECT_EQ(fp8TrainingUnsupportedReason(90), "");
    EXPECT_EQ(fp8TrainingUnsupportedReason(89), "");
    EXPECT_EQ(fp8TrainingUnsupportedReason(80),
              "the FP8 modes need FP8 tensor cores through cuBLASLt (sm_89 Ada or sm_90 Hopper and later); this GPU "
              "is sm_80");
}

} // namespace
} // namespace fplab::gpu
