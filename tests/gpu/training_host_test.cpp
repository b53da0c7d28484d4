// The host side of the GPU training run, checked on the CPU: a TrainingRun made the way a GPU run is
// made (a kernels factory: its own copy of the initial model, the rows to allocate for) but over the
// CPU kernels must be the emulator's run bit for bit (batch order, initial weights, scaler, skips,
// clipping, the end of the run, the statistics), so on a GPU only the kernels can make the runs
// differ. Also the no-GPU behaviour, and a CUDA error ending the run as Failed.
#include "core/training/cpu_step_kernels.h"
#include "core/training/run_comparison.h"
#include "gpu/gpu_error.h"
#include "gpu/training/backend_comparison.h"
#include "gpu/training/gpu_step_kernels.h"
#include "gpu/training/training_backend.h"
#include "tests/gpu/gpu_test_support.h"

#include <gtest/gtest.h>

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

void expectSameRuns(const TrainingConfig& c, const std::string& what) {
    TrainingRun cpu(c);
    TrainingRun host(c, cpuKernelsFactory());
    ASSERT_TRUE(cpu.onEmulator());
    ASSERT_FALSE(host.onEmulator());
    for (;;) {
        const StepRecord* a = cpu.step();
        const StepRecord* b = host.step();
        ASSERT_EQ(a == nullptr, b == nullptr) << what;
        if (!a) break;
        SCOPED_TRACE(what + ", step " + std::to_string(a->step));
        EXPECT_EQ(a->step, b->step);
        EXPECT_TRUE(sameBits(a->loss, b->loss)) << a->loss << " vs " << b->loss;
        EXPECT_TRUE(sameBits(a->accuracy, b->accuracy));
        EXPECT_TRUE(sameBits(a->scale, b->scale));
        EXPECT_TRUE(sameBits(a->scaleAfter, b->scaleAfter));
        EXPECT_EQ(a->growthTracker, b->growthTracker);
        EXPECT_EQ(a->skipped, b->skipped);
        EXPECT_EQ(a->nonFiniteGradients, b->nonFiniteGradients);
        EXPECT_TRUE(sameBits(a->gradNorm, b->gradNorm)) << a->gradNorm << " vs " << b->gradNorm;
        EXPECT_EQ(a->clipped, b->clipped);
        EXPECT_EQ(a->updatesVanished, b->updatesVanished);
        EXPECT_EQ(a->window.underflow, b->window.underflow);
        EXPECT_EQ(a->window.elements, b->window.elements);
        EXPECT_EQ(a->histogram.bins, b->histogram.bins);
        ASSERT_EQ(a->updateRatio.size(), b->updateRatio.size());
        if (!a->updateRatio.empty()) { // memcmp must not see the null data() of an empty vector
            EXPECT_EQ(std::memcmp(a->updateRatio.data(), b->updateRatio.data(), a->updateRatio.size() * sizeof(double)), 0);
        }
        expectSameFp8Casts(a->fp8, b->fp8);
        const std::vector<float> wa = flattenWeights(cpu.model().parameters()), wb = host.weights();
        ASSERT_EQ(wa.size(), wb.size());
        if (!wa.empty()) {
            EXPECT_EQ(std::memcmp(wa.data(), wb.data(), wa.size() * sizeof(float)), 0);
        }
    }
    EXPECT_EQ(cpu.state().status, host.state().status) << what << ": " << cpu.state().message << " / " << host.state().message;
    EXPECT_TRUE(sameBits(cpu.evaluate().loss, host.evaluate().loss)) << what;
}

TEST(GpuTrainingHost, EveryModeIsTheCpuRunWithTheCpuKernels) {
    for (TrainingMode m : kAllModes) {
        TrainingConfig c;
        c.mode = m;
        c.steps = 25;
        expectSameRuns(c, std::string(modeName(m)));
    }
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
            ASSERT_EQ(a->fp8.size(), 6u); // fc1 and head: input, weight, grad_output
            EXPECT_EQ(b->window.elements, 0); // the other statistics stay unmeasured
            expectSameFp8Casts(a->fp8, b->fp8);
            for (const Fp8TensorStats& t : b->fp8) saturated += t.saturated;
        }
        if (m == TrainingMode::Fp8Delayed) {
            EXPECT_GT(saturated, 0);
        }
    }
}

TEST(GpuTrainingHost, VariantsAreTheCpuRun) {
    TrainingConfig base;
    base.steps = 20;
    {
        TrainingConfig c = base; // SGD, two micro-batches, clipping, two hidden blocks, weight decay
        c.mode = TrainingMode::Bf16;
        c.optimizer.kind = OptimizerKind::Sgd;
        c.optimizer.learningRate = 0.1f;
        c.optimizer.weightDecay = 1e-3f;
        c.accumulationSteps = 2;
        c.clipNorm = 0.5f;
        c.model.depth = 2;
        c.model.width = 24;
        c.batchSize = 50; // batches straddle the epoch boundary of 600 points
        expectSameRuns(c, "bf16 sgd accumulate clip depth 2");
    }
    {
        TrainingConfig c = base; // 16-bit parameters: vanished updates
        c.mode = TrainingMode::Fp16;
        c.masterWeights = false;
        expectSameRuns(c, "fp16 without master weights");
    }
    {
        TrainingConfig c = base; // tiny gradients: the dynamic scaler grows and skips
        c.mode = TrainingMode::Fp16Dynamic;
        c.dataset = DatasetKind::TinyGrad;
        c.scaler.initScale = 0x1p40f;
        c.scaler.growthInterval = 3;
        expectSameRuns(c, "fp16-dynamic tiny-grad");
    }
    {
        TrainingConfig c = base; // a huge constant scale: the run diverges
        c.mode = TrainingMode::Fp16Static;
        c.staticScale = 0x1p30f;
        expectSameRuns(c, "fp16-static diverging");
    }
    {
        TrainingConfig c = base; // a scale floor above the initial scale: the scale collapses at once
        c.mode = TrainingMode::Fp16Dynamic;
        c.scaler.initScale = 0x1p40f;
        c.minScale = 0x1p39f;
        expectSameRuns(c, "fp16-dynamic collapsing");
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
    const BackendComparison r = compareInLockstep(cpu, host, toleranceFor(c.mode), [&](const StepComparison& s) {
        EXPECT_EQ(s.step, ++seen);
    });
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
    ForwardResult forwardBackward(const BatchView& b, float s, BackwardStats*) override { return m_inner->forwardBackward(b, s, nullptr); }
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
            throw callFailure(GpuError::Kind::CudaCall, "CUDA", "cudaMemcpy(&flag, m_flag.get(), sizeof flag, cudaMemcpyDeviceToHost)",
                              700, "cudaErrorIllegalAddress", "an illegal memory access was encountered",
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
    EXPECT_EQ(r.b.state.message.rfind("after step 2: the backend failed: CUDA error: CUDA call failed: cudaMemcpy(", 0), 0u)
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

} // namespace
} // namespace fplab::gpu::test
