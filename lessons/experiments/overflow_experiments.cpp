// Lesson 3 (overflow): summing many copies of a value held in a narrow format — the wide
// accumulator whose result no longer fits, and the narrow running sum that stalls —
// and how rounding behaves next to the largest finite value.
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/values.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <cmath>

namespace fplab::lessons {

using namespace experiments;

namespace {

ExperimentResult sumCopies(const ParamValues& params) {
    const Format f = params.format("format");
    const Format acc = params.format("accumulator");
    const std::int64_t count = params.integer("count");
    const Result v = params.number("value", f);
    const std::uint64_t vAcc = convert(f, v.bits, acc).bits;

    Series naiveSeries{"naive", {displayName(f) + " running sum", displayName(f) + " 逐次累加"}, {}, {}};
    Series accSeries{"accumulator", {displayName(acc) + " accumulator", displayName(acc) + " 累加器"}, {}, {}};
    Series maxSeries{"max", {displayName(f) + " largest finite", displayName(f) + " 最大有限值"}, {}, {}};
    const SeriesSampler sampler(count);
    const double maxValue = valueOf(f, maxFiniteBits(f));

    std::uint64_t naive = 0, wide = 0;
    Flags naiveFlags = 0, wideFlags = 0;
    std::int64_t stallStep = 0;
    std::uint64_t stallValue = 0;
    for (std::int64_t i = 1; i <= count; ++i) {
        const Result n = add(f, naive, v.bits);
        if (stallStep == 0 && n.bits == naive && valueOf(f, v.bits) != 0) {
            stallStep = i;
            stallValue = naive;
        }
        naive = n.bits;
        naiveFlags |= n.flags;
        const Result w = add(acc, wide, vAcc);
        wide = w.bits;
        wideFlags |= w.flags;
        if (sampler.wants(i)) {
            addPoint(naiveSeries, double(i), valueOf(f, naive));
            addPoint(accSeries, double(i), valueOf(acc, wide));
            addPoint(maxSeries, double(i), maxValue);
        }
    }
    // What a.sum() on a half tensor does: accumulate wide, then store the total in the tensor's format.
    const Result stored = convert(acc, wide, f);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity("stored_sum",
                                           {"Sum accumulated in " + displayName(acc) + ", stored in " + displayName(f),
                                            "在 " + displayName(acc) + " 中累加、存为 " + displayName(f) + " 的和"},
                                           f, stored.bits, stored.flags));
    out.quantities.push_back(floatQuantity(
        "accumulator_sum", {"The " + displayName(acc) + " accumulator's total", displayName(acc) + " 累加器的总和"},
        acc, wide, wideFlags));
    out.quantities.push_back(
        floatQuantity("naive_sum", {"Running sum in " + displayName(f), "在 " + displayName(f) + " 中逐次累加的和"}, f,
                      naive, naiveFlags));
    out.quantities.push_back(floatQuantity(
        "max_finite", {displayName(f) + " largest finite value", displayName(f) + " 最大有限值"}, f, maxFiniteBits(f)));
    out.quantities.push_back(realQuantity("exact_sum", {"Exact sum (count × value)", "精确和（次数 × 值）"},
                                          double(count) * valueOf(f, v.bits)));
    out.quantities.push_back(
        countQuantity("stall_step", {"First addition that changes nothing", "第一次不起作用的加法"}, stallStep));
    if (stallStep > 0) {
        const std::uint64_t above = nextUp(f, stallValue);
        const Result spacing = sub(f, above, stallValue);
        out.quantities.push_back(
            floatQuantity("stall_value", {"Where the running sum stalls", "累加停滞处的值"}, f, stallValue));
        out.quantities.push_back(floatQuantity(
            "spacing_at_stall",
            {"Spacing of " + displayName(f) + " values there", "该处 " + displayName(f) + " 相邻值的间距"}, f,
            spacing.bits));
        out.quantities.push_back(
            floatQuantity("next_above_stall", {"The next value above it", "它上面的下一个值"}, f, above));
        const Result step = add(f, stallValue, v.bits);
        ResultTable t;
        t.key = "stall";
        t.title = {"The addition where the running sum stalls", "累加停滞的那一次加法"};
        t.columns = {{"step", "第几次"},
                     {"sum", "当前和"},
                     {"+ value", "+ 加数"},
                     {"exact", "精确结果"},
                     {"neighbours", "相邻的两个值"},
                     {"rounded", "舍入结果"},
                     {"flags", "标志"}};
        t.rows.push_back({std::to_string(stallStep), valueCell(f, stallValue), valueCell(f, v.bits),
                          pythonRepr(valueOf(f, stallValue) + valueOf(f, v.bits)),
                          floatText(f, stallValue) + ", " + floatText(f, above), valueCell(f, step.bits),
                          flagLetters(step.flags)});
        out.tables.push_back(std::move(t));
    }
    Chart chart;
    chart.key = "running_sum";
    chart.title = {"Running sum", "累加过程"};
    chart.xLabel = {"additions", "加法次数"};
    chart.yLabel = {"sum", "和"};
    chart.series = {std::move(naiveSeries), std::move(accSeries), std::move(maxSeries)};
    out.charts.push_back(std::move(chart));
    return out;
}

ExperimentResult convertValues(const ParamValues& params) {
    const Format f = params.format("format");
    Env env;
    env.rounding = params.rounding("rounding");
    env.saturate = params.boolean("saturate");
    Env down = env, up = env;
    down.rounding = RoundingMode::TowardNegative;
    up.rounding = RoundingMode::TowardPositive;

    ExperimentResult out;
    ResultTable t;
    t.key = "conversions";
    t.title = {"Rounding into " + displayName(f) + " (" + std::string(roundingName(env.rounding)) + ")",
               "舍入到 " + displayName(f) + "（" + std::string(roundingName(env.rounding)) + "）"};
    t.columns = {
        {"value", "输入值"}, {"below", "下方相邻值"}, {"above", "上方相邻值"}, {"result", "结果"}, {"flags", "标志"}};
    int index = 0;
    for (const std::string& text : params.list("values")) {
        ++index;
        std::string error;
        const std::optional<Result> r = parseNumberParam(text, f, error, env);
        const std::optional<Result> lo = parseNumberParam(text, f, error, down);
        const std::optional<Result> hi = parseNumberParam(text, f, error, up);
        if (!r || !lo || !hi) throw ExperimentError("values: " + error);
        out.quantities.push_back(
            floatQuantity("x" + std::to_string(index), {text + " →", text + " →"}, f, r->bits, r->flags));
        t.rows.push_back(
            {text, valueCell(f, lo->bits), valueCell(f, hi->bits), valueCell(f, r->bits), flagLetters(r->flags)});
    }
    out.tables.push_back(std::move(t));
    if (f.hasInfinity()) {
        // Half an ulp above the largest finite value: from here on, round-to-nearest overflows.
        const std::uint64_t maxBits = maxFiniteBits(f);
        const double halfUlp = std::ldexp(1.0, f.maxExponent() - f.mantissaBits - 1);
        out.quantities.push_back(floatQuantity(
            "max_finite", {displayName(f) + " largest finite value", displayName(f) + " 最大有限值"}, f, maxBits));
        out.quantities.push_back(realQuantity("overflow_threshold",
                                              {"Nearest rounding overflows from", "就近舍入从此值起溢出"},
                                              valueOf(f, maxBits) + halfUlp));
        out.quantities.push_back(
            realQuantity("max_half_ulp", {"Half the spacing at the top", "最高处间距的一半"}, halfUlp));
    }
    return out;
}

} // namespace

void addOverflowExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back({"sum_copies",
                       {"Summing copies of a value", "把同一个值累加多次"},
                       {"Adds `count` copies of `value` held in `format`: in a wide accumulator then stored back (as "
                        "tensor.sum() does), and as a running sum in the format itself.",
                        "把 `format` 中的 `value` 累加 `count` 次：先在宽累加器中求和再存回（如 tensor.sum()），"
                        "以及直接在该格式中逐次累加。"},
                       {formatParam("format", "fp16", {"the format of the values", "数值的格式"}),
                        numberParam("value", "16", {"the value added each time", "每次加上的值"}),
                        integerParam("count", "4096", 1, 1000000, {"how many copies", "累加次数"}),
                        formatParam("accumulator", "fp32", {"the wide accumulator", "宽累加器的格式"})},
                       sumCopies});
    catalog.push_back(
        {"convert_values",
         {"Rounding values into a format", "把数值舍入到某格式"},
         {"Rounds each value into the format and shows its two neighbours, the result and the flags.",
          "把每个值舍入到该格式，显示两侧相邻值、结果和标志。"},
         {formatParam("format", "fp16", {"the target format", "目标格式"}),
          numberListParam("values", "65504,65519,65520,70000", {"comma-separated values", "逗号分隔的数值"}),
          roundingParam("rounding", "rne", {"rounding mode", "舍入模式"}),
          booleanParam("saturate", "false",
                       {"FP8: overflow to the largest value instead of NaN", "FP8：溢出时取最大值而不是 NaN"})},
         convertValues});
}

} // namespace fplab::lessons
