#include "app/cli/rule_comparison_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace fplab::cli {
namespace {

using namespace fplab::blockscale;

// Exact values (scales, dequantized values) in full; measured ratios to 4 significant digits.
std::string exact(double v) {
    if (std::isnan(v)) return "nan";
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}
std::string ratio(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

// Cells left-aligned in columns of the given widths (the last width repeats), the last cell unpadded, so
// no line ends in spaces.
std::string row(const std::vector<std::string>& cells, const std::vector<std::size_t>& widths) {
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        line += cells[i];
        const std::size_t width = widths[std::min(i, widths.size() - 1)];
        if (i + 1 < cells.size()) line.append(cells[i].size() < width ? width - cells[i].size() : 1, ' ');
    }
    return line + "\n";
}

std::string binLabel(std::size_t k) {
    if (k == 0) return "0";
    if (k == kRelativeErrorBins - 2) return "<1";
    if (k == kRelativeErrorBins - 1) return "1";
    return "<=2^" + std::to_string(kRelativeErrorBinExponents[k - 1]);
}

} // namespace

void printRuleComparison(std::ostream& out, Scheme scheme, Grouping grouping, Shape shape, std::span<const float> data,
                         std::optional<std::uint64_t> hadamardSeed, const RuleComparison& c) {
    const BlockLayout layout(grouping, shape);
    out << schemeName(scheme) << ": " << data.size() << " elements (" << shape.rows << "x" << shape.cols << "), "
        << layout.blockCount() << " block" << (layout.blockCount() == 1 ? "" : "s")
        << (grouping == Grouping::Tile16x16 ? " of 16x16" : "") << "; the largest |x| is "
        << exact(std::fabs(c.outlierValue)) << " (element " << c.outlierIndex << ", block "
        << layout.blockOf(c.outlierIndex) << ")\n";
    if (hadamardSeed)
        out << "through the random Hadamard transform (seed " << *hadamardSeed
            << "): scales, saturated and to-zero counts are the\ntransformed tensor's; errors are against the input, "
               "after the inverse\n";
    out << "\n";
    const std::vector<std::size_t> widths = {10, 8, 11, 9, 5, 20, 16, 15, 21};
    out << row({"rule", "scales", "saturated", "to zero", "NaN", "max |error|", "block-max err.", "rel. rms err.",
                "outlier block scale", "outlier back"},
               widths);
    for (const RuleSummary& s : c.rules) {
        const std::string name(scaleRuleName(s.recipe.rule));
        if (!s.refusal.empty()) {
            out << row({name, "refused: " + s.refusal}, widths);
            continue;
        }
        out << row({name, std::string(scaleFormat(s.recipe).name()), std::to_string(s.saturated),
                    std::to_string(s.roundedToZero), std::to_string(s.nan), exact(s.maxAbsError),
                    ratio(s.worstBlockMaxRelativeError), ratio(s.relativeRmsError), exact(s.outlierBlockScale),
                    exact(s.outlierDequantized)},
                   widths);
    }
    out << "\nrelative error |x - q| / |x| of the non-zero elements that are not NaN, per rule (block-max err.: the\n"
           "largest over the blocks of the relative error of the block's largest element; rel. rms err.: the rms\n"
           "error over the rms input)\n";
    std::vector<std::string> labels = {"rule"};
    for (std::size_t k = 0; k < kRelativeErrorBins; ++k) labels.push_back(binLabel(k));
    out << row(labels, {10});
    for (const RuleSummary& s : c.rules) {
        if (!s.refusal.empty()) continue;
        std::vector<std::string> cells = {std::string(scaleRuleName(s.recipe.rule))};
        for (std::size_t n : s.histogram) cells.push_back(std::to_string(n));
        out << row(cells, {10});
    }
}

} // namespace fplab::cli
