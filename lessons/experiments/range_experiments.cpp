// Lesson 2 (range versus precision): the extremes, epsilon and density of each format,
// and the spacing of values across the whole range as a chart.
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/values.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <cmath>

namespace fplab::lessons {

using namespace experiments;

namespace {

ExperimentResult formatRange(const ParamValues& params) {
    ExperimentResult out;
    ResultTable t;
    t.key = "range";
    t.title = {"Range and precision", "范围与精度"};
    t.columns = {{"format", "格式"},
                 {"exp/mant bits", "指数/尾数位"},
                 {"largest", "最大值"},
                 {"smallest normal", "最小正规数"},
                 {"smallest subnormal", "最小次正规数"},
                 {"epsilon", "机器精度 ε"},
                 {"decimal digits", "十进制有效位"},
                 {"values per power of two", "每个 2 的幂区间内的值数"}};
    Chart chart;
    chart.key = "spacing";
    chart.title = {"Spacing between neighbouring values across the range", "整个范围内相邻值的间距"};
    chart.xLabel = {"log2 |x|", "log2 |x|"};
    chart.yLabel = {"spacing (ulp)", "间距（ulp）"};
    chart.yScale = AxisScale::Log2;

    for (const AnyFormat& any : params.formatList("formats")) {
        if (!any.real) throw ExperimentError("formats: " + any.name + " is not a float format");
        const Format& f = *any.real;
        const std::string n = any.name;
        const std::uint64_t maxBits = maxFiniteBits(f);
        const std::uint64_t minNormal = minNormalBits(f);
        const std::uint64_t one = powerOfTwo(f, 0);
        const Result eps = sub(f, nextUp(f, one), one);
        const double digits = f.precision() * std::log10(2.0);
        out.quantities.push_back(floatQuantity(
            n + "_max", {displayName(f) + " largest finite", displayName(f) + " 最大有限值"}, f, maxBits));
        out.quantities.push_back(floatQuantity(
            n + "_min_normal", {displayName(f) + " smallest normal", displayName(f) + " 最小正规数"}, f, minNormal));
        if (f.subnormals)
            out.quantities.push_back(floatQuantity(
                n + "_min_subnormal", {displayName(f) + " smallest subnormal", displayName(f) + " 最小次正规数"}, f,
                minPositiveBits(f)));
        out.quantities.push_back(floatQuantity(
            n + "_epsilon",
            {displayName(f) + " epsilon (next after 1, minus 1)", displayName(f) + " ε（1 的下一个值减 1）"}, f,
            eps.bits));
        out.quantities.push_back(realQuantity(
            n + "_digits",
            {displayName(f) + " decimal digits (p·log10 2)", displayName(f) + " 十进制有效位（p·log10 2）"}, digits,
            RealStyle::Measurement));
        out.quantities.push_back(countQuantity(
            n + "_per_binade", {displayName(f) + " values in [1, 2)", displayName(f) + " [1, 2) 中的值数"},
            std::int64_t(1) << f.mantissaBits));
        char digitsText[32];
        std::snprintf(digitsText, sizeof digitsText, "%.2f", digits);
        t.rows.push_back(
            {displayName(f), std::to_string(f.exponentBits) + "/" + std::to_string(f.mantissaBits),
             valueCell(f, maxBits), powerOfTwoCell(f, minNormal),
             f.subnormals ? powerOfTwoCell(f, minPositiveBits(f)) : LocalText{"none (flushed)", "无（清零）"},
             powerOfTwoCell(f, eps.bits), std::string(digitsText),
             "2^" + std::to_string(f.mantissaBits) + " = " + std::to_string(std::int64_t(1) << f.mantissaBits)});

        // ulp of the binade [2^e, 2^(e+1)) is 2^(max(e, emin) - M); subnormals share the smallest normal's spacing.
        Series s;
        s.key = n;
        s.label = displayName(f);
        const int emin = f.minExponent();
        const int lowest = f.subnormals ? emin - f.mantissaBits : emin;
        for (int e = lowest; e <= f.maxExponent(); ++e) {
            const double ulp = std::ldexp(1.0, std::max(e, emin) - f.mantissaBits);
            addPoint(s, e, ulp);
            addPoint(s, e + 1, ulp);
        }
        chart.series.push_back(std::move(s));
    }
    out.tables.push_back(std::move(t));
    out.charts.push_back(std::move(chart));
    return out;
}

} // namespace

void addRangeExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"format_range",
         {"Range and precision of formats", "各格式的范围与精度"},
         {"Largest, smallest normal and subnormal values, epsilon and density of each format, and a chart "
          "of the spacing of values over the whole range.",
          "每种格式的最大值、最小正规数与次正规数、ε 和值的密度，以及整个范围内值间距的图表。"},
         {formatListParam("formats", "fp16,bf16,tf32,fp32", {"float formats to compare", "要比较的浮点格式"})},
         formatRange});
}

} // namespace fplab::lessons
