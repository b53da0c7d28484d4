// The GPU's FP8 GEMMs as data, on the CPU: which operands each of a linear layer's three GEMMs casts
// (element, block shape, layout) must be what core/training/toy_model_fp8.cpp casts, the K-chunks
// must be the emulator's promotion interval, and every chunk a cuBLASLt FP8 GEMM that exists, with
// scales of 1 (no scale attribute: the only FP8 call seen to run on an H100) and multiples of 16.
#include "gpu/training/fp8_gemm_plan.h"

#include "core/blockscale/block_dot.h"
#include "core/blockscale/block_scales.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>

namespace fplab::gpu {
namespace {

using blockscale::Fp8Element;
using blockscale::ScaledMatrix;
using training::Fp8Recipe;

Fp8Element elementOf(Fp8Operand o) { return o == Fp8Operand::E5m2 ? Fp8Element::E5m2 : Fp8Element::E4m3; }

// An operand cast as the plan says: R x K from the row-major source (read transposed where the plan says),
// with the tensor's scale (per-tensor recipes) or the plan's blocks.
ScaledMatrix castAsPlanned(const Fp8OperandPlan& op, const std::vector<float>& source, float tensorScale, bool block) {
    std::vector<float> m(std::size_t(op.rows) * op.k);
    for (int r = 0; r < op.rows; ++r)
        for (int c = 0; c < op.k; ++c)
            m[std::size_t(r) * op.k + c] = op.transposedSource ? source[std::size_t(c) * op.rows + r]
                                                               : source[std::size_t(r) * op.k + c];
    if (!block) {
        EXPECT_EQ(op.blockRows, op.rows);
        EXPECT_EQ(op.blockCols, op.k);
        return blockscale::quantizeWithScale(m, op.rows, op.k, tensorScale, elementOf(op.element));
    }
    return blockscale::quantizeBlocks(m, op.rows, op.k, op.blockRows, op.blockCols, elementOf(op.element));
}

// What the GPU does with a plan, on the CPU: the codes zero-padded to the plan's sizes; per K-chunk the
// tensor-core model's sum of the codes with scales of 1 (what cuBLASLt returns, if it sums as the model),
// then acc = acc + partial * (sa * sb) in FP32 (cuda/fp8_kernels.cu, promote).
std::vector<float> gpuAlgorithm(const Fp8GemmPlan& g, const ScaledMatrix& a, const ScaledMatrix& bt) {
    std::vector<float> acc(std::size_t(g.m) * g.n, 0.0f);
    for (int k0 = 0; k0 < g.paddedK; k0 += g.kChunk) {
        const int len = std::min(g.kChunk, g.paddedK - k0);
        ScaledMatrix ca, cb; // A chunk paddedM x len, B chunk len x paddedN (= Bt chunk transposed)
        ca.rows = ca.blockRows = g.paddedM;
        ca.cols = ca.blockCols = len;
        cb.rows = cb.blockRows = len;
        cb.cols = cb.blockCols = g.paddedN;
        ca.element = a.element;
        cb.element = bt.element;
        ca.scales = cb.scales = {1.0f};
        ca.codes.assign(std::size_t(g.paddedM) * len, 0.0f);
        cb.codes.assign(std::size_t(len) * g.paddedN, 0.0f);
        for (int t = 0; t < len && k0 + t < g.k; ++t) {
            for (int i = 0; i < g.m; ++i) ca.codes[std::size_t(i) * len + t] = a.codes[std::size_t(i) * g.k + k0 + t];
            for (int j = 0; j < g.n; ++j)
                cb.codes[std::size_t(t) * g.paddedN + j] = bt.codes[std::size_t(j) * g.k + k0 + t];
        }
        const std::vector<double> partial = blockscale::blockScaledGemm(ca, cb,
                                                                        {blockscale::Accumulation::HopperFp8, 0});
        for (int i = 0; i < g.m; ++i)
            for (int j = 0; j < g.n; ++j) {
                float& d = acc[std::size_t(i) * g.n + j];
                d = (k0 == 0 ? 0.0f : d) +
                    float(partial[std::size_t(i) * g.paddedN + j]) * (a.scaleAt(i, k0) * bt.scaleAt(j, k0));
            }
    }
    return acc;
}

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
            // FAST_ACCUM on: no promotion of cuBLASLt's own inside a chunk, which the emulator does not make.
            EXPECT_EQ(p.descriptor.attributes,
                      (std::vector<LtAttribute>{LtAttribute::TransA, LtAttribute::TransB, LtAttribute::FastAccum}));
            // cuBLASLt's A is the project's Bt: the mixed gradient GEMMs are E4M3 x E5M2 there.
            EXPECT_EQ(p.descriptor.ltA, p.bt.element);
            EXPECT_EQ(p.descriptor.ltB, p.a.element);
            EXPECT_EQ(p.paddedM % 16 + p.paddedN % 16 + p.paddedK % 16 + p.kChunk % 16, 0);
            EXPECT_GE(p.paddedK, p.k);
            EXPECT_LT(p.paddedK - p.k, 16);
        }
}

