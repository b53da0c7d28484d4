// Two transformer runs of one configuration stepped side by side (normally the emulator and the GPU) and
// compared after every step, as LockstepComparison does for the MLP: the loss, the loss scale and the skipped
// flag (core/training/run_comparison.h, with its tolerance and verdict) and every weight. Both front ends use it.
#pragma once

#include "core/training/run_comparison.h"
#include "core/training/transformer/transformer_run.h"

#include <cstddef>
#include <string>
#include <vector>

namespace fplab::training {

struct TransformerStepComparison {
    StepComparison compared;            // loss, scale, skip and ||a - b|| / ||a|| of the weights, judged
    double largestWeightDifference = 0; // max |a - b| over every weight (infinite where only one is finite)
    std::string largestWeightParameter; // the parameter it is in ("h1.mlp.w2"); empty when every weight is equal
    std::size_t largestWeightElement = 0;
};

// One step of two runs compared; `parameters` names the flattened weights' tensors (their values are not read).
TransformerStepComparison compareTransformerStep(const StepSnapshot& a, const StepSnapshot& b,
                                                 const std::vector<Parameter>& parameters,
                                                 const ComparisonTolerance& tolerance);

// The tolerance for a precision: that of the MLP's mode with the same narrowest format (run_comparison.h), 1e-2
// for a loss computed in 16 bits, its judged steps the first 16. Checked on the emulator against the drift of a
// learning rate one ulp larger (docs/training.md, "The transformer on the GPU"); not yet against a GPU.
ComparisonTolerance transformerTolerance(const TransformerPrecision& precision);

class TransformerLockstep {
public:
    // The names are failure()'s ("emulator", "gpu").
    TransformerLockstep(TransformerRun& a, TransformerRun& b, const ComparisonTolerance& tolerance,
                        std::string nameA = "a", std::string nameB = "b");

    // One step of each run, then the comparison. A step or a weight read that throws ends that run as Failed
    // (failure() says how); false, with nothing done, once a run has failed.
    bool step();
    const std::vector<TransformerStepComparison>& comparisons() const { return m_comparisons; }
    // "<name>: <what the run's kernels say>" for the first run that failed, otherwise empty.
    const std::string& failure() const { return m_failure; }
    // The comparison so far: a run that failed ends Failed, one that did not Finished.
    RunComparison result() const;

private:
    // One step of `run` with its weights after it; false (and the failure noted) when it threw.
    bool advance(TransformerRun& run, const std::string& name, StepSnapshot& out, int& steps);

    TransformerRun& m_a;
    TransformerRun& m_b;
    ComparisonTolerance m_tolerance;
    std::string m_nameA, m_nameB;
    std::vector<Parameter> m_parameters; // the runs' parameters, for their names and sizes
    std::vector<TransformerStepComparison> m_comparisons;
    int m_stepsA = 0, m_stepsB = 0;
    bool m_failedA = false, m_failedB = false;
    std::string m_failure;
};

} // namespace fplab::training
