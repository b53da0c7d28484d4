// The GPU transformer kernels' host code, launchers and per-thread functions, run on the CPU (the shadow: a
// host-memory device, cuBLASLt replaced by in-order GEMMs), against the emulator's model and optimizer: loss,
// weights after each step and logits bit for bit in every preset whose matmuls accumulate in FP32. What this
// cannot check is what only a GPU does: cuBLASLt's order, CUDA's binary64 functions, the launches themselves.
#include "core/training/grad_scaler.h"
#include "core/training/low_precision.h"
#include "core/training/optimizer.h"
#include "core/training/run_comparison.h"
#include "core/training/transformer/addition_task.h"
#include "core/training/transformer/transformer_lockstep.h"
#include "core/training/transformer/transformer_model.h"
#include "gpu/training/transformer/gpu_transformer_kernels.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace fplab::gpu::test {
namespace {

using namespace fplab::training;

std::vector<std::uint32_t> bitsOf(const std::vector<float>& v) {
    std::vector<std::uint32_t> bits;
    for (float x : v) bits.push_back(std::bit_cast<std::uint32_t>(x));
    return bits;
}

// Three steps (with a loss scale of 1024 and its unscale where the precision scales the loss) of the shadow and of
// the emulator from the same model and batches; every loss, every weight after each step and the held-out logits
// must be equal bit for bit.
void expectStepsEqualTheEmulators(TransformerShape shape, const TransformerPrecision& precision) {
    const AdditionTask task(2, 7);
    shape.vocab = task.vocab();
    TransformerModel emulator(shape, 3);
    if (precision.weights == WeightStorage::Bf16Nearest)
        for (Parameter& p : emulator.parameters())
            for (float& v : p.value) v = roundToBf16(v);
    OptimizerSettings adam;
    adam.kind = OptimizerKind::Adam;
    adam.learningRate = 3e-3f;
    Optimizer optimizer(adam, emulator.parameters());
    const std::unique_ptr<TransformerStepKernels> shadow = makeCudaTransformerKernels(emulator, precision, adam, 8);
    EXPECT_FALSE(shadow->emulated());
    ASSERT_EQ(bitsOf(shadow->weights()), bitsOf(flattenWeights(emulator.parameters())));
    const bool scaling = precision.lossScaling != LossScaling::None;
    const float scale = scaling ? 1024.0f : 1.0f;
    std::mt19937_64 rng(5);
    for (int step = 1; step <= 3; ++step) {
        const TokenBatch batch = task.trainingBatch(8, rng);
        shadow->zeroGrad();
        const TransformerPass pass = shadow->forwardBackward(batch, scale);
        emulator.zeroGrad();
        EmulatedOps ops;
        const float loss = emulator.forward(batch, precision, ops);
        emulator.backward(ops, scale);
        EXPECT_EQ(std::bit_cast<std::uint32_t>(pass.loss), std::bit_cast<std::uint32_t>(loss)) << "step " << step;
        if (scaling) {
            bool foundInf = false;
            for (Parameter& p : emulator.parameters()) foundInf |= unscaleGradients(p.grad, scale);
            EXPECT_EQ(shadow->unscaleAndCheck(scale, true), foundInf);
        }
        EXPECT_TRUE(shadow->optimizerStep().weightsFinite);
        optimizer.step(emulator.parameters(), DType::Float32);
        if (precision.weights == WeightStorage::Bf16Nearest)
            for (Parameter& p : emulator.parameters())
                for (float& v : p.value) v = roundToBf16(v);
        ASSERT_EQ(bitsOf(shadow->weights()), bitsOf(flattenWeights(emulator.parameters()))) << "step " << step;
    }
    const TokenBatch heldOut = task.heldOutBatch(0, 8);
    const std::vector<float> logits = shadow->logits(heldOut);
    EmulatedOps ops;
    emulator.forward(heldOut, precision, ops);
    EXPECT_EQ(bitsOf(logits), bitsOf(emulator.logits()));
}

TransformerShape smallShape() {
    TransformerShape s;
    s.context = 8;
    s.dim = 16;
    s.heads = 2;
    s.layers = 2;
    return s;
}

TEST(TransformerShadow, Fp32IsTheEmulatorBitForBit) {
    expectStepsEqualTheEmulators(smallShape(), transformerPreset(TransformerPreset::Fp32));
}

TEST(TransformerShadow, Fp16AutocastWithItsLossScaleIsTheEmulatorBitForBit) {
    expectStepsEqualTheEmulators(smallShape(), transformerPreset(TransformerPreset::AutocastFp16));
}

TEST(TransformerShadow, Bf16AutocastWithBf16WeightsIsTheEmulatorBitForBit) {
    TransformerPrecision p = transformerPreset(TransformerPreset::AutocastBf16);
    p.weights = WeightStorage::Bf16Nearest;
    expectStepsEqualTheEmulators(smallShape(), p);
}

TEST(TransformerShadow, SwigluUnshiftedSoftmaxAndLayerOverridesAreTheEmulatorBitForBit) {
    TransformerShape s = smallShape();
    s.swiglu = true;
    TransformerPrecision p = transformerPreset(TransformerPreset::AutocastBf16);
    p.layer.softmaxSubtractsMax = false;
    ASSERT_EQ(applyPrecisionOverrides(p, "softmax@1=fp16,residual@0=bf16,layernorm@1=bf16,gradient@0=fp16"), "");
    expectStepsEqualTheEmulators(s, p);
}

// Pure FP16: the shadow's FP16 accumulation goes through binary64, a double rounding the emulator's correctly
// rounded FP16 fused multiply-add does not make; on these steps it never changed a bit.
TEST(TransformerShadow, PureFp16IsTheEmulatorBitForBit) {
    expectStepsEqualTheEmulators(smallShape(), transformerPreset(TransformerPreset::PureFp16));
}

// TransformerRun on the shadow kernels against TransformerRun on the emulator, through the lockstep comparison with
// no tolerance at all: the run's step (batches, GradScaler's decisions, skipped steps) on the GPU kernels' code is
// the emulator's bit for bit, and so is the held-out accuracy (forward passes through logits()).
TEST(TransformerShadow, ARunOnTheShadowIsTheEmulatorsRun) {
    TransformerRunSettings s;
    s.shape = smallShape();
    s.batch = 8;
    s.precision = transformerPreset(TransformerPreset::AutocastFp16, s.shape.layers);
    s.precision.scaler.initScale = 0x1p24f; // a few steps skipped while the scale backs off
    const auto task = std::make_shared<AdditionTask>(s.digits, s.seed);
    const TransformerKernelsFactory shadowFactory = [](const TransformerModel& initial, const TransformerPrecision& p,
                                                       const OptimizerSettings& o, int maxRows, std::uint64_t) {
        return makeCudaTransformerKernels(initial, p, o, maxRows);
    };
    TransformerRun emulator(s, task), shadow(s, task, shadowFactory);
    TransformerLockstep lockstep(emulator, shadow, ComparisonTolerance{0, 0}, "emulator", "shadow");
    for (int i = 0; i < 12; ++i) ASSERT_TRUE(lockstep.step()) << lockstep.failure();
    const RunComparison r = lockstep.result();
    EXPECT_TRUE(r.agrees()) << r.verdict("emulator", "shadow");
    EXPECT_EQ(r.maxLossDifference, 0.0);
    EXPECT_EQ(r.maxWeightDifference, 0.0);
    EXPECT_GT(r.skippedA, 0) << "the scaler skipped no step: the test does not reach its skip path";
    EXPECT_EQ(r.skippedA, r.skippedB);
    EXPECT_EQ(shadow.heldOutAccuracy(), emulator.heldOutAccuracy());
}

} // namespace
} // namespace fplab::gpu::test
