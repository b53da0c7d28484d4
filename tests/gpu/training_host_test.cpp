// The host side of the GPU training run, checked on the CPU: a TrainingRun made the way a GPU run is
// made (a kernels factory: its own copy of the initial model, the rows to allocate for) over the CPU
// kernels, against a double-precision reference of the model written from its definition
// (reference_training_step.h), and the GradScaler's rule read off its records. Also the FP8 casts'
// records, the no-GPU behaviour, and a CUDA error ending the run as Failed.
#include "core/training/cpu_step_kernels.h"
#include "core/training/run_comparison.h"
#include "gpu/gpu_error.h"
#include "gpu/training/backend_comparison.h"
#include "gpu/training/gpu_step_kernels.h"
#include "gpu/training/training_backend.h"
#include "tests/gpu/gpu_test_support.h"
#include "tests/gpu/reference_training_step.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

namespace fplab::gpu::test {
namespace {

using namespace fplab::training;

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void expectSameFp8Casts(const std::vector<Fp8TensorStats>& a, const std::vector<Fp8TensorStats>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        SCOPED_TRACE(a[i].name);
        EXPECT_EQ(a[i].name, b[i].name);
        EXPECT_EQ(a[i].element, b[i].element);
        EXPECT_TRUE(sameBits(a[i].amax, b[i].amax)) << a[i].amax << " vs " << b[i].amax;
        EXPECT_TRUE(sameBits(a[i].historyAmax, b[i].historyAmax)) << a[i].historyAmax << " vs " << b[i].historyAmax;
        EXPECT_TRUE(sameBits(a[i].scale, b[i].scale)) << a[i].scale << " vs " << b[i].scale;
        EXPECT_EQ(a[i].elements, b[i].elements);
        EXPECT_EQ(a[i].nonzero, b[i].nonzero);
        EXPECT_EQ(a[i].saturated, b[i].saturated);
        EXPECT_EQ(a[i].flushed, b[i].flushed);
    }
}

// A run made the GPU's way (a kernels factory, its own copy of the initial model) over the CPU kernels,
// step by step against the double-precision reference of tests/gpu/reference_training_step.h: FP32, SGD,
// every step over the whole data set (its micro-batches together make one epoch), so that each step's
// loss, gradient norm, clipping and update follow from the weights before it. The host loop (micro-batches,
// clipping, weight decay, momentum, the update) and the kernels are both under test; on a GPU only the
// kernels change.
void expectStepsMatchTheReference(TrainingConfig c, const std::string& what) {
    SCOPED_TRACE(what);
    c.mode = TrainingMode::Fp32;
    c.optimizer.kind = OptimizerKind::Sgd;
    c.collectStats = false;
    c.batchSize = TrainingRun(c).dataset().size() / c.accumulationSteps;
    TrainingRun run(c, cpuKernelsFactory());
    ASSERT_FALSE(run.onEmulator());
    ASSERT_EQ(run.dataset().size() % c.accumulationSteps, 0);
    const std::vector<Parameter>& params = run.model().parameters();
    const double lr = c.optimizer.learningRate, momentum = c.optimizer.momentum, decay = c.optimizer.weightDecay;
    std::vector<float> before = run.weights();
    std::vector<double> velocity;
    for (int step = 1; step <= c.steps; ++step) {
        SCOPED_TRACE("step " + std::to_string(step));
        const ReferenceStep ref = referenceStep(run.dataset(), run.model().shape(), before, run.config().lossWeight);
        const StepRecord* r = run.step();
        ASSERT_NE(r, nullptr);
        EXPECT_NEAR(r->loss, ref.loss, 1e-5 * ref.loss);
        EXPECT_NEAR(r->gradNorm, ref.gradNorm, 1e-4 * ref.gradNorm);
        const double coef = c.clipNorm > 0 ? c.clipNorm / (ref.gradNorm + 1e-6) : 1.0;
        EXPECT_EQ(r->clipped, coef < 1.0);
        // torch.optim.SGD: g + weight_decay * w, then the momentum buffer (the first step takes g itself).
        std::vector<double> update(before.size());
        for (std::size_t i = 0; i < before.size(); ++i)
            update[i] = ref.grad[i] * std::min(coef, 1.0) + decay * before[i];
        if (momentum != 0 && !velocity.empty())
            for (std::size_t i = 0; i < update.size(); ++i) update[i] += momentum * velocity[i];
        velocity = update;
        const std::vector<float> after = run.weights();
        ASSERT_EQ(after.size(), before.size());
        std::size_t at = 0;
        for (const Parameter& p : params) {
            double largest = 0;
            for (std::size_t i = at; i < at + p.size(); ++i) largest = std::max(largest, std::fabs(update[i]));
            for (std::size_t i = at; i < at + p.size(); ++i) {
                // What the run's update was, read back from the weights; a float weight is only good to its ulp.
                const double taken = (double(before[i]) - double(after[i])) / lr;
                const double ulp = double(std::nextafter(std::fabs(before[i]), 1e30f) - std::fabs(before[i]));
                ASSERT_NEAR(taken, update[i], 1e-4 * largest + 2 * ulp / lr) << p.name << "[" << i - at << "]";
            }
            at += p.size();
        }
        before = after;
    }
    EXPECT_EQ(run.step(), nullptr);
    EXPECT_EQ(run.state().status, RunStatus::Finished) << run.state().message;
}

TEST(GpuTrainingHost, SgdStepsMatchADoublePrecisionReference) {
    TrainingConfig c;
    c.steps = 5;
    c.optimizer.learningRate = 0.5f;
    c.optimizer.momentum = 0;
    expectStepsMatchTheReference(c, "sgd, one hidden block, one batch");
}

TEST(GpuTrainingHost, VariantsMatchADoublePrecisionReference) {
    TrainingConfig c; // momentum, weight decay, two micro-batches, clipping, two hidden blocks
    c.steps = 6;
    c.optimizer.learningRate = 0.1f;
    c.optimizer.momentum = 0.9f;
    c.optimizer.weightDecay = 1e-3f;
    c.accumulationSteps = 2;
    c.clipNorm = 0.5f;
    c.model.depth = 2;
    c.model.width = 24;
    expectStepsMatchTheReference(c, "sgd momentum, weight decay, two micro-batches, clipping, depth 2");
}

// The GPU's kernels report the FP8 casts without the other statistics: TrainingRun must still hand
// them the step's record, merged over micro-batches, equal to the emulator's (delayed scaling with a
// short history and a margin, so that the history rolls over and the scales move).
class Fp8CastsOnly final : public StepKernels {
public:
    explicit Fp8CastsOnly(std::unique_ptr<StepKernels> cpu) : m_cpu(std::move(cpu)) {}
    bool collectsStats() const override { return false; }
    bool reportsFp8Casts() const override { return true; }
    void zeroGrad() override { m_cpu->zeroGrad(); }
    ForwardResult forwardBackward(const BatchView& b, float g, BackwardStats* s) override {
        BackwardStats all; // the micro-batches' casts merge into the record's, as on the GPU
        if (s) all.fp8 = std::move(s->fp8);
        const ForwardResult r = m_cpu->forwardBackward(b, g, s ? &all : nullptr);
        if (s) s->fp8 = std::move(all.fp8);
        return r;
    }
    bool unscaleAndCheck(float scale, bool unscale) override { return m_cpu->unscaleAndCheck(scale, unscale); }
    std::vector<float> gradientSquares() override { return m_cpu->gradientSquares(); }
    void scaleGradients(float coef) override { m_cpu->scaleGradients(coef); }
    OptimizerOutcome optimizerStep() override {
        OptimizerOutcome o = m_cpu->optimizerStep();
        o.updates.clear();
        return o;
    }
    std::vector<float> weights() override { return m_cpu->weights(); }
    ForwardResult evaluate(const BatchView& b) override { return m_cpu->evaluate(b); }

private:
    std::unique_ptr<StepKernels> m_cpu;
};

TEST(GpuTrainingHost, Fp8CastsReachTheRecordFromKernelsWithoutOtherStatistics) {
    for (TrainingMode m : {TrainingMode::Fp8Delayed, TrainingMode::Fp8Current, TrainingMode::Fp8Block}) {
        TrainingConfig c;
        c.mode = m;
        c.steps = 12;
        c.accumulationSteps = 2;
        c.fp8.amaxHistory = 3;
        c.fp8.margin = 1;
        c.outlierStep = 5; // a large input: the delayed scale lags it and saturates
        c.outlierValue = 1e4f;
        TrainingRun cpu(c);
        TrainingRun host(c, [](const ToyModel& i, const PrecisionPolicy& p, const OptimizerSettings& o, int rows) {
            return std::make_unique<Fp8CastsOnly>(cpuKernelsFactory()(i, p, o, rows));
        });
        std::int64_t saturated = 0;
        while (const StepRecord* a = cpu.step()) {
            const StepRecord* b = host.step();
            ASSERT_NE(b, nullptr);
            SCOPED_TRACE(std::string(modeName(m)) + ", step " + std::to_string(a->step));
            ASSERT_EQ(a->fp8.size(), 6u);     // fc1 and head: input, weight, grad_output
            EXPECT_EQ(b->window.elements, 0); // the other statistics stay unmeasured
            expectSameFp8Casts(a->fp8, b->fp8);
            for (const Fp8TensorStats& t : b->fp8) saturated += t.saturated;
        }
        if (m == TrainingMode::Fp8Delayed) {
            EXPECT_GT(saturated, 0);
        }
    }
}

// The GradScaler's rule read off the records of a run made the GPU's way. Not a comparison with the
// emulator: the step's algorithm is shared, so a fault in it would be on both sides of one.
TEST(GpuTrainingHost, TheRecordsFollowTheScalerRule) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.dataset = DatasetKind::TinyGrad;
    c.scaler.initScale = 0x1p40f;
    c.scaler.growthInterval = 3;
    c.steps = 30;
    TrainingRun run(c, cpuKernelsFactory());
    int skipped = 0, grown = 0, tracker = 0;
    float scale = c.scaler.initScale;
    while (const StepRecord* r = run.step()) {
        SCOPED_TRACE("step " + std::to_string(r->step));
        EXPECT_EQ(r->scale, scale);
        EXPECT_EQ(r->skipped, r->nonFiniteGradients);
        if (r->nonFiniteGradients) {
            ++skipped;
            tracker = 0;
            EXPECT_EQ(r->scaleAfter, r->scale * 0.5f);
        } else if (++tracker == c.scaler.growthInterval) {
            ++grown;
            tracker = 0;
            EXPECT_EQ(r->scaleAfter, r->scale * 2.0f);
        } else {
            EXPECT_EQ(r->scaleAfter, r->scale);
        }
        EXPECT_EQ(r->growthTracker, tracker);
        scale = r->scaleAfter;
    }
    EXPECT_EQ(run.state().status, RunStatus::Finished) << run.state().message;
    EXPECT_GT(skipped, 0);
    EXPECT_GT(grown, 0);
}

