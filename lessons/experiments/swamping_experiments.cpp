// Lesson 4 (underflow and swamping): small addends lost against a large value, the size
// below which a weight update has no effect, FP32 master weights, subnormals and flush-to-zero.
#include "core/arithmetic.h"
#include "core/classify.h"
#include "core/values.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <cmath>

namespace fplab::lessons {

using namespace experiments;

namespace {

LocalText yesNo(bool v) { return v ? LocalText{"yes", "是"} : LocalText{"no", "否"}; }

ExperimentResult addSmall(const ParamValues& params) {
    ExperimentResult out;
    ResultTable t;
    t.key = "sums";
    t.title = {params.text("a") + " + " + params.text("b") + " in each format",
               params.text("a") + " + " + params.text("b") + " 在各格式中"};
    t.columns = {{"format", "格式"},        {"a", "a"},       {"b as stored", "存储后的 b"}, {"a + b", "a + b"},
                 {"b lost?", "b 被吞掉？"}, {"flags", "标志"}};
    for (const AnyFormat& any : params.formatList("formats")) {
        if (!any.real) throw ExperimentError("formats: " + any.name + " is not a float format");
        const Format& f = *any.real;
        const Result a = params.number("a", f);
        const Result b = params.number("b", f);
        const Result r = add(f, a.bits, b.bits);
        const bool lost = r.bits == a.bits && valueOf(f, b.bits) != 0;
        out.quantities.push_back(floatQuantity(any.name, {"a + b in " + displayName(f), displayName(f) + " 中的 a + b"},
                                               f, r.bits, r.flags));
        out.quantities.push_back(floatQuantity(any.name + "_b",
                                               {"b stored in " + displayName(f), "存入 " + displayName(f) + " 的 b"}, f,
                                               b.bits, b.flags));
        out.quantities.push_back(textQuantity(
            any.name + "_lost", {"b lost in " + displayName(f), displayName(f) + " 中 b 被吞掉"}, yesNo(lost)));
        t.rows.push_back({displayName(f), valueCell(f, a.bits), valueCell(f, b.bits), valueCell(f, r.bits), yesNo(lost),
                          flagLetters(r.flags)});
    }
    out.tables.push_back(std::move(t));
    return out;
}

ExperimentResult updateThreshold(const ParamValues& params) {
    const Format f = params.format("format");
    const Result w = params.number("weight", f);
    const FloatClass cls = classify(f, w.bits);
    if (cls != FloatClass::Normal) throw ExperimentError("weight must be a normal number of the format");
    const Result ulp = sub(f, nextUp(f, w.bits), w.bits);
    const std::uint64_t half = fromDouble(f, valueOf(f, ulp.bits) / 2);
    // The tie at exactly half an ulp goes to the even neighbour: it is lost when the weight's last bit is 0.
    const bool halfLost = add(f, w.bits, half).bits == w.bits;
    const std::uint64_t largestLost = halfLost ? half : nextDown(f, half);
    const std::uint64_t smallestKept = halfLost ? nextUp(f, half) : half;
    const double wv = valueOf(f, w.bits);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity("weight", {"Weight", "权重"}, f, w.bits, w.flags));
    out.quantities.push_back(
        floatQuantity("ulp", {"Spacing of values at the weight (ulp)", "权重处相邻值的间距（ulp）"}, f, ulp.bits));
    out.quantities.push_back(floatQuantity("half_ulp", {"Half of that spacing", "间距的一半"}, f, half));
    out.quantities.push_back(
        floatQuantity("largest_lost", {"Largest update that is lost", "会被吞掉的最大更新量"}, f, largestLost));
    out.quantities.push_back(
        floatQuantity("smallest_kept", {"Smallest update that survives", "能保留下来的最小更新量"}, f, smallestKept));
    out.quantities.push_back(realQuantity("threshold_ratio", {"Threshold as update / weight", "阈值（更新量 / 权重）"},
                                          valueOf(f, half) / wv));
    out.quantities.push_back(
        countQuantity("threshold_log2", {"log2 of that ratio", "该比值的 log2"}, std::ilogb(valueOf(f, half) / wv)));
    out.quantities.push_back(textQuantity(
        "half_ulp_lost", {"An update of exactly half an ulp is lost", "恰好半个 ulp 的更新被吞掉"}, yesNo(halfLost)));

