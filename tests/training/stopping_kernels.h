// Test kernels: the CPU emulator's kernels, except that the `failAt`-th inf/NaN check throws `message`,
// so a run on them ends as Failed after failAt - 1 steps (one side of a comparison stopping early, or a
// backend whose device call fails).
#pragma once

#include "core/training/cpu_step_kernels.h"
#include "core/training/step_kernels.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace fplab::training::test {

class StoppingKernels final : public StepKernels {
public:
    StoppingKernels(std::unique_ptr<StepKernels> inner, int failAt, std::string message)
        : m_inner(std::move(inner)), m_failAt(failAt), m_message(std::move(message)) {}
    bool collectsStats() const override { return m_inner->collectsStats(); }
    void zeroGrad() override { m_inner->zeroGrad(); }
    ForwardResult forwardBackward(const BatchView& b, float s, BackwardStats* stats) override {
        return m_inner->forwardBackward(b, s, stats);
    }
    bool unscaleAndCheck(float scale, bool unscale) override {
        if (++m_calls >= m_failAt) throw std::runtime_error(m_message);
        return m_inner->unscaleAndCheck(scale, unscale);
    }
    std::vector<float> gradientSquares() override { return m_inner->gradientSquares(); }
    void scaleGradients(float coef) override { m_inner->scaleGradients(coef); }
    OptimizerOutcome optimizerStep() override { return m_inner->optimizerStep(); }
    std::vector<float> weights() override { return m_inner->weights(); }
    ForwardResult evaluate(const BatchView& b) override { return m_inner->evaluate(b); }

private:
    std::unique_ptr<StepKernels> m_inner;
    int m_failAt;
    std::string m_message;
    int m_calls = 0;
};

inline StepKernelsFactory stoppingKernelsFactory(int failAt, const std::string& message = "planted failure") {
    return [=](const ToyModel& m, const PrecisionPolicy& p, const OptimizerSettings& o, int rows) {
        return std::make_unique<StoppingKernels>(cpuKernelsFactory()(m, p, o, rows), failAt, message);
    };
}

} // namespace fplab::training::test
