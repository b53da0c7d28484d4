// Lesson 5 (accumulation): adding a small value many times in different precisions,
// as the PyTorch loops of Stanford CS336 assignment 2 do, and the fixes: a wide accumulator,
// Kahan's compensated sum, pairwise summation and stochastic rounding.
#include "core/arithmetic.h"
#include "core/random.h"
#include "core/values.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include "core/text/print.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>

namespace fplab::lessons {

using namespace experiments;

namespace {

// __extension__: -Wpedantic accepts the builtin 128-bit integer here.
__extension__ typedef __int128 Int128;

// i × addend, with the addend as the decimal the lesson wrote ("0.01" = 1/100), so that an error
// such as 7.9921875 − 7.49 comes out as 0.5021875 and not as a double-rounding artefact.
class DecimalMultiple {
public:
    explicit DecimalMultiple(const std::string& text, double fallback) : m_fallback(fallback) {
        std::int64_t num = 0, den = 1;
        bool point = false, digits = false;
        std::size_t i = 0;
        const bool negative = !text.empty() && text[0] == '-';
        if (negative || (!text.empty() && text[0] == '+')) ++i;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '.' && !point) {
                point = true;
            } else if (c >= '0' && c <= '9' && num < 100'000'000'000'000LL && den < 100'000'000'000'000LL) {
                num = num * 10 + (c - '0');
                if (point) den *= 10;
                digits = true;
            } else {
                return; // not a plain decimal: use the double
            }
        }
        if (digits) m_ratio = std::pair{negative ? -num : num, den};
    }

    // value − i × addend, rounded once to double where the integers allow it.
    double errorOf(double value, std::int64_t i) const {
        if (!m_ratio || !std::isfinite(value) || value == 0) return value - double(i) * m_fallback;
        int e = 0;
        const double m = std::frexp(value, &e); // value = m · 2^e, 0.5 ≤ |m| < 1
        const Int128 mant = Int128(std::ldexp(m, 53));
        const int shift = e - 53; // value = mant · 2^shift
        if (shift < -60 || shift > 0) return value - double(i) * m_fallback;
        const auto [num, den] = *m_ratio;
        // (mant · 2^shift · den − i · num) / den = (mant · den − i · num · 2^-shift) / (den · 2^-shift)
        const Int128 n = mant * den - Int128(i) * num * (Int128(1) << -shift);
        return std::ldexp(double(n) / double(den), shift);
    }

private:
    double m_fallback;
    std::optional<std::pair<std::int64_t, std::int64_t>> m_ratio;
};