TEST(GpuTrainingHost, AnInvalidConfigurationIsRefusedLikeTheCpuRun) {
    TrainingConfig c;
    c.steps = 0;
    TrainingRun run(c, cudaKernelsFactory()); // no kernels are made, so this needs no GPU
    EXPECT_EQ(run.state().status, RunStatus::Invalid);
    EXPECT_EQ(run.state().message, checkConfig(c));
    EXPECT_EQ(run.step(), nullptr);
}

TEST(GpuTrainingHost, CancelEndsTheRun) {
    TrainingConfig c;
    c.steps = 10;
    TrainingRun run(c, cpuKernelsFactory());
    ASSERT_NE(run.step(), nullptr);
    run.requestCancel();
    EXPECT_EQ(run.step(), nullptr);
    EXPECT_EQ(run.state().status, RunStatus::Cancelled);
}

TEST(GpuTrainingHost, LockstepComparisonOfEqualRunsAgreesExactly) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp16Dynamic;
    c.steps = 40;
    TrainingRun cpu(c), host(c, cpuKernelsFactory());
    int seen = 0;
    const BackendComparison r = compareInLockstep(cpu, host, toleranceFor(c.mode),
                                                  [&](const StepComparison& s) { EXPECT_EQ(s.step, ++seen); });
    EXPECT_EQ(seen, 40);
    EXPECT_TRUE(r.comparison.agrees()) << r.comparison.verdict();
    EXPECT_EQ(r.comparison.maxLossDifference, 0.0);
    EXPECT_EQ(r.comparison.maxWeightDifference, 0.0);
    EXPECT_EQ(r.comparison.maxLossDifferenceAfter, 0.0);
    EXPECT_EQ(r.a.steps.size(), 40u);
    EXPECT_GT(r.b.stepsPerSecond(), 0.0);
}

