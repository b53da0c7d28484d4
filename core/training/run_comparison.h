// Step-by-step comparison of two runs of one configuration (the CPU emulator and the GPU): loss,
// loss scale, skipped steps and weights after every step, against a tolerance that allows for the
// different order in which the two sum their products (see docs/training.md, "The tolerance").
#pragma once

#include "core/training/training_run.h"

#include <span>
#include <string>
#include <vector>

namespace fplab::training {

// One side of one step: its record and every parameter after the step, flattened in the model's
// parameter order (fc1.weight, fc1.bias, ln.weight, ...).
struct StepSnapshot {
    StepRecord record;
    std::vector<float> weights;
};
std::vector<float> flattenWeights(const std::vector<Parameter>& params);

// Relative differences the comparison accepts. The scale and the skipped flag must match exactly:
// both follow from the inf/NaN flag, which a difference of a few ulps does not flip. Rounding noise
// grows from step to step (two correct runs drift apart), so only the first judgedSteps are judged;
// later steps are compared and shown, not judged.
struct ComparisonTolerance {
    double loss = 0;    // |a - b| / max(|a|, |b|)
    double weights = 0; // ||a - b|| / ||a|| over all parameters
    // fp8-* modes: each FP8 GEMM operand's amax, the amax its scale came from, and its scale, as a
    // relative difference (compared when both records carry the casts).
    double fp8 = 0;
    int judgedSteps = 32;
};
// The tolerance for a mode: a float32 run differs by float32 rounding noise; a 16-bit run also by
// whole ulps of its type where a float32 result lands near one of its rounding boundaries.
ComparisonTolerance toleranceFor(TrainingMode mode);

// |a - b| / max(|a|, |b|); 0 when both are equal (also both NaN or the same infinity), infinite
// when only one is NaN or infinite.
double relativeDifference(double a, double b);
// ||a - b|| / ||a|| (or ||a - b|| when a is zero); infinite when the sizes differ or a value is not finite on
// one side only.
double relativeDifference(std::span<const float> a, std::span<const float> b);

struct StepComparison {
    int step = 0;
    float lossA = 0, lossB = 0;
    double lossDifference = 0;
    float scaleA = 1, scaleB = 1;
    bool skippedA = false, skippedB = false;
    double weightDifference = 0;
    // fp8-* modes: the largest relative difference of an FP8 cast's amax or scale, and which tensor.
    double fp8Difference = 0;
    std::string fp8Tensor;
    bool lossAgrees = true, scaleAgrees = true, skipAgrees = true, weightsAgree = true;
    bool fp8Agrees = true; // also false when the two records name different FP8 tensors
    bool judged = true;    // within the tolerance's judgedSteps
    bool agrees() const { return lossAgrees && scaleAgrees && skipAgrees && weightsAgree && fp8Agrees; }
};
StepComparison compareStep(const StepSnapshot& a, const StepSnapshot& b, const ComparisonTolerance& tolerance);

struct RunComparison {
    ComparisonTolerance tolerance;
    std::vector<StepComparison> steps; // the steps both runs made
    int stepsA = 0, stepsB = 0;
    RunStatus statusA = RunStatus::Ready, statusB = RunStatus::Ready;
    int firstDisagreement = 0;    // the first judged step that does not agree (0: none)
    double maxLossDifference = 0; // over the judged steps
    double maxWeightDifference = 0;
    double maxFp8Difference = 0;       // over the judged steps
    double maxLossDifferenceAfter = 0; // over the steps after them
    double maxWeightDifferenceAfter = 0;
    int skippedA = 0, skippedB = 0;
    // How the runs ended is judged when either ended within the judged steps.
    bool endJudged() const;

    bool agrees() const { return firstDisagreement == 0 && (!endJudged() || (stepsA == stepsB && statusA == statusB)); }
    // One sentence: "agree: 50 steps, ..." or what differs first.
    std::string verdict(std::string_view nameA = "cpu", std::string_view nameB = "gpu") const;
};
RunComparison compareRuns(std::span<const StepSnapshot> a, RunStatus statusA, std::span<const StepSnapshot> b,
                          RunStatus statusB, const ComparisonTolerance& tolerance);
// The same from comparisons already made step by step (compareStep), e.g. while the runs go on; the
// skipped counts are those of the compared steps.
RunComparison summarizeComparison(std::vector<StepComparison> steps, int stepsA, RunStatus statusA, int stepsB,
                                  RunStatus statusB, const ComparisonTolerance& tolerance);

} // namespace fplab::training
