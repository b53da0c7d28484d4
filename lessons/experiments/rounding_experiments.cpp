// Lesson 6 (rounding): every rounding mode on a number line, stochastic rounding's
// frequencies and why it keeps tiny updates alive on average, and round-to-odd as the
// cure for double rounding.
#include "core/arithmetic.h"
#include "core/random.h"
#include "core/values.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include "core/text/print.h"

#include <cmath>
#include <map>

namespace fplab::lessons {

using namespace experiments;

namespace {

LocalText modeDescription(RoundingMode m) {
    switch (m) {
    case RoundingMode::NearestEven: return {"nearest, ties to even", "就近，平局取偶"};
    case RoundingMode::NearestAway: return {"nearest, ties away from zero", "就近，平局远离零"};
    case RoundingMode::TowardZero: return {"toward zero (truncate)", "向零（截断）"};
    case RoundingMode::TowardPositive: return {"toward +infinity", "向正无穷"};
    case RoundingMode::TowardNegative: return {"toward -infinity", "向负无穷"};
    case RoundingMode::ToOdd:
        return {"to odd (truncate, then set the last bit if inexact)", "取奇（截断，不精确时置最低位为 1）"};
    case RoundingMode::Stochastic: return {"stochastic", "随机舍入"};
    }
    return {};
}

ExperimentResult roundingModes(const ParamValues& params) {
    const Format f = params.format("format");
    const std::int64_t samples = params.integer("samples");
    const Result x64 = params.number("value", kFp64);
    const double x = valueOf(kFp64, x64.bits);
    Env downEnv, upEnv;
    downEnv.rounding = RoundingMode::TowardNegative;
    upEnv.rounding = RoundingMode::TowardPositive;
    const Result lower = params.number("value", f, downEnv);
    const Result upper = params.number("value", f, upEnv);

    ExperimentResult out;
    out.quantities.push_back(
        floatQuantity("input", {"The value (as FP64)", "输入值（FP64）"}, kFp64, x64.bits, x64.flags));
    out.quantities.push_back(floatQuantity("lower", {"Neighbour below", "下方相邻值"}, f, lower.bits));
    out.quantities.push_back(floatQuantity("upper", {"Neighbour above", "上方相邻值"}, f, upper.bits));
    ResultTable t;
    t.key = "modes";
    t.title = {params.text("value") + " rounded into " + displayName(f),
               params.text("value") + " 舍入到 " + displayName(f)};
    t.columns = {{"mode", "模式"}, {"rule", "规则"}, {"result", "结果"}, {"bits", "位"}, {"flags", "标志"}};
    NumberLine line;
    line.key = "modes";
    line.title = {"Where each mode puts the value", "各舍入模式把这个值放在哪里"};
    line.marks.push_back({valueOf(f, nextDown(f, lower.bits)), {"", ""}, MarkKind::Grid});
    line.marks.push_back({valueOf(f, lower.bits), {floatText(f, lower.bits)}, MarkKind::Grid});
    line.marks.push_back({valueOf(f, upper.bits), {floatText(f, upper.bits)}, MarkKind::Grid});
    line.marks.push_back({valueOf(f, nextUp(f, upper.bits)), {"", ""}, MarkKind::Grid});
    line.marks.push_back({x, {"x = " + params.text("value")}, MarkKind::Input});
    std::map<std::uint64_t, std::string> modesAt; // result bits -> "rne rtz ..."
    for (RoundingMode m : kDeterministicRoundingModes) {
        Env env;
        env.rounding = m;
        const Result r = params.number("value", f, env);
        const std::string name(roundingName(m));
        out.quantities.push_back(floatQuantity(
            name, {name + ": " + modeDescription(m).en, name + "：" + modeDescription(m).zh}, f, r.bits, r.flags));
        t.rows.push_back({name, modeDescription(m), valueCell(f, r.bits), hexBits(f, r.bits), flagLetters(r.flags)});
        modesAt[r.bits] += (modesAt[r.bits].empty() ? "" : " ") + name;
    }
    for (const auto& [bits, names] : modesAt) line.marks.push_back({valueOf(f, bits), {names}, MarkKind::Result});

    // Stochastic rounding of the FP64 value: up with probability (x - lower) / (upper - lower).
    const double lo = valueOf(f, lower.bits), hi = valueOf(f, upper.bits);
    const double probability = hi == lo ? 0.0 : (x - lo) / (hi - lo);
    StochasticStream stream(std::uint64_t(params.integer("seed")));
    std::int64_t ups = 0;
    double sum = 0;
    for (std::int64_t i = 0; i < samples; ++i) {
        const Result r = convert(kFp64, x64.bits, f, stream.nextEnv());
        ups += r.bits == upper.bits && hi != lo;
        sum += valueOf(f, r.bits);
    }
    out.quantities.push_back(realQuantity("sr_probability", {"sr: chance of rounding up", "sr：向上舍入的概率"},
                                          probability, RealStyle::Measurement));
    out.quantities.push_back(realQuantity("sr_frequency", {"sr: rounded up in the samples", "sr：样本中向上舍入的比例"},
                                          double(ups) / double(samples), RealStyle::Measurement));
    out.quantities.push_back(realQuantity("sr_mean", {"sr: mean of the samples", "sr：样本的平均值"},
                                          sum / double(samples), RealStyle::Measurement));
    t.rows.push_back({"sr", modeDescription(RoundingMode::Stochastic),
                      floatText(f, lower.bits) + " / " + floatText(f, upper.bits),
                      measuredText(1 - probability) + " / " + measuredText(probability), "x"});
    out.tables.push_back(std::move(t));
    out.numberLines.push_back(std::move(line));
    return out;
}

ExperimentResult stochasticUpdates(const ParamValues& params) {
    const Format f = params.format("format");
    const std::int64_t steps = params.integer("steps");
    const std::int64_t runs = params.integer("runs");
    const std::uint64_t seed = std::uint64_t(params.integer("seed"));
    if (steps * runs > 20'000'000) throw ExperimentError("steps × runs must stay below 20000000");
    const Result w0 = params.number("weight", f);
    const Result u = params.number("update", f);
    const double exactEnd = valueOf(f, w0.bits) + double(steps) * valueOf(f, u.bits);

    std::uint64_t nearest = w0.bits, stochastic = w0.bits;
    StochasticStream stream(seed);
    const SeriesSampler sampler(steps);
    Series sNearest{"nearest", {"round to nearest", "就近舍入"}, {}, {}};
    Series sStochastic{"stochastic", {"stochastic rounding", "随机舍入"}, {}, {}};
    Series sExact{"exact", {"exact", "精确值"}, {}, {}};
    for (std::int64_t i = 1; i <= steps; ++i) {
        nearest = add(f, nearest, u.bits).bits;
        stochastic = add(f, stochastic, u.bits, stream.nextEnv()).bits;
        if (sampler.wants(i)) {
            addPoint(sNearest, double(i), valueOf(f, nearest));
            addPoint(sStochastic, double(i), valueOf(f, stochastic));
            addPoint(sExact, double(i), valueOf(f, w0.bits) + double(i) * valueOf(f, u.bits));
        }
    }
    double total = valueOf(f, stochastic);
    for (std::int64_t r = 1; r < runs; ++r) {
        StochasticStream more(seed + std::uint64_t(r));
        std::uint64_t w = w0.bits;
        for (std::int64_t i = 0; i < steps; ++i) w = add(f, w, u.bits, more.nextEnv()).bits;
        total += valueOf(f, w);
    }
    const Result ulp = sub(f, nextUp(f, w0.bits), w0.bits);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity("update", {"Update as stored", "存储后的更新量"}, f, u.bits, u.flags));
    out.quantities.push_back(realQuantity(
        "up_probability", {"Chance that one step rounds up (update / ulp)", "单步向上舍入的概率（更新量 / ulp）"},
        valueOf(f, u.bits) / valueOf(f, ulp.bits)));
    out.quantities.push_back(
        floatQuantity("nearest", {"After the steps, round to nearest", "就近舍入：最终权重"}, f, nearest));
    out.quantities.push_back(floatQuantity(
        "stochastic", {"After the steps, stochastic rounding (one run)", "随机舍入：最终权重（一次运行）"}, f,
        stochastic));
    out.quantities.push_back(realQuantity(
        "stochastic_mean", {"Mean over " + std::to_string(runs) + " runs", std::to_string(runs) + " 次运行的平均值"},
        total / double(runs), RealStyle::Measurement));
    out.quantities.push_back(
        realQuantity("exact", {"Exact: weight + steps × update", "精确值：权重 + 步数 × 更新量"}, exactEnd));
    Chart chart;
    chart.key = "weights";
    chart.title = {"A weight receiving a tiny update every step", "每步接收微小更新的权重"};
    chart.xLabel = {"step", "步数"};
    chart.yLabel = {"weight", "权重"};
    chart.series = {std::move(sNearest), std::move(sStochastic), std::move(sExact)};
    out.charts.push_back(std::move(chart));
    return out;
}

ExperimentResult doubleRounding(const ParamValues& params) {
    const Format from = params.format("from");
    const Format via = params.format("via");
    const Format to = params.format("to");
    const Result x = params.number("value", from);
    Env rto;
    rto.rounding = RoundingMode::ToOdd;
    const Result direct = convert(from, x.bits, to);
    const Result midNearest = convert(from, x.bits, via);
    const Result midOdd = convert(from, x.bits, via, rto);
    const Result viaNearest = convert(via, midNearest.bits, to);
    const Result viaOdd = convert(via, midOdd.bits, to);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity(
        "input", {"The value in " + displayName(from), displayName(from) + " 中的输入值"}, from, x.bits, x.flags));
    out.quantities.push_back(
        floatQuantity("direct", {"Rounded once, straight to " + displayName(to), "一次舍入直接到 " + displayName(to)},
                      to, direct.bits, direct.flags));
    out.quantities.push_back(
        floatQuantity("mid_rne", {"In " + displayName(via) + " (nearest-even)", displayName(via) + " 中（就近取偶）"},
                      via, midNearest.bits, midNearest.flags));
    out.quantities.push_back(floatQuantity(
        "via_rne", {"Then to " + displayName(to) + " (nearest-even)", "再到 " + displayName(to) + "（就近取偶）"}, to,
        viaNearest.bits, viaNearest.flags));
    out.quantities.push_back(
        floatQuantity("mid_rto", {"In " + displayName(via) + " (round to odd)", displayName(via) + " 中（取奇）"}, via,
                      midOdd.bits, midOdd.flags));
    out.quantities.push_back(floatQuantity(
        "via_rto", {"Then to " + displayName(to) + " (nearest-even)", "再到 " + displayName(to) + "（就近取偶）"}, to,
        viaOdd.bits, viaOdd.flags));
    const bool enoughBits = via.precision() >= to.precision() + 2;
    out.quantities.push_back(textQuantity(
        "rto_safe", {"Round-to-odd in the middle is safe (p_via ≥ p_to + 2)", "中间取奇是安全的（p_via ≥ p_to + 2）"},
        enoughBits ? LocalText{"yes", "是"} : LocalText{"no", "否"}));
    ResultTable t;
    t.key = "paths";
    t.title = {"Two roundings versus one", "两次舍入与一次舍入"};
    t.columns = {{"path", "路径"}, {"intermediate", "中间结果"}, {"result", "结果"}, {"bits", "位"}};
    const std::string a = displayName(from), b = displayName(via), c = displayName(to);
    t.rows.push_back({a + " → " + c, "-", valueCell(to, direct.bits), hexBits(to, direct.bits)});
    t.rows.push_back({a + " → " + b + " (rne) → " + c, exactDecimal(via, midNearest.bits),
                      valueCell(to, viaNearest.bits), hexBits(to, viaNearest.bits)});
    t.rows.push_back({a + " → " + b + " (rto) → " + c, exactDecimal(via, midOdd.bits), valueCell(to, viaOdd.bits),
                      hexBits(to, viaOdd.bits)});
    out.tables.push_back(std::move(t));
    return out;
}

} // namespace

void addRoundingExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"rounding_modes",
         {"Rounding modes on a number line", "数轴上的舍入模式"},
         {"Rounds a value into a format in every mode and samples stochastic rounding.",
          "用每种模式把一个值舍入到某格式，并对随机舍入抽样。"},
         {formatParam("format", "fp16", {"the target format", "目标格式"}),
          numberParam("value", "0.1", {"the value to round", "要舍入的值"}),
          integerParam("samples", "10000", 1, 10000000, {"stochastic rounding samples", "随机舍入的样本数"}),
          integerParam("seed", "1", 0, 1000000000, {"seed of the stochastic rounding", "随机舍入的种子"})},
         roundingModes});
    catalog.push_back({"stochastic_updates",
                       {"Tiny updates with stochastic rounding", "随机舍入下的微小更新"},
                       {"Adds a tiny update to a weight many times with round-to-nearest and with stochastic rounding.",
                        "分别用就近舍入和随机舍入，把微小更新量多次加到权重上。"},
                       {formatParam("format", "fp16", {"the weight's format", "权重的格式"}),
                        numberParam("weight", "1", {"initial weight", "初始权重"}),
                        numberParam("update", "0.0001", {"the update added each step", "每步加上的更新量"}),
                        integerParam("steps", "1000", 1, 1000000, {"number of steps", "步数"}),
                        integerParam("seed", "1", 0, 1000000000, {"seed", "种子"}),
                        integerParam("runs", "100", 1, 10000, {"runs averaged", "求平均的运行次数"})},
                       stochasticUpdates});
    catalog.push_back(
        {"double_rounding",
         {"Double rounding and round-to-odd", "两次舍入与取奇舍入"},
         {"Rounds a value to a narrow format directly, and through an intermediate format with nearest-even "
          "or round-to-odd.",
          "把一个值直接舍入到窄格式，或先经过中间格式（就近取偶或取奇）再舍入。"},
         {numberParam("value", "1.000488282181322574615478515625", {"the value", "输入值"}),
          formatParam("from", "fp64", {"the format of the value", "输入值的格式"}),
          formatParam("via", "fp32", {"the intermediate format", "中间格式"}),
          formatParam("to", "fp16", {"the final format", "最终格式"})},
         doubleRounding});
}

} // namespace fplab::lessons