// The CPU kernels with a CUDA error planted: from the `failAt`-th call of `where` (unscale or weights),
// each throws the GpuError FPLAB_CUDA_CHECK would, and describes it as the CUDA kernels do.
class FailingCudaKernels final : public StepKernels {
public:
    enum class Where { Unscale, Weights };
    FailingCudaKernels(std::unique_ptr<StepKernels> inner, Where where, int failAt)
        : m_inner(std::move(inner)), m_where(where), m_failAt(failAt) {}
    bool collectsStats() const override { return false; }
    void zeroGrad() override { m_inner->zeroGrad(); }
    ForwardResult forwardBackward(const BatchView& b, float s, BackwardStats*) override {
        return m_inner->forwardBackward(b, s, nullptr);
    }
    bool unscaleAndCheck(float scale, bool unscale) override {
        maybeFail(Where::Unscale);
        return m_inner->unscaleAndCheck(scale, unscale);
    }
    std::vector<float> gradientSquares() override { return m_inner->gradientSquares(); }
    void scaleGradients(float coef) override { m_inner->scaleGradients(coef); }
    OptimizerOutcome optimizerStep() override { return {{}, m_inner->optimizerStep().weightsFinite}; }
    std::vector<float> weights() override {
        maybeFail(Where::Weights);
        return m_inner->weights();
    }
    ForwardResult evaluate(const BatchView& b) override { return m_inner->evaluate(b); }
    std::string describeFailure(const std::exception& e) const override { return describeGpuFailure(e); }

private:
    void maybeFail(Where where) {
        if (where == m_where && ++m_calls >= m_failAt)
            throw callFailure(GpuError::Kind::CudaCall, "CUDA",
                              "cudaMemcpy(&flag, m_flag.get(), sizeof flag, cudaMemcpyDeviceToHost)", 700,
                              "cudaErrorIllegalAddress", "an illegal memory access was encountered",
                              "cuda_step_kernels.cpp", 123);
    }
    std::unique_ptr<StepKernels> m_inner;
    Where m_where;
    int m_failAt;
    int m_calls = 0;
};

