// The transformer's lockstep comparison on two emulator runs: identical runs agree bit for bit, a run that
// differs is named at the step where it first differs, and the tolerance sits above the drift that rounding noise
// alone makes (a learning rate one float32 ulp larger), the calibration docs/training.md cites.
#include "core/training/transformer/transformer_lockstep.h"

#include "core/training/transformer/addition_task.h"
#include "core/training/transformer/emulated_transformer_kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

namespace fplab::training {
namespace {

TransformerRunSettings smallSettings(TransformerPreset preset) {
    TransformerRunSettings s;
    s.shape.dim = 16;
    s.shape.heads = 2;
    s.shape.layers = 2;
    s.batch = 8;
    s.precision = transformerPreset(preset, s.shape.layers);
    return s;
}

TEST(TransformerLockstep, IdenticalRunsAgreeBitForBit) {
    const TransformerRunSettings s = smallSettings(TransformerPreset::AutocastFp16);
    TransformerRun a(s), b(s);
    TransformerLockstep lockstep(a, b, transformerTolerance(s.precision));
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(lockstep.step());
    const RunComparison r = lockstep.result();
    EXPECT_TRUE(r.agrees()) << r.verdict();
    EXPECT_EQ(r.maxLossDifference, 0.0);
    EXPECT_EQ(r.maxWeightDifference, 0.0);
    ASSERT_EQ(lockstep.comparisons().size(), 4u);
    for (const TransformerStepComparison& c : lockstep.comparisons()) {
        EXPECT_EQ(c.largestWeightDifference, 0.0);
        EXPECT_EQ(c.largestWeightParameter, "");
    }
    EXPECT_EQ(r.verdict("emulator", "gpu").rfind("agree: 4 steps, both finished", 0), 0u) << r.verdict();
}

TEST(TransformerLockstep, ADifferentRunIsNamedAtItsFirstStep) {
    const TransformerRunSettings s = smallSettings(TransformerPreset::Fp32);
    TransformerRunSettings other = s;
    other.learningRate = 2 * s.learningRate; // the first step's update differs; its loss does not
    TransformerRun a(s), b(other);
    TransformerLockstep lockstep(a, b, transformerTolerance(s.precision));
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(lockstep.step());
    const RunComparison r = lockstep.result();
    EXPECT_FALSE(r.agrees());
    EXPECT_EQ(r.firstDisagreement, 1);
    const TransformerStepComparison& first = lockstep.comparisons().front();
    EXPECT_TRUE(first.compared.lossAgrees);
    EXPECT_FALSE(first.compared.weightsAgree);
    EXPECT_GT(first.largestWeightDifference, 0.0);
    EXPECT_NE(first.largestWeightParameter, "");
    EXPECT_NE(r.verdict().find("step 1"), std::string::npos) << r.verdict();
}

// The largest weight difference is found in the parameter and element it is in.
TEST(TransformerLockstep, TheLargestWeightDifferenceIsLocated) {
    const TransformerModel model(TransformerShape{}, 1);
    StepSnapshot a, b;
    a.weights = flattenWeights(model.parameters());
    b.weights = a.weights;
    const TransformerStepComparison same = compareTransformerStep(a, b, model.parameters(), {});
    EXPECT_EQ(same.largestWeightParameter, "");
    std::size_t offset = 0;
    for (const Parameter& p : model.parameters()) {
        if (p.name == "h1.mlp.w2") break;
        offset += p.size();
    }
    b.weights[offset + 5] += 0.25f;
    b.weights[offset + 7] += 0.125f;
    b.weights[0] = std::nanf("");
    const TransformerStepComparison planted = compareTransformerStep(a, b, model.parameters(), {});
    EXPECT_EQ(planted.largestWeightParameter, "wte"); // a NaN on one side only: an infinite difference
    EXPECT_TRUE(std::isinf(planted.largestWeightDifference));
    b.weights[0] = a.weights[0];
    const TransformerStepComparison located = compareTransformerStep(a, b, model.parameters(), {});
    EXPECT_EQ(located.largestWeightParameter, "h1.mlp.w2");
    EXPECT_EQ(located.largestWeightElement, 5u);
    EXPECT_EQ(located.largestWeightDifference, double(b.weights[offset + 5]) - double(a.weights[offset + 5]));
    EXPECT_FALSE(located.compared.weightsAgree);
}

// Kernels that fail at a given step: the emulator's, whose forward and backward throws from then on.
class FailingKernels final : public TransformerStepKernels {
public:
    FailingKernels(std::unique_ptr<TransformerStepKernels> inner, int failAt)
        : m_inner(std::move(inner)), m_failAt(failAt) {}
    bool emulated() const override { return false; }
    void zeroGrad() override { m_inner->zeroGrad(); }
    TransformerPass forwardBackward(const TokenBatch& batch, float lossScale) override {
        if (++m_calls >= m_failAt) throw std::runtime_error("planted failure at step " + std::to_string(m_calls));
        return m_inner->forwardBackward(batch, lossScale);
    }
    bool unscaleAndCheck(float scale, bool unscale) override { return m_inner->unscaleAndCheck(scale, unscale); }
    TransformerUpdate optimizerStep() override { return m_inner->optimizerStep(); }
    std::vector<float> weights() override { return m_inner->weights(); }
    std::vector<float> logits(const TokenBatch& batch) override { return m_inner->logits(batch); }

private:
    std::unique_ptr<TransformerStepKernels> m_inner;
    int m_failAt;
    int m_calls = 0;
};

TEST(TransformerLockstep, ARunThatFailsEndsTheComparisonNamingIt) {
    const TransformerRunSettings s = smallSettings(TransformerPreset::Fp32);
    const auto task = std::make_shared<AdditionTask>(s.digits, s.seed);
    const TransformerKernelsFactory failing = [](const TransformerModel& initial, const TransformerPrecision& p,
                                                 const OptimizerSettings& o, int maxRows, std::uint64_t seed) {
        return std::make_unique<FailingKernels>(emulatedTransformerKernelsFactory()(initial, p, o, maxRows, seed), 3);
    };
    TransformerRun a(s, task), b(s, task, failing);
    TransformerLockstep lockstep(a, b, transformerTolerance(s.precision), "emulator", "gpu");
    EXPECT_TRUE(lockstep.step());
    EXPECT_TRUE(lockstep.step());
    EXPECT_FALSE(lockstep.step());
    EXPECT_FALSE(lockstep.step()) << "nothing more once a run has failed";
    EXPECT_EQ(lockstep.failure(), "gpu: planted failure at step 3");
    const RunComparison r = lockstep.result();
    EXPECT_EQ(r.statusB, RunStatus::Failed);
    EXPECT_EQ(r.stepsA, 3);
    EXPECT_EQ(r.stepsB, 2);
    EXPECT_FALSE(r.agrees()) << r.verdict();
}

// Rounding noise alone (a learning rate one float32 ulp larger) stays well inside each preset's tolerance over
// the judged steps: the tolerance is at least four times the drift.
TEST(TransformerLockstep, TheToleranceSitsAboveRoundingNoise) {
    for (TransformerPreset p : {TransformerPreset::Fp32, TransformerPreset::AutocastFp16,
                                TransformerPreset::AutocastBf16, TransformerPreset::PureFp16}) {
        const TransformerRunSettings s = smallSettings(p);
        TransformerRunSettings nudged = s;
        nudged.learningRate = std::nextafter(s.learningRate, 1.0f);
        TransformerRun a(s), b(nudged);
        const ComparisonTolerance t = transformerTolerance(s.precision);
        TransformerLockstep lockstep(a, b, t);
        for (int i = 0; i < t.judgedSteps; ++i) ASSERT_TRUE(lockstep.step());
        const RunComparison r = lockstep.result();
        std::printf("%s: drift over %d steps: loss %.3g, weights %.3g (tolerance %.3g, %.3g)\n",
                    std::string(transformerPresetName(p)).c_str(), t.judgedSteps, r.maxLossDifference,
                    r.maxWeightDifference, t.loss, t.weights);
        EXPECT_LE(4 * r.maxLossDifference, t.loss) << transformerPresetName(p);
        EXPECT_LE(4 * r.maxWeightDifference, t.weights) << transformerPresetName(p);
    }
}

} // namespace
} // namespace fplab::training
