// The transformer's step kernels on the emulator: every operation of TransformerModel through EmulatedOps
// (the soft-float core, with its flags and the first-overflow report), Adam from core/training/optimizer.h
// computed in FP32, and the weights stored as the precision's WeightStorage says (BF16 rounded to nearest or
// stochastically through the core's stochastic rounding).
#pragma once

#include "core/random.h"
#include "core/training/transformer/transformer_step_kernels.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace fplab::training {

class EmulatedTransformerKernels final : public TransformerStepKernels {
public:
    EmulatedTransformerKernels(const TransformerModel& initial, const TransformerPrecision& precision,
                               const OptimizerSettings& optimizer, std::uint64_t seed);

    bool emulated() const override { return true; }
    void setStopRequest(const StopRequest* stop) override {
        m_stop = stop;
        m_ops.setStopRequest(stop);
    }
    void saveStepStart() override { m_fp8AtStepStart = m_model.fp8ScalingState(); }
    void restoreStepStart() override { m_model.restoreFp8ScalingState(m_fp8AtStepStart); }
    void zeroGrad() override { m_model.zeroGrad(); }
    TransformerPass forwardBackward(const TokenBatch& batch, float lossScale) override;
    bool unscaleAndCheck(float scale, bool unscale) override;
    TransformerUpdate optimizerStep() override;
    std::vector<float> weights() override;
    std::vector<float> logits(const TokenBatch& batch) override;

    const TransformerModel& model() const { return m_model; }
    // The last forwardBackward's operations: flags per tensor and the first overflow.
    const EmulatedOps& lastPass() const { return m_ops; }
    // Off: every operation on the soft-float core (EmulatedOps::useFastPaths), with the same results.
    void useFastPaths(bool use) { m_ops.useFastPaths(use); }
    // Off: FP16 matmuls on the binary64 lanes where the CPU has an FP16 fma too (EmulatedOps::useHostHalfMatmul).
    void useHostHalfMatmul(bool use) { m_ops.useHostHalfMatmul(use); }

private:
    float roundToBf16Stochastic(float x); // through the core's stochastic rounding, the next random bits

    TransformerModel m_model;
    TransformerPrecision m_precision;
    Optimizer m_optimizer;
    StochasticStream m_rounding; // the random bits of stochastically rounded weights
    EmulatedOps m_ops;
    TransformerModel::Fp8ScalingState m_fp8AtStepStart;
    const StopRequest* m_stop = nullptr;
};

// A factory of EmulatedTransformerKernels, TransformerRun's default.
TransformerKernelsFactory emulatedTransformerKernelsFactory();

} // namespace fplab::training
