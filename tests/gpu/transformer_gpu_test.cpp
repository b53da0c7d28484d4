// The transformer on the GPU's kernels against the emulator, step by step, in every preset the GPU runs (needs a
// GPU: the tests skip with the reason without one). Agreement is judged by TransformerLockstep with the precision's
// tolerance; a failure prints the verdict, which names the first step and quantity that differ. Not yet run on a GPU.
#include "core/training/run_comparison.h"
#include "core/training/transformer/addition_task.h"
#include "core/training/transformer/transformer_lockstep.h"
#include "gpu/training/transformer/gpu_transformer_kernels.h"
#include "tests/gpu/gpu_test_support.h"

#include <gtest/gtest.h>

#include <memory>

namespace fplab::gpu::test {
namespace {

using namespace fplab::training;

class TransformerGpuTest : public GpuTest {};

TransformerRunSettings smallSettings(TransformerPreset preset) {
    TransformerRunSettings s;
    s.shape.dim = 32;
    s.shape.context = 16;
    s.shape.heads = 4;
    s.shape.layers = 2;
    s.batch = 16;
    s.precision = transformerPreset(preset, s.shape.layers);
    return s;
}

// `steps` steps of the emulator and the GPU side by side; the comparison's result.
RunComparison compareOnGpu(const TransformerRunSettings& s, int steps) {
    const auto task = std::make_shared<AdditionTask>(s.digits, s.seed);
    TransformerRun emulator(s, task);
    TransformerRun gpuRun(s, task, cudaTransformerKernelsFactory());
    TransformerLockstep lockstep(emulator, gpuRun, transformerTolerance(s.precision));
    for (int i = 0; i < steps; ++i)
        if (!lockstep.step()) break;
    EXPECT_EQ(lockstep.failure(), "");
    return lockstep.result();
}

TEST_F(TransformerGpuTest, EverySupportedPresetAgreesWithTheEmulator) {
    for (TransformerPreset p : {TransformerPreset::Fp32, TransformerPreset::AutocastFp16,
                                TransformerPreset::AutocastBf16, TransformerPreset::PureFp16}) {
        const RunComparison r = compareOnGpu(smallSettings(p), 8);
        EXPECT_TRUE(r.agrees()) << transformerPresetName(p) << ": " << r.verdict("emulator", "gpu");
        EXPECT_EQ(r.stepsB, 8) << transformerPresetName(p);
    }
}

TEST_F(TransformerGpuTest, SwigluUnshiftedSoftmaxAndBf16WeightsAgree) {
    TransformerRunSettings s = smallSettings(TransformerPreset::AutocastBf16);
    s.shape.swiglu = true;
    s.precision.layer.softmaxSubtractsMax = false;
    s.precision.weights = WeightStorage::Bf16Nearest;
    const RunComparison r = compareOnGpu(s, 8);
    EXPECT_TRUE(r.agrees()) << r.verdict("emulator", "gpu");
}

// Before any step the GPU holds the initial weights bit for bit, and its held-out accuracy (a forward pass only)
// equals the emulator's on those weights within the rounding noise of a few logits.
TEST_F(TransformerGpuTest, TheGpuStartsFromTheEmulatorsWeights) {
    const TransformerRunSettings s = smallSettings(TransformerPreset::Fp32);
    const auto task = std::make_shared<AdditionTask>(s.digits, s.seed);
    TransformerRun emulator(s, task);
    TransformerRun gpuRun(s, task, cudaTransformerKernelsFactory());
    EXPECT_EQ(gpuRun.weights(), emulator.weights());
    EXPECT_NEAR(gpuRun.heldOutAccuracy(), emulator.heldOutAccuracy(), 0.02);
}

} // namespace
} // namespace fplab::gpu::test
