// Comparing two runs step by step, and the tolerances per mode (the reasoning is in docs/training.md).
#include "core/training/run_comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace fplab::training {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

std::string value(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

// What differs first in a step that does not agree.
std::string describe(const StepComparison& s, const ComparisonTolerance& t, std::string_view a, std::string_view b) {
    const std::string at = "step " + std::to_string(s.step) + ": ";
    if (!s.skipAgrees)
        return at + "the step was skipped on " + std::string(s.skippedA ? a : b) + " only (inf/NaN gradients there)";
    if (!s.scaleAgrees)
        return at + "loss scale " + value(s.scaleA) + " on " + std::string(a) + ", " + value(s.scaleB) + " on " +
               std::string(b);
    if (!s.lossAgrees)
        return at + "loss " + value(s.lossA) + " on " + std::string(a) + ", " + value(s.lossB) + " on " +
               std::string(b) + " (relative difference " + number(s.lossDifference) + ", tolerance " + number(t.loss) +
               ")";
    if (!s.fp8Agrees)
        return at + "the FP8 cast of " + s.fp8Tensor + " differs (amax or scale, relative difference " +
               number(s.fp8Difference) + ", tolerance " + number(t.fp8) + ")";
    return at + "the weights differ by " + number(s.weightDifference) + " (relative, tolerance " + number(t.weights) +
           ")";
}

} // namespace

std::vector<float> flattenWeights(const std::vector<Parameter>& params) {
    std::vector<float> out;
    for (const Parameter& p : params) out.insert(out.end(), p.value.begin(), p.value.end());
    return out;
}

ComparisonTolerance toleranceFor(TrainingMode mode) {
    // Calibrated on the CPU (docs/training.md, "The tolerance"): a run whose learning rate is one float32
    // ulp larger drifts from the original by rounding noise alone; over the first 32 steps (spirals, Adam
    // and SGD) the largest drift was 2.9e-7 / 1.2e-7 (loss / weights) in fp32, 1.3e-4 / 2.3e-5 in tf32,
    // 2.6e-4 / 6.5e-5 in the fp16 modes and 8.2e-4 / 1.7e-4 in bf16. The bounds sit 12 to 90 times above.
    switch (mode) {
    case TrainingMode::Fp32: return {1e-5, 1e-5};
    case TrainingMode::Tf32: return {2e-3, 5e-4};
    case TrainingMode::Fp16:
    case TrainingMode::Fp16Static:
    case TrainingMode::Fp16Dynamic: return {4e-3, 1e-3};
    case TrainingMode::Bf16: return {1e-2, 2e-3};
    // BF16's bounds (the FP8 modes autocast to BF16 around their FP8 GEMMs; their drift was at most
    // 2.1e-3 / 3.3e-4, fp8-block). An FP8 cast's amax and scale drifted by up to 1.9e-2 (fp8-block,
    // Adam: a gradient's largest element moves more than the loss): 0.1, five times that.
    case TrainingMode::Fp8Delayed:
    case TrainingMode::Fp8Current:
    case TrainingMode::Fp8Block: return {1e-2, 2e-3, 0.1};
    }
    return {1e-2, 2e-3};
}

double relativeDifference(double a, double b) {
    if (a == b || (std::isnan(a) && std::isnan(b))) return 0;
    if (!std::isfinite(a) || !std::isfinite(b)) return kInfinity;
    return std::abs(a - b) / std::max(std::abs(a), std::abs(b));
}

double relativeDifference(std::span<const float> a, std::span<const float> b) {
    if (a.size() != b.size()) return kInfinity;
    double diff = 0, norm = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double x = a[i], y = b[i];
        if (x == y || (std::isnan(x) && std::isnan(y))) {
            if (std::isfinite(x)) norm += x * x;
            continue;
        }
        if (!std::isfinite(x) || !std::isfinite(y)) return kInfinity;
        diff += (x - y) * (x - y);
        norm += x * x;
    }
    return norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
}

namespace {

// Both records carry the casts, or the FP8 part is not compared (e.g. a run without statistics).
void compareFp8Casts(const std::vector<Fp8TensorStats>& a, const std::vector<Fp8TensorStats>& b,
                     const ComparisonTolerance& t, StepComparison& s) {
    if (a.empty() || b.empty()) return;
    if (a.size() != b.size()) {
        s.fp8Agrees = false;
        s.fp8Difference = kInfinity;
        s.fp8Tensor = "the tensors (" + std::to_string(a.size()) + " and " + std::to_string(b.size()) + " casts)";
        return;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        double d = a[i].name == b[i].name && a[i].element == b[i].element ? 0.0 : kInfinity;
        d = std::max({d, relativeDifference(a[i].amax, b[i].amax),
                      relativeDifference(a[i].historyAmax, b[i].historyAmax),
                      relativeDifference(a[i].scale, b[i].scale)});
        if (d > s.fp8Difference) {
            s.fp8Difference = d;
            s.fp8Tensor = a[i].name;
        }
    }
    s.fp8Agrees = s.fp8Difference <= t.fp8;
}

} // namespace

