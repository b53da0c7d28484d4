#include "core/training/transformer/transformer_lockstep.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>

namespace fplab::training {

namespace {

FormatId narrowest(FormatId a, FormatId b) {
    const auto rank = [](FormatId f) { return f == FormatId::Bf16 ? 2 : f == FormatId::Fp16 ? 1 : 0; };
    return rank(b) > rank(a) ? b : a;
}

FormatId narrowestOf(const LayerPrecision& l) {
    FormatId f = FormatId::Fp32;
    for (TransformerOp op :
         {TransformerOp::Query, TransformerOp::Key, TransformerOp::Value, TransformerOp::AttentionOutput,
          TransformerOp::MlpUp, TransformerOp::MlpDown, TransformerOp::AttentionScores})
        f = narrowest(narrowest(f, l.matmul(op).input), narrowest(l.matmul(op).accumulate, l.matmul(op).output));
    for (FormatId g : {l.softmax, l.layerNorm, l.gelu, l.residual, l.gradient}) f = narrowest(f, g);
    return f;
}

} // namespace

ComparisonTolerance transformerTolerance(const TransformerPrecision& p) {
    FormatId f = narrowestOf(p.layer);
    for (const auto& [index, layer] : p.layers) f = narrowest(f, narrowestOf(layer));
    f = narrowest(f, narrowest(narrowest(p.logits.input, p.logits.output), p.crossEntropy));
    if (p.weights != WeightStorage::Fp32) f = narrowest(f, FormatId::Bf16);
    ComparisonTolerance t = toleranceFor(f == FormatId::Bf16   ? TrainingMode::Bf16
                                         : f == FormatId::Fp16 ? TrainingMode::Fp16
                                                               : TrainingMode::Fp32);
    // A loss computed in a 16-bit format moves by its whole ulps (pure FP16 drifted by 1.7e-3, two of them).
    if (p.crossEntropy != FormatId::Fp32) t.loss = std::max(t.loss, 1e-2);
    t.judgedSteps = 16;
    return t;
}

TransformerStepComparison compareTransformerStep(const StepSnapshot& a, const StepSnapshot& b,
                                                 const std::vector<Parameter>& parameters,
                                                 const ComparisonTolerance& tolerance) {
    TransformerStepComparison c;
    c.compared = compareStep(a, b, tolerance);
    std::size_t parameter = 0, start = 0;
    for (std::size_t i = 0; i < a.weights.size() && i < b.weights.size(); ++i) {
        while (parameter < parameters.size() && i >= start + parameters[parameter].size())
            start += parameters[parameter++].size();
        const double x = a.weights[i], y = b.weights[i];
        if (x == y || (std::isnan(x) && std::isnan(y))) continue;
        const double d = std::isfinite(x) && std::isfinite(y) ? std::abs(x - y)
                                                              : std::numeric_limits<double>::infinity();
        if (!c.largestWeightParameter.empty() && d <= c.largestWeightDifference) continue;
        c.largestWeightDifference = d;
        c.largestWeightParameter = parameter < parameters.size() ? parameters[parameter].name : std::string("?");
        c.largestWeightElement = i - start;
    }
    return c;
}

TransformerLockstep::TransformerLockstep(TransformerRun& a, TransformerRun& b, const ComparisonTolerance& tolerance,
                                         std::string nameA, std::string nameB)
    : m_a(a), m_b(b), m_tolerance(tolerance), m_nameA(std::move(nameA)), m_nameB(std::move(nameB)),
      m_parameters(a.model().parameters()) {}

bool TransformerLockstep::advance(TransformerRun& run, const std::string& name, StepSnapshot& out, int& steps) {
    try {
        const TransformerStep s = run.step();
        out.record.step = s.step;
        out.record.loss = s.loss;
        out.record.scale = s.scale;
        out.record.scaleAfter = run.lossScale();
        out.record.skipped = s.skipped;
        out.weights = run.weights();
        ++steps;
        return true;
    } catch (const std::exception& e) {
        if (m_failure.empty()) m_failure = name + ": " + run.describeFailure(e);
        return false;
    }
}

bool TransformerLockstep::step() {
    if (m_failedA || m_failedB) return false;
    StepSnapshot a, b;
    m_failedA = !advance(m_a, m_nameA, a, m_stepsA);
    m_failedB = !advance(m_b, m_nameB, b, m_stepsB);
    if (m_failedA || m_failedB) return false;
    m_comparisons.push_back(compareTransformerStep(a, b, m_parameters, m_tolerance));
    return true;
}

RunComparison TransformerLockstep::result() const {
    std::vector<StepComparison> steps;
    for (const TransformerStepComparison& c : m_comparisons) steps.push_back(c.compared);
    return summarizeComparison(std::move(steps), m_stepsA, m_failedA ? RunStatus::Failed : RunStatus::Finished,
                               m_stepsB, m_failedB ? RunStatus::Failed : RunStatus::Finished, m_tolerance);
}

} // namespace fplab::training