// The plans carried out as the GPU carries them out (chunks of unit-scale tensor-core sums, promoted in
// FP32 on the device) give the emulator's GEMMs of core/training/toy_model_fp8.cpp bit for bit, for
// shapes with several K-chunks, ragged edges and padding: the plan's operands, layouts, block shapes
// and chunks are the emulator's, and chunking with scales applied afterwards is its FP32 promotion.
TEST(Fp8GemmPlan, CarriedOutAsOnTheGpuThePlansGiveTheEmulatorsGemms) {
    const int batch = 40, in = 200, out = 136;
    std::mt19937 rng(7);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    const auto random = [&](std::size_t n, float sigma) {
        std::vector<float> v(n);
        for (float& x : v) x = normal(rng) * sigma;
        return v;
    };
    const std::vector<float> x = random(std::size_t(batch) * in, 1.0f), w = random(std::size_t(out) * in, 0.05f),
                             dy = random(std::size_t(batch) * out, 1e-3f);
    for (Fp8Recipe recipe : {Fp8Recipe::Current, Fp8Recipe::Block}) {
        SCOPED_TRACE(recipe == Fp8Recipe::Block ? "block" : "per tensor");
        const bool block = recipe == Fp8Recipe::Block;
        const Fp8Element grad = block ? Fp8Element::E4m3 : Fp8Element::E5m2;
        const float sx = blockscale::amaxScale(blockscale::amaxOf(x), Fp8Element::E4m3);
        const float sw = blockscale::amaxScale(blockscale::amaxOf(w), Fp8Element::E4m3);
        const float sg = blockscale::amaxScale(blockscale::amaxOf(dy), grad);
        // The emulator (toy_model_fp8.cpp).
        const blockscale::BlockGemmOptions options{blockscale::Accumulation::HopperFp8, block ? 128 : 0};
        const ScaledMatrix xq = block ? blockscale::quantizeBlocks(x, batch, in, 1, 128, Fp8Element::E4m3)
                                      : blockscale::quantizeWithScale(x, batch, in, sx, Fp8Element::E4m3);
        const ScaledMatrix wq = block ? blockscale::quantizeBlocks(w, out, in, 128, 128, Fp8Element::E4m3)
                                      : blockscale::quantizeWithScale(w, out, in, sw, Fp8Element::E4m3);
        const ScaledMatrix dyq = block ? blockscale::quantizeBlocks(dy, batch, out, 1, 128, grad)
                                       : blockscale::quantizeWithScale(dy, batch, out, sg, grad);
        std::vector<float> dyT(dy.size());
        for (int r = 0; r < batch; ++r)
            for (int c = 0; c < out; ++c) dyT[std::size_t(c) * batch + r] = dy[std::size_t(r) * out + c];
        const std::vector<double> emulated[3] = {
            blockscale::blockScaledGemm(xq, blockscale::transposed(wq), options),
            blockscale::blockScaledGemm(dyq, wq, options),
            block ? blockscale::blockScaledGemm(blockscale::quantizeBlocks(dyT, out, batch, 1, 128, grad),
                                                blockscale::quantizeBlocks(x, batch, in, 128, 1, Fp8Element::E4m3),
                                                options)
                  : blockscale::blockScaledGemm(blockscale::transposed(dyq), xq, options)};
        // The GPU's plans.
        const std::vector<Fp8GemmPlan> plans = fp8GemmPlans(recipe, batch, in, out);
        const std::vector<float>* sources[3][2] = {{&x, &w}, {&dy, &w}, {&dy, &x}};
        const float scales[3][2] = {{sx, sw}, {sg, sw}, {sg, sx}};
        for (std::size_t i = 0; i < 3; ++i) {
            SCOPED_TRACE(std::string(fp8GemmRoleName(plans[i].role)));
            const ScaledMatrix a = castAsPlanned(plans[i].a, *sources[i][0], scales[i][0], block);
            const ScaledMatrix bt = castAsPlanned(plans[i].bt, *sources[i][1], scales[i][1], block);
            const std::vector<float> got = gpuAlgorithm(plans[i], a, bt);
            ASSERT_EQ(got.size(), emulated[i].size());
            std::size_t differ = 0;
            for (std::size_t j = 0; j < got.size(); ++j)
                differ += std::bit_cast<std::uint32_t>(got[j]) != std::bit_cast<std::uint32_t>(float(emulated[i][j]));
            EXPECT_EQ(differ, 0u) << "of " << got.size();
        }
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