ExperimentResult accumulate(const ParamValues& params) {
    const Format low = params.format("low");
    const Format high = params.format("high");
    const std::int64_t count = params.integer("count");
    const Result aHigh = params.number("addend", high); // torch.tensor(0.01, dtype=float32)
    const Result aLow = params.number("addend", low);   // torch.tensor(0.01, dtype=float16)
    const double target = valueOf(kFp64, params.number("addend", kFp64).bits);
    const DecimalMultiple ideal(params.text("addend"), target);

    std::uint64_t sHigh = 0, sLow = 0, sMixed = 0, sCast = 0;
    double lowWorst = 0; // the narrow sum's largest error against i × addend, and where
    std::int64_t lowWorstStep = 0;
    std::uint64_t lowAtWorst = 0;
    const SeriesSampler sampler(count);
    Series eHigh{"high", {displayName(high) + " throughout", "全程 " + displayName(high)}, {}, {}};
    Series eLow{"low", {displayName(low) + " throughout", "全程 " + displayName(low)}, {}, {}};
    Series eMixed{"mixed",
                  {displayName(low) + " addends, " + displayName(high) + " sum",
                   displayName(low) + " 加数、" + displayName(high) + " 和"},
                  {},
                  {}};
    for (std::int64_t i = 1; i <= count; ++i) {
        sHigh = add(high, sHigh, aHigh.bits).bits;
        sLow = add(low, sLow, aLow.bits).bits;
        // s += x with s in the wide format: type promotion converts x to the wide format, then adds.
        sMixed = add(high, sMixed, convert(low, aLow.bits, high).bits).bits;
        // s += x.type(torch.float32): the same conversion, written out.
        const std::uint64_t x = convert(low, aLow.bits, high).bits;
        sCast = add(high, sCast, x).bits;
        if (const double e = ideal.errorOf(valueOf(low, sLow), i); std::abs(e) > std::abs(lowWorst)) {
            lowWorst = e;
            lowWorstStep = i;
            lowAtWorst = sLow;
        }
        if (sampler.wants(i)) {
            addPoint(eHigh, double(i), ideal.errorOf(valueOf(high, sHigh), i));
            addPoint(eLow, double(i), ideal.errorOf(valueOf(low, sLow), i));
            addPoint(eMixed, double(i), ideal.errorOf(valueOf(high, sMixed), i));
        }
    }
    ExperimentResult out;
    out.quantities.push_back(floatQuantity(
        "addend_high", {"The addend stored in " + displayName(high), "存为 " + displayName(high) + " 的加数"}, high,
        aHigh.bits, aHigh.flags));
    out.quantities.push_back(floatQuantity(
        "addend_low", {"The addend stored in " + displayName(low), "存为 " + displayName(low) + " 的加数"}, low,
        aLow.bits, aLow.flags));
    out.quantities.push_back(floatQuantity("high",
                                           {displayName(high) + " sum of " + displayName(high) + " addends",
                                            displayName(high) + " 加数、" + displayName(high) + " 和"},
                                           high, sHigh));
    out.quantities.push_back(floatQuantity("low",
                                           {displayName(low) + " sum of " + displayName(low) + " addends",
                                            displayName(low) + " 加数、" + displayName(low) + " 和"},
                                           low, sLow));
    out.quantities.push_back(floatQuantity("mixed",
                                           {displayName(high) + " sum of " + displayName(low) + " addends",
                                            displayName(low) + " 加数、" + displayName(high) + " 和"},
                                           high, sMixed));
    out.quantities.push_back(
        floatQuantity("mixed_cast", {"The same with an explicit cast", "显式转换后相加，结果相同"}, high, sCast));
    out.quantities.push_back(realQuantity(
        "low_worst_error",
        {"Largest error of the " + displayName(low) + " sum on the way", displayName(low) + " 累加过程中的最大误差"},
        lowWorst));
    out.quantities.push_back(
        countQuantity("low_worst_step", {"... reached at addition", "……出现在第几次加法"}, lowWorstStep));
    out.quantities.push_back(
        floatQuantity("low_at_worst", {"The " + displayName(low) + " sum there", "此时 " + displayName(low) + " 的和"},
                      low, lowAtWorst));
    out.quantities.push_back(realQuantity(
        "exact_low",
        {"Exact sum of the stored " + displayName(low) + " addends", "存储后的 " + displayName(low) + " 加数的精确和"},
        double(count) * valueOf(low, aLow.bits)));
    out.quantities.push_back(realQuantity("exact_high",
                                          {"Exact sum of the stored " + displayName(high) + " addends",
                                           "存储后的 " + displayName(high) + " 加数的精确和"},
                                          double(count) * valueOf(high, aHigh.bits)));

    ResultTable t;
    t.key = "variants";
    t.title = {"s = 0; repeat " + std::to_string(count) + " times: s += " + params.text("addend"),
               "s = 0；重复 " + std::to_string(count) + " 次：s += " + params.text("addend")};
    t.columns = {{"PyTorch", "PyTorch"},
                 {"result", "结果"},
                 {"bits", "位"},
                 {"error vs count × addend", "与 次数 × 加数 的误差"}};
    const std::string hn = std::string(high.name()) == "fp32" ? "float32" : std::string(high.name());
    const std::string ln = std::string(low.name()) == "fp16" ? "float16" : std::string(low.name());
    const auto row = [&](const std::string& code, const Format& f, std::uint64_t bits) {
        t.rows.push_back(
            {code, valueCell(f, bits), hexBits(f, bits), pythonRepr(ideal.errorOf(valueOf(f, bits), count))});
    };
    row("s:" + hn + " += tensor(" + params.text("addend") + ", " + hn + ")", high, sHigh);
    row("s:" + ln + " += tensor(" + params.text("addend") + ", " + ln + ")", low, sLow);
    row("s:" + hn + " += tensor(" + params.text("addend") + ", " + ln + ")", high, sMixed);
    row("s:" + hn + " += x:" + ln + ".type(" + hn + ")", high, sCast);
    out.tables.push_back(std::move(t));
    Chart chart;
    chart.key = "error";
    chart.title = {"Running error against i × addend", "与 i × 加数 相比的累计误差"};
    chart.xLabel = {"additions", "加法次数"};
    chart.yLabel = {"error", "误差"};
    chart.series = {std::move(eHigh), std::move(eLow), std::move(eMixed)};
    out.charts.push_back(std::move(chart));
    return out;
}

