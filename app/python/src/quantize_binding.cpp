// fplab.quantize: a float32 tensor quantized with a block-scaled scheme of core/blockscale (OCP MX, NVFP4,
// DeepSeek-style FP8): codes, scales, dequantized values and errors, as fplab-cli quantize --json gives them,
// optionally through the random Hadamard transform (--hadamard); fplab.compare_rules: every scale rule of a
// scheme side by side (--compare-rules).
#include "app/python/src/array_access.h"
#include "core/blockscale/hadamard.h"
#include "core/blockscale/layout.h"
#include "core/blockscale/measured_quantization.h"
#include "core/blockscale/quantizer.h"
#include "core/blockscale/rule_comparison.h"
#include "core/blockscale/scale_rule.h"
#include "core/blockscale/scheme.h"

#include <cmath>
#include <optional>
#include <string>

namespace fplab::python {
namespace {

using namespace fplab::blockscale;

template <typename T>
py::array_t<T> arrayOf(const std::vector<T>& values) {
    py::array_t<T> out{py::ssize_t(values.size())};
    std::copy(values.begin(), values.end(), out.mutable_data());
    return out;
}

// The recipe for these names, with the CLI's checks and messages.
Recipe recipeFor(const std::string& schemeName, const std::optional<std::string>& ruleName, bool tiles16x16) {
    const std::optional<Scheme> scheme = parseScheme(schemeName);
    if (!scheme)
        throw py::value_error("unknown scheme '" + schemeName + "' (known: " + std::string(knownSchemeNames()) + ")");
    Recipe recipe = defaultRecipe(*scheme);
    if (ruleName) {
        const std::optional<ScaleRule> rule = parseScaleRule(*ruleName);
        if (!rule)
            throw py::value_error("unknown scale rule '" + *ruleName +
                                  "' (known: " + std::string(knownScaleRuleNames()) + ")");
        recipe.rule = *rule;
    }
    if (tiles16x16) recipe.grouping = Grouping::Tile16x16;
    if (const std::optional<std::string> error = recipeError(recipe)) throw py::value_error(*error);
    return recipe;
}

// x: float32, C-contiguous, rows x cols elements (blocks run along a row).
std::span<const float> tensorData(const py::array& x, Shape shape) {
    if (shape.size() != std::size_t(x.size()) || shape.size() == 0)
        throw py::value_error("x must hold rows x cols elements, at least one");
    return {static_cast<const float*>(x.data()), shape.size()};
}

py::dict quantizeTensor(py::object xObject, std::size_t rows, std::size_t cols, const std::string& schemeName,
                        const std::optional<std::string>& ruleName, bool tiles16x16,
                        std::optional<std::uint64_t> hadamardSeed) {
    const Recipe recipe = recipeFor(schemeName, ruleName, tiles16x16);
    const py::array x = checkedArray(xObject, py::dtype::of<float>(), "x");
    const Shape shape{rows, cols};
    const MeasuredQuantization m = quantizeAndMeasure(recipe, tensorData(x, shape), shape, hadamardSeed);
    if (!m.quantized) throw py::value_error(m.error);
    const Quantized& q = *m.quantized;
    const Report& r = m.report;
    const BlockLayout layout(recipe.grouping, shape);
    std::vector<std::uint32_t> blockOf(shape.size());
    for (std::size_t i = 0; i < blockOf.size(); ++i) blockOf[i] = std::uint32_t(layout.blockOf(i));
    std::vector<double> scales(layout.blockCount()), amax(layout.blockCount()), maxAbs(layout.blockCount()),
        rms(layout.blockCount());
    for (std::size_t b = 0; b < scales.size(); ++b) {
        const BlockReport& br = r.blocks[b];
        scales[b] = blockScaleValue(q, b);
        amax[b] = br.amax;
        maxAbs[b] = br.maxAbsError;
        rms[b] = br.count ? std::sqrt(br.sumSquaredError / double(br.count)) : 0.0;
    }
    const SchemeInfo& info = schemeInfo(recipe.scheme);
    py::dict d;
    d["scheme"] = std::string(info.name);
    d["element_format"] = std::string(info.element ? info.element->name() : "int8 (1.6 fixed point)");
    d["scale_rule"] = std::string(scaleRuleName(recipe.rule));
    d["scale_format"] = std::string(scaleFormat(recipe).name());
    d["codes"] = arrayOf(q.codes);
    d["block"] = arrayOf(blockOf);
    d["scale_bits"] = arrayOf(q.scaleBits);
    d["scales"] = arrayOf(scales);
    d["tensor_scale_bits"] = q.tensorScaleBits;
    d["dequantized"] = arrayOf(r.dequantized);
    d["error"] = arrayOf(r.error);
    d["block_amax"] = arrayOf(amax);
    d["block_max_abs_error"] = arrayOf(maxAbs);
    d["block_rms_error"] = arrayOf(rms);
    d["max_abs_error"] = r.maxAbsError;
    d["rms_error"] = r.rmsError;
    d["saturated"] = r.saturated;
    d["flushed_to_zero"] = r.flushedToZero;
    d["nan"] = r.nan;
    return d;
}

// What fplab-cli quantize --compare-rules prints, as numbers: the outlier and one dict per rule.
py::dict compareTensorRules(py::object xObject, std::size_t rows, std::size_t cols, const std::string& schemeName,
                            bool tiles16x16, std::optional<std::uint64_t> hadamardSeed) {
    const Recipe recipe = recipeFor(schemeName, std::nullopt, tiles16x16);
    const py::array x = checkedArray(xObject, py::dtype::of<float>(), "x");
    const Shape shape{rows, cols};
    if (hadamardSeed)
        if (const std::optional<std::string> error = hadamardShapeError(shape)) throw py::value_error(*error);
    const RuleComparison c = compareRules(recipe.scheme, recipe.grouping, tensorData(x, shape), shape, hadamardSeed);
    py::list rules;
    for (const RuleSummary& s : c.rules) {
        py::dict d;
        d["rule"] = std::string(scaleRuleName(s.recipe.rule));
        d["scale_format"] = std::string(scaleFormat(s.recipe).name());
        d["refusal"] = s.refusal;
        d["saturated"] = s.saturated;
        d["rounded_to_zero"] = s.roundedToZero;
        d["nan"] = s.nan;
        d["max_abs_error"] = s.maxAbsError;
        d["worst_block_max_relative_error"] = s.worstBlockMaxRelativeError;
        d["relative_rms_error"] = s.relativeRmsError;
        d["histogram"] = std::vector<std::size_t>(s.histogram.begin(), s.histogram.end());
        d["outlier_block"] = s.outlierBlock;
        d["outlier_block_scale"] = s.outlierBlockScale;
        d["outlier_dequantized"] = s.outlierDequantized;
        rules.append(d);
    }
    py::dict d;
    d["scheme"] = std::string(schemeInfo(recipe.scheme).name);
    d["outlier_index"] = c.outlierIndex;
    d["outlier_value"] = c.outlierValue;
    d["rules"] = rules;
    return d;
}

} // namespace

void bindQuantize(py::module_& m) {
    m.def("quantize", &quantizeTensor, py::arg("x"), py::arg("rows"), py::arg("cols"), py::arg("scheme"),
          py::arg("rule"), py::arg("tiles16x16"), py::arg("hadamard_seed"));
    m.def("compare_rules", &compareTensorRules, py::arg("x"), py::arg("rows"), py::arg("cols"), py::arg("scheme"),
          py::arg("tiles16x16"), py::arg("hadamard_seed"));
}

} // namespace fplab::python
