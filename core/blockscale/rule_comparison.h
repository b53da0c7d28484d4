// One tensor quantized under every scale rule a scheme offers, summarised side by side: what each rule
// saturates, rounds to zero and turns into NaN, the error on each block's maximum, the relative RMS error,
// a histogram of relative errors, and what became of the tensor's largest element (the outlier) and its block.
#pragma once

#include "core/blockscale/quantizer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fplab::blockscale {

// Relative error |x - q| / |x| of non-zero, non-NaN elements, in bins: exactly 0, then up to 2^-8, 2^-6,
// 2^-4, 2^-2, below 1, and exactly 1 (the element became zero).
inline constexpr std::array<int, 4> kRelativeErrorBinExponents = {-8, -6, -4, -2};
inline constexpr std::size_t kRelativeErrorBins = kRelativeErrorBinExponents.size() + 3;
using RelativeErrorHistogram = std::array<std::size_t, kRelativeErrorBins>;

struct RuleSummary {
    Recipe recipe;
    std::string refusal; // why the rule did not quantize this tensor (NaN under fp32, say); the rest is then 0
    std::size_t saturated = 0;
    std::size_t roundedToZero = 0;
    std::size_t nan = 0;
    double maxAbsError = 0;
    double worstBlockMaxRelativeError = 0; // over the blocks: |error of the block's largest element| / amax
    double relativeRmsError = 0;           // rms(error) / rms(input), over the elements that are not NaN
    RelativeErrorHistogram histogram{};
    std::size_t outlierBlock = 0;
    double outlierBlockScale = 0;  // the outlier block's scale as a number (times NVFP4's tensor scale)
    double outlierDequantized = 0; // what the outlier came back as
};

struct RuleComparison {
    std::size_t outlierIndex = 0; // the first element of the largest magnitude (a NaN counts as largest)
    double outlierValue = 0;
    std::vector<RuleSummary> rules; // in rulesFor(scheme)'s order
};

// Every rule of the scheme, with the given grouping (the scheme's own, or NVFP4's 16x16 tiles) and, with a seed,
// through the random Hadamard transform as QuantizerInput applies it: codes, scales, saturated and
// rounded-to-zero counts are then the transformed tensor's, errors (and so the histogram, the block maxima's
// errors and what the outlier came back as) are in the input's domain, after the inverse. A rule that refuses
// the tensor says why in its summary (every rule, when the transform cannot take the shape). The shape must hold
// data.size() elements, at least one.
RuleComparison compareRules(Scheme scheme, Grouping grouping, std::span<const float> data, Shape shape,
                            std::optional<std::uint64_t> hadamardSeed = std::nullopt);

// The summary of one quantization (the same numbers compareRules() gives for each rule).
RuleSummary summarize(const Quantized& q, const Report& r, std::span<const float> data, std::size_t outlierIndex);
// The first index of the largest magnitude, NaN above all.
std::size_t outlierIndexOf(std::span<const float> data);

} // namespace fplab::blockscale
