#include "core/blockscale/rule_comparison.h"

#include "core/blockscale/measured_quantization.h"

#include <algorithm>
#include <cmath>

namespace fplab::blockscale {
namespace {

std::size_t relativeErrorBin(double relative) {
    if (relative == 0) return 0;
    for (std::size_t k = 0; k < kRelativeErrorBinExponents.size(); ++k)
        if (relative <= std::ldexp(1.0, kRelativeErrorBinExponents[k])) return k + 1;
    return relative < 1 ? kRelativeErrorBins - 2 : kRelativeErrorBins - 1;
}

} // namespace

std::size_t outlierIndexOf(std::span<const float> data) {
    std::size_t best = 0;
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (std::isnan(data[i])) return i;
        if (std::fabs(data[i]) > std::fabs(data[best])) best = i;
    }
    return best;
}

RuleSummary summarize(const Quantized& q, const Report& r, std::span<const float> data, std::size_t outlierIndex) {
    RuleSummary s;
    s.recipe = q.recipe();
    s.saturated = r.saturated;
    s.roundedToZero = r.flushedToZero;
    s.nan = r.nan;
    s.maxAbsError = r.maxAbsError;
    const BlockLayout layout(q.grouping, q.shape);
    std::vector<double> blockMaxError(layout.blockCount(), 0.0);
    std::vector<float> blockMax(layout.blockCount(), -1.0f);
    double sumSquaredInput = 0;
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (std::isnan(r.dequantized[i])) continue;
        const double x = data[i];
        const double e = std::fabs(r.error[i]);
        sumSquaredInput += x * x;
        if (x != 0) ++s.histogram[relativeErrorBin(e / std::fabs(x))];
        const std::size_t b = layout.blockOf(i);
        if (std::fabs(data[i]) > blockMax[b]) {
            blockMax[b] = std::fabs(data[i]);
            blockMaxError[b] = x == 0 ? 0 : e / std::fabs(x);
        }
    }
    for (double e : blockMaxError) s.worstBlockMaxRelativeError = std::max(s.worstBlockMaxRelativeError, e);
    const std::size_t counted = data.size() - r.nan;
    const double rmsInput = counted == 0 ? 0 : std::sqrt(sumSquaredInput / static_cast<double>(counted));
    s.relativeRmsError = rmsInput == 0 ? 0 : r.rmsError / rmsInput;
    if (!data.empty()) {
        s.outlierBlock = layout.blockOf(outlierIndex);
        s.outlierBlockScale = blockScaleValue(q, s.outlierBlock);
        s.outlierDequantized = r.dequantized[outlierIndex];
    }
    return s;
}

RuleComparison compareRules(Scheme scheme, Grouping grouping, std::span<const float> data, Shape shape,
                            std::optional<std::uint64_t> hadamardSeed) {
    RuleComparison c;
    c.outlierIndex = outlierIndexOf(data);
    c.outlierValue = data.empty() ? 0 : data[c.outlierIndex];
    const QuantizerInput input(data, shape, hadamardSeed);
    for (const ScaleRule rule : rulesFor(scheme)) {
        const Recipe recipe{scheme, rule, grouping};
        const MeasuredQuantization m = input.measure(recipe);
        if (!m.quantized) c.rules.push_back(RuleSummary{.recipe = recipe, .refusal = m.error});
        else c.rules.push_back(summarize(*m.quantized, m.report, data, c.outlierIndex));
    }
    return c;
}

} // namespace fplab::blockscale