StepKernelsFactory failingFactory(FailingCudaKernels::Where where, int failAt) {
    return [=](const ToyModel& m, const PrecisionPolicy& p, const OptimizerSettings& o, int rows) {
        return std::make_unique<FailingCudaKernels>(cpuKernelsFactory()(m, p, o, rows), where, failAt);
    };
}

TEST(GpuTrainingHost, ACudaErrorInAStepEndsTheRunAsFailedNamingTheCall) {
    TrainingConfig c;
    c.steps = 10;
    TrainingRun run(c, failingFactory(FailingCudaKernels::Where::Unscale, 4));
    for (int i = 0; i < 3; ++i) ASSERT_NE(run.step(), nullptr);
    EXPECT_EQ(run.step(), nullptr);
    const RunState s = run.state();
    EXPECT_EQ(s.status, RunStatus::Failed);
    EXPECT_EQ(statusName(s.status), "failed");
    EXPECT_EQ(s.stepsDone, 3);
    EXPECT_EQ(s.message.rfind("step 4: the backend failed: CUDA error: ", 0), 0u) << s.message;
    EXPECT_NE(s.message.find("cudaMemcpy(&flag"), std::string::npos) << s.message;
    EXPECT_NE(s.message.find("cudaErrorIllegalAddress"), std::string::npos) << s.message;
    EXPECT_EQ(run.step(), nullptr);
}