std::uint64_t pairwiseSum(const Format& f, std::span<const std::uint64_t> values) {
    if (values.size() == 1) return values[0];
    const std::size_t half = values.size() / 2;
    return add(f, pairwiseSum(f, values.first(half)), pairwiseSum(f, values.subspan(half))).bits;
}

ExperimentResult accumulateFixes(const ParamValues& params) {
    const Format f = params.format("format");
    const Format wide = params.format("accumulator");
    const std::int64_t count = params.integer("count");
    const std::int64_t runs = params.integer("runs");
    const std::uint64_t seed = std::uint64_t(params.integer("seed"));
    if (count * runs > 20'000'000) throw ExperimentError("count × runs must stay below 20000000");
    const Result a = params.number("addend", f);
    const std::uint64_t aWide = convert(f, a.bits, wide).bits;
    const double exact = double(count) * valueOf(f, a.bits);

    std::uint64_t naive = 0, wideSum = 0, kahan = 0, compensation = 0, stochastic = 0;
    StochasticStream stream(seed);
    const SeriesSampler sampler(count);
    Series sNaive{"naive", {"naive " + displayName(f), displayName(f) + " 直接累加"}, {}, {}};
    Series sWide{"wide", {displayName(wide) + " accumulator", displayName(wide) + " 累加器"}, {}, {}};
    Series sKahan{"kahan", {"Kahan in " + displayName(f), displayName(f) + " 中的 Kahan 求和"}, {}, {}};
    Series sStochastic{
        "stochastic", {"stochastic rounding in " + displayName(f), displayName(f) + " 中的随机舍入"}, {}, {}};
    for (std::int64_t i = 1; i <= count; ++i) {
        naive = add(f, naive, a.bits).bits;
        wideSum = add(wide, wideSum, aWide).bits;
        // Kahan: carry the rounding error of each addition into the next one.
        const std::uint64_t y = sub(f, a.bits, compensation).bits;
        const std::uint64_t t = add(f, kahan, y).bits;
        compensation = sub(f, sub(f, t, kahan).bits, y).bits;
        kahan = t;
        stochastic = add(f, stochastic, a.bits, stream.nextEnv()).bits;
        if (sampler.wants(i)) {
            const double ideal = double(i) * valueOf(f, a.bits);
            addPoint(sNaive, double(i), valueOf(f, naive) - ideal);
            addPoint(sWide, double(i), valueOf(wide, wideSum) - ideal);
            addPoint(sKahan, double(i), valueOf(f, kahan) - ideal);
            addPoint(sStochastic, double(i), valueOf(f, stochastic) - ideal);
        }
    }
    const std::vector<std::uint64_t> addends(std::size_t(count), a.bits);
    const std::uint64_t pairwise = pairwiseSum(f, addends);
    const Result wideStored = convert(wide, wideSum, f);
    // More stochastic runs with further seeds: the mean is what SR gets right.
    double srTotal = valueOf(f, stochastic);
    for (std::int64_t r = 1; r < runs; ++r) {
        StochasticStream more(seed + std::uint64_t(r));
        std::uint64_t s = 0;
        for (std::int64_t i = 0; i < count; ++i) s = add(f, s, a.bits, more.nextEnv()).bits;
        srTotal += valueOf(f, s);
    }

    ExperimentResult out;
    out.quantities.push_back(
        floatQuantity("addend", {"The addend stored in " + displayName(f), "存为 " + displayName(f) + " 的加数"}, f,
                      a.bits, a.flags));
    out.quantities.push_back(realQuantity("exact", {"Exact sum of the stored addends", "存储后加数的精确和"}, exact));
    const auto method = [&](const std::string& key, LocalText label, const Format& g, std::uint64_t bits) {
        out.quantities.push_back(floatQuantity(key, std::move(label), g, bits));
        out.quantities.push_back(
            realQuantity(key + "_error", {key + " − exact", key + " − 精确和"}, valueOf(g, bits) - exact));
    };
    method("naive", {"Naive sum in " + displayName(f), displayName(f) + " 直接累加"}, f, naive);
    method("wide", {displayName(wide) + " accumulator", displayName(wide) + " 累加器"}, wide, wideSum);
    method("wide_stored",
           {displayName(wide) + " accumulator stored in " + displayName(f),
            displayName(wide) + " 累加器存回 " + displayName(f)},
           f, wideStored.bits);
    method("kahan", {"Kahan sum in " + displayName(f), displayName(f) + " 中的 Kahan 求和"}, f, kahan);
    method("pairwise", {"Pairwise sum in " + displayName(f), displayName(f) + " 中的两两求和"}, f, pairwise);
    method("stochastic",
           {"Stochastic rounding in " + displayName(f) + " (seed " + std::to_string(seed) + ")",
            displayName(f) + " 中的随机舍入（种子 " + std::to_string(seed) + "）"},
           f, stochastic);
    out.quantities.push_back(realQuantity(
        "stochastic_mean",
        {"Mean of " + std::to_string(runs) + " stochastic runs", std::to_string(runs) + " 次随机舍入的平均值"},
        srTotal / double(runs)));
    out.quantities.push_back(realQuantity("stochastic_mean_error",
                                          {"stochastic_mean − exact", "stochastic_mean − 精确和"},
                                          srTotal / double(runs) - exact));

    ResultTable t;
    t.key = "methods";
    t.title = {"Ways to add " + std::to_string(count) + " copies of " + floatText(f, a.bits),
               "把 " + floatText(f, a.bits) + " 加 " + std::to_string(count) + " 次的几种方法"};
    t.columns = {{"method", "方法"}, {"result", "结果"}, {"error", "误差"}, {"extra cost", "额外代价"}};
    t.rows.push_back(
        {{"naive", "直接累加"}, valueCell(f, naive), pythonRepr(valueOf(f, naive) - exact), {"none", "无"}});
    t.rows.push_back({{displayName(wide) + " accumulator", displayName(wide) + " 累加器"},
                      valueCell(wide, wideSum),
                      pythonRepr(valueOf(wide, wideSum) - exact),
                      {"a wider register", "更宽的寄存器"}});
    t.rows.push_back({{"Kahan", "Kahan"},
                      valueCell(f, kahan),
                      pythonRepr(valueOf(f, kahan) - exact),
                      {"3 more operations per addition", "每次加法多 3 次运算"}});
    t.rows.push_back({{"pairwise", "两两求和"},
                      valueCell(f, pairwise),
                      pythonRepr(valueOf(f, pairwise) - exact),
                      {"a tree instead of a loop", "用树代替循环"}});
    t.rows.push_back({{"stochastic rounding", "随机舍入"},
                      valueCell(f, stochastic),
                      pythonRepr(valueOf(f, stochastic) - exact),
                      {"random bits per addition", "每次加法需要随机位"}});
    out.tables.push_back(std::move(t));
    Chart chart;
    chart.key = "error";
    chart.title = {"Running error against the exact sum", "与精确和相比的累计误差"};
    chart.xLabel = {"additions", "加法次数"};
    chart.yLabel = {"error", "误差"};
    chart.series = {std::move(sNaive), std::move(sWide), std::move(sKahan), std::move(sStochastic)};
    out.charts.push_back(std::move(chart));
    return out;
}

} // namespace

void addAccumulationExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"accumulate",
         {"Adding a small value many times", "把一个小值累加多次"},
         {"The four loops of Stanford CS336 assignment 2: both wide, both narrow, narrow addends into a wide sum "
          "(implicitly and with an explicit cast).",
          "斯坦福 CS336 第 2 次作业中的四个循环：全宽、全窄、窄加数加到宽累加器（隐式与显式转换）。"},
         {numberParam("addend", "0.01", {"the value added", "每次加的值"}),
          integerParam("count", "1000", 1, 1000000, {"how many additions", "累加次数"}),
          formatParam("low", "fp16", {"the narrow format", "窄格式"}),
          formatParam("high", "fp32", {"the wide format", "宽格式"})},
         accumulate});
    catalog.push_back(
        {"accumulate_fixes",
         {"Fixes for accumulation error", "减小累加误差的方法"},
         {"Naive sum, wide accumulator, Kahan summation, pairwise summation and stochastic rounding, compared.",
          "比较直接累加、宽累加器、Kahan 求和、两两求和与随机舍入。"},
         {formatParam("format", "fp16", {"the format of the addends and sums", "加数与和的格式"}),
          numberParam("addend", "0.01", {"the value added", "每次加的值"}),
          integerParam("count", "1000", 1, 1000000, {"how many additions", "累加次数"}),
          formatParam("accumulator", "fp32", {"the wide accumulator", "宽累加器"}),
          integerParam("seed", "1", 0, 1000000000, {"seed of the stochastic rounding", "随机舍入的种子"}),
          integerParam("runs", "20", 1, 10000, {"stochastic runs averaged", "求平均的随机舍入次数"})},
         accumulateFixes});
}

} // namespace fplab::lessons