    ResultTable t;
    t.key = "sweep";
    t.title = {"weight + update in " + displayName(f), displayName(f) + " 中的 权重 + 更新量"};
    t.columns = {{"update", "更新量"},
                 {"update / weight", "更新量 / 权重"},
                 {"weight + update", "权重 + 更新量"},
                 {"applied", "实际生效的更新"},
                 {"kept?", "保留？"}};
    Chart chart;
    chart.key = "applied";
    chart.title = {"How much of an update survives", "更新量有多少被保留"};
    chart.xLabel = {"log2(update / weight)", "log2(更新量 / 权重)"};
    chart.yLabel = {"applied / requested", "实际 / 期望"};
    Series s{"ratio", {"applied / requested", "实际 / 期望"}, {}, {}};
    const int top = std::ilogb(wv);
    for (int k = top - 1; k >= top - f.mantissaBits - 4; --k) {
        const std::uint64_t u = fromDouble(f, std::ldexp(1.0, k));
        const Result r = add(f, w.bits, u);
        const double applied = valueOf(f, r.bits) - wv;
        const double requested = valueOf(f, u);
        t.rows.push_back({"2^" + std::to_string(k) + " = " + floatText(f, u), pythonRepr(requested / wv),
                          valueCell(f, r.bits), pythonRepr(applied), yesNo(r.bits != w.bits)});
        addPoint(s, std::log2(requested / wv), applied / requested);
    }
    chart.series.push_back(std::move(s));
    out.tables.push_back(std::move(t));
    out.charts.push_back(std::move(chart));
    return out;
}

ExperimentResult masterWeights(const ParamValues& params) {
    const Format low = params.format("format");
    const Format master = params.format("master");
    const std::int64_t steps = params.integer("steps");
    const Result w0 = params.number("weight", low);
    const Result u = params.number("update", low); // the update as the low-precision step produces it
    const std::uint64_t uMaster = convert(low, u.bits, master).bits;

    std::uint64_t wLow = w0.bits;
    std::uint64_t wMaster = convert(low, w0.bits, master).bits;
    Series lowSeries{"low", {displayName(low) + " weights", displayName(low) + " 权重"}, {}, {}};
    Series masterSeries{"master", {displayName(master) + " master weights", displayName(master) + " 主权重"}, {}, {}};
    Series copySeries{
        "copy", {displayName(low) + " copy of the master", "主权重的 " + displayName(low) + " 副本"}, {}, {}};
    const SeriesSampler sampler(steps);
    for (std::int64_t i = 1; i <= steps; ++i) {
        wLow = add(low, wLow, u.bits).bits;
        wMaster = add(master, wMaster, uMaster).bits;
        if (sampler.wants(i)) {
            addPoint(lowSeries, double(i), valueOf(low, wLow));
            addPoint(masterSeries, double(i), valueOf(master, wMaster));
            addPoint(copySeries, double(i), valueOf(low, convert(master, wMaster, low).bits));
        }
    }
    const Result copy = convert(master, wMaster, low);
    ExperimentResult out;
    out.quantities.push_back(
        floatQuantity("update", {"Update as stored in " + displayName(low), "存为 " + displayName(low) + " 的更新量"},
                      low, u.bits, u.flags));
    out.quantities.push_back(floatQuantity(
        "low_weight", {"Weight kept in " + displayName(low), "保存在 " + displayName(low) + " 中的权重"}, low, wLow));
    out.quantities.push_back(floatQuantity(
        "master_weight", {displayName(master) + " master weight", displayName(master) + " 主权重"}, master, wMaster));
    out.quantities.push_back(floatQuantity("low_copy",
                                           {displayName(low) + " copy used in the next forward pass",
                                            "下一次前向计算使用的 " + displayName(low) + " 副本"},
                                           low, copy.bits, copy.flags));
    out.quantities.push_back(realQuantity("exact", {"Exact: weight + steps × update", "精确值：权重 + 步数 × 更新量"},
                                          valueOf(low, w0.bits) + double(steps) * valueOf(low, u.bits)));
    Chart chart;
    chart.key = "weights";
    chart.title = {"The weight over the steps", "各步的权重"};
    chart.xLabel = {"step", "步数"};
    chart.yLabel = {"weight", "权重"};
    chart.series = {std::move(lowSeries), std::move(masterSeries), std::move(copySeries)};
    out.charts.push_back(std::move(chart));
    return out;
}

ExperimentResult underflow(const ParamValues& params) {
    const Format f = params.format("format");
    const Format ftz = flushToZero(f);
    const std::int64_t count = params.integer("count");
    const Result start = params.number("start", kFp64);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity("min_normal", {"Smallest normal", "最小正规数"}, f, minNormalBits(f)));
    out.quantities.push_back(
        floatQuantity("min_subnormal", {"Smallest subnormal", "最小次正规数"}, f, minPositiveBits(f)));
    ResultTable t;
    t.key = "halving";
    t.title = {"Halving a small number in " + displayName(f), "在 " + displayName(f) + " 中不断减半一个小数"};
    t.columns = {{"exact value", "精确值"},
                 {"with subnormals", "有次正规数"},
                 {"flags", "标志"},
                 {"flush to zero", "清零（FTZ）"},
                 {"flags", "标志"}};
    std::uint64_t lastSub = 0, lastFtz = 0;
    double x = valueOf(kFp64, start.bits);
    for (std::int64_t k = 0; k < count; ++k, x /= 2) {
        const std::uint64_t x64 = fromDouble(kFp64, x);
        const Result a = convert(kFp64, x64, f);
        const Result b = convert(kFp64, x64, ftz);
        if (valueOf(f, a.bits) != 0) lastSub = a.bits;
        if (valueOf(ftz, b.bits) != 0) lastFtz = b.bits;
        t.rows.push_back(
            {pythonRepr(x), valueCell(f, a.bits), flagLetters(a.flags), valueCell(ftz, b.bits), flagLetters(b.flags)});
    }
    out.tables.push_back(std::move(t));
    out.quantities.push_back(floatQuantity(
        "last_nonzero", {"Last nonzero value with subnormals", "有次正规数时最后一个非零值"}, f, lastSub));
    out.quantities.push_back(floatQuantity(
        "last_nonzero_ftz", {"Last nonzero value with flush-to-zero", "清零模式下最后一个非零值"}, ftz, lastFtz));
    // A product of two small normal numbers: subnormal, or zero when flushed.
    const Result a = params.number("factor", f);
    const Result p = mul(f, a.bits, a.bits);
    const Result q = mul(ftz, params.number("factor", ftz).bits, params.number("factor", ftz).bits);
    out.quantities.push_back(floatQuantity(
        "square", {"factor × factor with subnormals", "有次正规数时 factor × factor"}, f, p.bits, p.flags));
    out.quantities.push_back(floatQuantity(
        "square_ftz", {"factor × factor with flush-to-zero", "清零模式下 factor × factor"}, ftz, q.bits, q.flags));
    // A small gradient, and the same gradient after loss scaling.
    const Result g = params.number("gradient", f);
    const Result g64 = params.number("gradient", kFp64);
    const Result s64 = params.number("scale", kFp64);
    const Result scaled64 = mul(kFp64, g64.bits, s64.bits);
    const Result scaled = convert(kFp64, scaled64.bits, f);
    out.quantities.push_back(
        floatQuantity("gradient", {"The gradient stored in " + displayName(f), "存入 " + displayName(f) + " 的梯度"}, f,
                      g.bits, g.flags));
    out.quantities.push_back(floatQuantity(
        "scaled_gradient", {"gradient × scale stored in " + displayName(f), "梯度 × 缩放因子存入 " + displayName(f)}, f,
        scaled.bits, scaled.flags));
    return out;
}

} // namespace

void addSwampingExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"add_small",
         {"Adding a small number to a large one", "大数加小数"},
         {"Computes a + b in each format and shows whether b was lost.", "在各格式中计算 a + b，并显示 b 是否被吞掉。"},
         {formatListParam("formats", "fp16,fp32", {"float formats", "浮点格式"}),
          numberParam("a", "1", {"the large number", "大数"}), numberParam("b", "2^-24", {"the small number", "小数"})},
         addSmall});
    catalog.push_back({"update_threshold",
                       {"The smallest update that counts", "能生效的最小更新量"},
                       {"Adds ever smaller powers of two to a weight and finds the size below which updates are lost.",
                        "把越来越小的 2 的幂加到权重上，找出更新量小于多少就会丢失。"},
                       {formatParam("format", "fp16", {"the weight's format", "权重的格式"}),
                        numberParam("weight", "1", {"the weight", "权重"})},
                       updateThreshold});
    catalog.push_back({"master_weights",
                       {"Master weights", "主权重"},
                       {"Applies the same small update many times to a low-precision weight and to a wide master copy.",
                        "把同一个小更新量反复加到低精度权重和高精度主权重上。"},
                       {formatParam("format", "fp16", {"the low-precision format", "低精度格式"}),
                        formatParam("master", "fp32", {"the master weights' format", "主权重的格式"}),
                        numberParam("weight", "1", {"initial weight", "初始权重"}),
                        numberParam("update", "0.0001", {"the update added each step", "每步加上的更新量"}),
                        integerParam("steps", "1000", 1, 1000000, {"number of steps", "步数"})},
                       masterWeights});
    catalog.push_back(
        {"underflow",
         {"Underflow, subnormals and flush-to-zero", "下溢、次正规数与清零"},
         {"Halves a small number until it vanishes, with subnormals and with flush-to-zero; squares a small "
          "number; stores a small gradient with and without loss scaling.",
          "把一个小数不断减半直到消失（分别在有次正规数和清零模式下）；对小数求平方；"
          "存储一个小梯度（有无损失缩放）。"},
         {formatParam("format", "fp16", {"the format", "格式"}),
          numberParam("start", "2^-12", {"the first value", "起始值"}),
          integerParam("count", "15", 1, 2000, {"how many halvings", "减半次数"}),
          numberParam("factor", "2^-12", {"the number squared", "被平方的数"}),
          numberParam("gradient", "1e-8", {"a small gradient", "一个小梯度"}),
          numberParam("scale", "65536", {"the loss scale", "损失缩放因子"})},
         underflow});
}

} // namespace fplab::lessons