StepComparison compareStep(const StepSnapshot& a, const StepSnapshot& b, const ComparisonTolerance& t) {
    StepComparison s;
    s.step = a.record.step;
    s.lossA = a.record.loss;
    s.lossB = b.record.loss;
    s.lossDifference = relativeDifference(s.lossA, s.lossB);
    s.scaleA = a.record.scale;
    s.scaleB = b.record.scale;
    s.skippedA = a.record.skipped;
    s.skippedB = b.record.skipped;
    s.weightDifference = relativeDifference(a.weights, b.weights);
    s.lossAgrees = s.lossDifference <= t.loss;
    s.scaleAgrees = s.scaleA == s.scaleB && a.record.scaleAfter == b.record.scaleAfter;
    s.skipAgrees = s.skippedA == s.skippedB;
    s.weightsAgree = s.weightDifference <= t.weights;
    compareFp8Casts(a.record.fp8, b.record.fp8, t, s);
    s.judged = s.step <= t.judgedSteps;
    return s;
}

RunComparison compareRuns(std::span<const StepSnapshot> a, RunStatus statusA, std::span<const StepSnapshot> b,
                          RunStatus statusB, const ComparisonTolerance& tolerance) {
    std::vector<StepComparison> steps;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) steps.push_back(compareStep(a[i], b[i], tolerance));
    RunComparison r = summarizeComparison(std::move(steps), int(a.size()), statusA, int(b.size()), statusB, tolerance);
    r.skippedA = r.skippedB = 0;
    for (const StepSnapshot& s : a) r.skippedA += s.record.skipped ? 1 : 0;
    for (const StepSnapshot& s : b) r.skippedB += s.record.skipped ? 1 : 0;
    return r;
}

RunComparison summarizeComparison(std::vector<StepComparison> steps, int stepsA, RunStatus statusA, int stepsB,
                                  RunStatus statusB, const ComparisonTolerance& tolerance) {
    RunComparison r;
    r.tolerance = tolerance;
    r.stepsA = stepsA;
    r.stepsB = stepsB;
    r.statusA = statusA;
    r.statusB = statusB;
    for (const StepComparison& s : steps) {
        r.skippedA += s.skippedA ? 1 : 0;
        r.skippedB += s.skippedB ? 1 : 0;
        if (s.judged) {
            if (!s.agrees() && r.firstDisagreement == 0) r.firstDisagreement = s.step;
            r.maxLossDifference = std::max(r.maxLossDifference, s.lossDifference);
            r.maxWeightDifference = std::max(r.maxWeightDifference, s.weightDifference);
            r.maxFp8Difference = std::max(r.maxFp8Difference, s.fp8Difference);
        } else {
            r.maxLossDifferenceAfter = std::max(r.maxLossDifferenceAfter, s.lossDifference);
            r.maxWeightDifferenceAfter = std::max(r.maxWeightDifferenceAfter, s.weightDifference);
        }
    }
    r.steps = std::move(steps);
    return r;
}

bool RunComparison::endJudged() const { return std::min(stepsA, stepsB) <= tolerance.judgedSteps; }

std::string RunComparison::verdict(std::string_view a, std::string_view b) const {
    const int judged = std::min(int(steps.size()), tolerance.judgedSteps);
    std::string details = "largest relative difference over the first " + std::to_string(judged) + " steps: loss " +
                          number(maxLossDifference) + ", weights " + number(maxWeightDifference) + " (tolerance " +
                          number(tolerance.loss) + " and " + number(tolerance.weights) + ")";
    if (tolerance.fp8 > 0)
        details += ", FP8 casts' amax and scale " + number(maxFp8Difference) + " (tolerance " + number(tolerance.fp8) +
                   ")";
    if (int(steps.size()) > tolerance.judgedSteps)
        details += "; after step " + std::to_string(tolerance.judgedSteps) +
                   ", not judged (rounding noise grows): loss " + number(maxLossDifferenceAfter) + ", weights " +
                   number(maxWeightDifferenceAfter);
    const std::string ends = std::string(a) + " " + std::string(statusName(statusA)) + " after " +
                             std::to_string(stepsA) + " steps, " + std::string(b) + " " +
                             std::string(statusName(statusB)) + " after " + std::to_string(stepsB);
    if (firstDisagreement != 0)
        return "differ: " + describe(steps[std::size_t(firstDisagreement - 1)], tolerance, a, b) + "; " + details;
    if (!agrees()) return "differ: " + ends + "; " + details;
    if (stepsA != stepsB || statusA != statusB) return "agree within the judged steps (" + ends + "); " + details;
    return "agree: " + std::to_string(stepsA) + " steps, both " + std::string(statusName(statusA)) + ", skipped " +
           std::to_string(skippedA) + " and " + std::to_string(skippedB) + "; " + details;
}

} // namespace fplab::training
