// Two runs of one configuration stepped side by side (normally the CPU emulator and the GPU) and
// compared after every step, the one comparison both front ends use: fplab-cli train --compare (through
// gpu::compareInLockstep) and the app's Training section (step by step on its worker, with pause and
// cancel). Each call to step() advances every run that is not over by one step, so when one run stops
// early the other goes on to its own end, and the verdict judges how both ended.
#pragma once

#include "core/training/run_comparison.h"
#include "core/training/training_run.h"

#include <optional>
#include <vector>

namespace fplab::training {

struct LockstepSide {
    int steps = 0;                    // steps made
    int skipped = 0;                  // of which skipped (inf/NaN gradients)
    double seconds = 0;               // spent in step() and in reading the weights back
    const StepRecord* last = nullptr; // the record the last step() made (nullptr: this run is over)
    double stepsPerSecond() const { return seconds > 0 ? double(steps) / seconds : 0.0; }
};

class LockstepComparison {
public:
    LockstepComparison(TrainingRun& a, TrainingRun& b, const ComparisonTolerance& tolerance);

    // One step of each run that is not over; false (and nothing done) when both are over. A failed read of
    // a run's weights ends that run as Failed. With `stop`, the first run's step may be interrupted
    // (TrainingRun::step): then the second run does not step either, and interrupted() says so.
    bool step(const StopRequest* stop = nullptr);
    bool interrupted() const { return m_interrupted; }
    bool over() const { return m_a.over() && m_b.over(); }
    // Thread-safe: both runs end as Cancelled at their next step.
    void requestCancel();

    const LockstepSide& a() const { return m_sideA; }
    const LockstepSide& b() const { return m_sideB; }
    // The comparison the last step() made (both runs made that step), or nullptr.
    const StepComparison* lastComparison() const { return m_lastCompared ? &m_comparisons.back() : nullptr; }
    const std::vector<StepComparison>& comparisons() const { return m_comparisons; }
    // The comparison so far (the verdict once over()): how each run ended is judged with the steps.
    RunComparison result() const;

private:
    // One step of one run with its weights after it; nullopt when that run is over.
    std::optional<StepSnapshot> advance(TrainingRun& run, LockstepSide& side, const StopRequest* stop);

    TrainingRun& m_a;
    TrainingRun& m_b;
    ComparisonTolerance m_tolerance;
    LockstepSide m_sideA, m_sideB;
    std::vector<StepComparison> m_comparisons;
    bool m_lastCompared = false;
    bool m_interrupted = false;
};

} // namespace fplab::training
