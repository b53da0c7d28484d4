// Lockstep stepping: one step per run per call, a comparison whenever both made the step.
#include "core/training/lockstep_comparison.h"

#include <chrono>
#include <exception>

namespace fplab::training {

LockstepComparison::LockstepComparison(TrainingRun& a, TrainingRun& b, const ComparisonTolerance& tolerance)
    : m_a(a), m_b(b), m_tolerance(tolerance) {}

std::optional<StepSnapshot> LockstepComparison::advance(TrainingRun& run, LockstepSide& side, const StopRequest* stop) {
    side.last = nullptr;
    if (run.over()) return std::nullopt;
    const auto start = std::chrono::steady_clock::now();
    std::optional<StepSnapshot> out;
    const StepRecord* r = run.step(stop);
    if (run.interrupted()) return std::nullopt; // its time is not the step's
    if (r) {
        try {
            out = StepSnapshot{*r, run.weights()};
            side.last = r;
            ++side.steps;
            side.skipped += r->skipped ? 1 : 0;
        } catch (const std::exception& e) {
            run.fail(e);
        }
    }
    side.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

bool LockstepComparison::step(const StopRequest* stop) {
    m_lastCompared = false;
    m_interrupted = false;
    if (over()) {
        m_sideA.last = m_sideB.last = nullptr;
        return false;
    }
    const std::optional<StepSnapshot> a = advance(m_a, m_sideA, stop);
    if (m_a.interrupted()) {
        m_interrupted = true;
        return true;
    }
    const std::optional<StepSnapshot> b = advance(m_b, m_sideB, nullptr);
    if (a && b) {
        m_comparisons.push_back(compareStep(*a, *b, m_tolerance));
        m_lastCompared = true;
    }
    return true;
}

void LockstepComparison::requestCancel() {
    m_a.requestCancel();
    m_b.requestCancel();
}

RunComparison LockstepComparison::result() const {
    RunComparison r = summarizeComparison(m_comparisons, m_sideA.steps, m_a.state().status, m_sideB.steps,
                                          m_b.state().status, m_tolerance);
    // Every step each run made counts, also those the other run did not make.
    r.skippedA = m_sideA.skipped;
    r.skippedB = m_sideB.skipped;
    return r;
}

} // namespace fplab::training