TEST(GpuTrainingHost, AFailedWeightReadInTheComparisonEndsThatRunAsFailed) {
    TrainingConfig c;
    c.steps = 10;
    TrainingRun cpu(c);
    TrainingRun host(c, failingFactory(FailingCudaKernels::Where::Weights, 2));
    const BackendComparison r = compareInLockstep(cpu, host, toleranceFor(c.mode));
    EXPECT_EQ(r.a.state.status, RunStatus::Finished);
    EXPECT_EQ(r.b.state.status, RunStatus::Failed);
    EXPECT_EQ(r.b.steps.size(), 1u);
    EXPECT_EQ(r.b.state.message.rfind("after step 2: the backend failed: CUDA error: CUDA call failed: cudaMemcpy(", 0),
              0u)
        << r.b.state.message;
    EXPECT_FALSE(r.comparison.agrees()) << r.comparison.verdict();
    EXPECT_NE(r.comparison.verdict().find("failed after 1"), std::string::npos) << r.comparison.verdict();
}

TEST(GpuTrainingHost, WithoutAGpuTheGpuRunSaysWhy) {
    const std::string why = gpuTrainingUnavailableReason();
    if (why.empty()) GTEST_SKIP() << "a GPU is usable here; this test is for machines without one";
    EXPECT_EQ(why.rfind("no GPU: ", 0), 0u) << why;
    TrainingConfig c;
    try {
        makeTrainingRun(TrainingBackend::Gpu, c);
        ADD_FAILURE() << "expected GpuError";
    } catch (const GpuError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("no GPU: ", 0), 0u) << e.what();
        EXPECT_TRUE(e.kind() == GpuError::Kind::NoDevice || e.kind() == GpuError::Kind::NotBuilt);
    }
}

// The device computes amax / 448 only: the block recipe with an E8M0 rule is refused before any GPU is
// asked for, with or without one; fp32 (the default) is not refused here.
TEST(GpuTrainingHost, TheBlockRecipeWithAnE8m0RuleIsRefusedBeforeTheGpu) {
    TrainingConfig c;
    c.mode = TrainingMode::Fp8Block;
    c.fp8.blockRule = blockscale::ScaleRule::RoundUp;
    try {
        makeTrainingRun(TrainingBackend::Gpu, c);
        ADD_FAILURE() << "expected GpuError";
    } catch (const GpuError& e) {
        EXPECT_EQ(e.kind(), GpuError::Kind::Unsupported);
        EXPECT_STREQ(e.what(), "the fp8-block mode's scale rule round-up runs on the CPU emulator only: the GPU "
                               "computes DeepSeek-V3's FP32 block scales (amax / 448)");
    }
    c.fp8.blockRule = blockscale::ScaleRule::Fp32;
    EXPECT_EQ(fp8BlockRuleUnsupportedReason(policyFor(c.mode, true, c.fp8)), "");
    c.mode = TrainingMode::Fp8Current; // the per-tensor recipes have no block rule to refuse
    c.fp8.blockRule = blockscale::ScaleRule::Ocp;
    EXPECT_EQ(fp8BlockRuleUnsupportedReason(policyFor(c.mode, true, c.fp8)), "");
}

} // namespace
} // namespace fplab::gpu::test
