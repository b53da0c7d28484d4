// StepKernels on the CPU: the emulator's ToyModel and Optimizer, every operation rounded through the
// soft-float core. A TrainingRun made without a kernels factory runs on these.
#pragma once

#include "core/training/low_precision.h"
#include "core/training/step_kernels.h"

namespace fplab::training {

class CpuStepKernels final : public StepKernels {
public:
    CpuStepKernels(ToyModel model, const PrecisionPolicy& policy, const OptimizerSettings& optimizer);

    bool collectsStats() const override { return true; }
    void setStopRequest(const StopRequest* stop) override { m_model.setStopRequest(stop); }
    void saveStepStart() override { m_fp8AtStepStart = m_model.fp8Scalings(); }
    void restoreStepStart() override { m_model.restoreFp8Scalings(m_fp8AtStepStart); }
    void zeroGrad() override { m_model.zeroGrad(); }
    ForwardResult forwardBackward(const BatchView& batch, float gradScale, BackwardStats* stats) override;
    bool unscaleAndCheck(float scale, bool unscale) override;
    std::vector<float> gradientSquares() override;
    void scaleGradients(float coef) override;
    OptimizerOutcome optimizerStep() override;
    std::vector<float> weights() override;
    ForwardResult evaluate(const BatchView& batch) override { return m_model.forward(batch, m_policy); }

    // The model the steps train (its weights live here, in host memory).
    const ToyModel& model() const { return m_model; }
    ToyModel& model() { return m_model; }

private:
    ToyModel m_model;
    PrecisionPolicy m_policy;
    Optimizer m_optimizer;
    Rounding m_store; // the parameters' type
    std::vector<Fp8TensorScaling> m_fp8AtStepStart;
};

// The CPU kernels as a factory (each run gets its own copy of the initial model).
StepKernelsFactory cpuKernelsFactory();

} // namespace fplab::training
