// Lesson 11 (microscaling): vectors quantized with OCP MX, NVFP4 and FP8 block scaling through
// core/blockscale, block by block, and one outlier's effect on its block in MXFP4 against NVFP4.
#include "core/blockscale/byte_cast.h"
#include "core/blockscale/quantizer.h"
#include "core/text/parse.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;
using namespace fplab::blockscale;

namespace {

std::vector<std::string> schemeChoices() {
    std::vector<std::string> names;
    for (const SchemeInfo& info : allSchemes()) names.emplace_back(info.name);
    return names;
}

std::vector<float> numberList(const ParamValues& params, std::string_view name) {
    std::vector<float> out;
    for (const std::string& item : params.list(name)) {
        const ParseOutcome p = parseValue(item, kFp32);
        if (!p.ok()) throw ExperimentError(std::string(name) + ": " + p.error);
        out.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(p.value->bits)));
    }
    return out;
}

std::vector<std::string> ruleChoices() {
    std::vector<std::string> names = {"own"};
    for (const ScaleRule r : {ScaleRule::Ocp, ScaleRule::RoundUp, ScaleRule::Nearest, ScaleRule::Fp32, ScaleRule::Max6,
                              ScaleRule::Max4, ScaleRule::FourOverSix})
        names.emplace_back(scaleRuleName(r));
    return names;
}

// The scheme with the rule the parameters name ("own": the scheme's own rule).
Recipe recipeOf(const ParamValues& params) {
    const Scheme scheme = *parseScheme(params.text("scheme"));
    Recipe r = defaultRecipe(scheme);
    if (params.text("rule") != "own") r.rule = *parseScaleRule(params.text("rule"));
    if (const std::optional<std::string> error = recipeError(r)) throw ExperimentError(*error);
    return r;
}

Quantized quantizeOrThrow(const Recipe& recipe, const std::vector<float>& x) {
    QuantizeOutcome q = quantize(recipe, x, {1, x.size()});
    if (!q.value) throw ExperimentError(q.error);
    return std::move(*q.value);
}

std::string elementName(Scheme s) {
    const SchemeInfo& info = schemeInfo(s);
    return info.element ? displayName(*info.element) : "INT8";
}

ExperimentResult blockQuantize(const ParamValues& params) {
    const Recipe recipe = recipeOf(params);
    const Scheme scheme = recipe.scheme;
    const SchemeInfo& info = schemeInfo(scheme);
    const std::vector<float> x = numberList(params, "values");
    const Quantized q = quantizeOrThrow(recipe, x);
    const Report r = analyse(q, x);
    const BlockLayout layout(info.grouping, q.shape);

    ExperimentResult out;
    for (std::size_t b = 0; b < layout.blockCount() && b < 8; ++b) {
        const std::string n = std::to_string(b);
        out.quantities.push_back(floatQuantity("scale" + n, {"Scale of block " + n, "第 " + n + " 块的缩放因子"},
                                               scaleFormat(recipe), q.scaleBits[b]));
        out.quantities.push_back(realQuantity("amax" + n,
                                              {"Largest magnitude in block " + n, "第 " + n + " 块的最大绝对值"},
                                              r.blocks[b].amax, RealStyle::Float32));
    }
    if (scheme == Scheme::Nvfp4)
        out.quantities.push_back(
            floatQuantity("tensor_scale", {"FP32 tensor scale", "FP32 张量缩放因子"}, kFp32, q.tensorScaleBits));
    for (std::size_t i = 0; i < x.size() && i < 16; ++i) {
        const std::string n = std::to_string(i);
        out.quantities.push_back(realQuantity("element" + n,
                                              {"Element " + n + " before scaling", "第 " + n + " 个元素（缩放前）"},
                                              elementValue(scheme, q.codes[i])));
        out.quantities.push_back(realQuantity(
            "dequantized" + n, {"Element " + n + " dequantized", "第 " + n + " 个元素反量化后"}, r.dequantized[i]));
        out.quantities.push_back(
            realQuantity("error" + n, {"Error of element " + n, "第 " + n + " 个元素的误差"}, r.error[i]));
    }
    out.quantities.push_back(realQuantity("max_abs_error", {"Largest |error|", "最大 |误差|"}, r.maxAbsError));
    out.quantities.push_back(
        realQuantity("rms_error", {"RMS error", "均方根误差"}, r.rmsError, RealStyle::Measurement));
    out.quantities.push_back(countQuantity("saturated",
                                           {"Elements clipped to the largest value", "被截到最大值的元素数"},
                                           static_cast<std::int64_t>(r.saturated)));
    out.quantities.push_back(countQuantity("flushed", {"Non-zero elements that became 0", "变成 0 的非零元素数"},
                                           static_cast<std::int64_t>(r.flushedToZero)));

    ResultTable t;
    t.key = "elements";
    t.title = {std::string(info.name) + ": each element", std::string(info.name) + "：逐个元素"};
    t.columns = {{"index", "序号"},   {"block", "块"},
                 {"input", "输入"},   {elementName(scheme) + " code", elementName(scheme) + " 编码"},
                 {"element", "元素"}, {"dequantized", "反量化"},
                 {"error", "误差"}};
    for (std::size_t i = 0; i < x.size(); ++i) {
        char code[8];
        std::snprintf(code, sizeof code, "0x%02x", q.codes[i]);
        t.rows.push_back(
            {LocalText{std::to_string(i), std::to_string(i)},
             LocalText{std::to_string(layout.blockOf(i)), std::to_string(layout.blockOf(i))},
             LocalText{float32Text(x[i]), float32Text(x[i])}, LocalText{code, code},
             LocalText{pythonRepr(elementValue(scheme, q.codes[i])), pythonRepr(elementValue(scheme, q.codes[i]))},
             LocalText{pythonRepr(r.dequantized[i]), pythonRepr(r.dequantized[i])},
             LocalText{pythonRepr(r.error[i]), pythonRepr(r.error[i])}});
    }
    out.tables.push_back(std::move(t));
    Chart chart;
    chart.key = "error";
    chart.title = {"Error by position", "各位置的误差"};
    chart.xLabel = {"element index", "元素序号"};
    chart.yLabel = {"input − dequantized", "输入 − 反量化值"};
    Series s{"error", {"error", "误差"}, {}, {}};
    for (std::size_t i = 0; i < x.size(); ++i) addPoint(s, double(i), r.error[i]);
    chart.series.push_back(std::move(s));
    out.charts.push_back(std::move(chart));
    return out;
}

// A seeded normal vector; the outlier replaces one element. For MXFP4 and NVFP4: the RMS error of the
// outlier's block without the outlier itself, before and after, and how many of its elements become 0.
ExperimentResult outlierEffect(const ParamValues& params) {
    const std::int64_t count = params.integer("count");
    const std::int64_t position = params.integer("position");
    if (position >= count) throw ExperimentError("position must be below count");
    const float outlier = std::bit_cast<float>(static_cast<std::uint32_t>(params.number("outlier", kFp32).bits));
    std::mt19937 rng(static_cast<std::uint32_t>(params.integer("seed")));
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> clean(static_cast<std::size_t>(count));
    for (float& v : clean) v = normal(rng);
    std::vector<float> spiked = clean;
    spiked[static_cast<std::size_t>(position)] = outlier;

    ExperimentResult out;
    ResultTable t;
    t.key = "outlier";
    t.title = {"The outlier's block, the outlier left out", "离群值所在的块（不计离群值本身）"};
    t.columns = {{"scheme", "方案"},
                 {"block size", "块大小"},
                 {"RMS error without outlier", "无离群值时的均方根误差"},
                 {"RMS error with outlier", "有离群值时的均方根误差"},
                 {"elements rounded to 0", "舍入为 0 的元素"}};
    for (const Scheme scheme : {Scheme::Mxfp4, Scheme::Nvfp4, Scheme::Mxfp8E4m3}) {
        const SchemeInfo& info = schemeInfo(scheme);
        const std::size_t width = blockWidth(info.grouping);
        const std::size_t first = static_cast<std::size_t>(position) / width * width;
        const std::size_t last = std::min(clean.size(), first + width);
        const auto blockStats = [&](const std::vector<float>& x, std::int64_t& flushed) {
            const Report r = analyse(quantizeOrThrow(defaultRecipe(scheme), x), x);
            double sum = 0;
            std::size_t n = 0;
            flushed = 0;
            for (std::size_t i = first; i < last; ++i) {
                if (i == static_cast<std::size_t>(position)) continue;
                sum += r.error[i] * r.error[i];
                ++n;
                flushed += x[i] != 0 && r.dequantized[i] == 0;
            }
            return std::sqrt(sum / double(n ? n : 1));
        };
        std::int64_t flushedClean = 0, flushedSpiked = 0;
        const double rmsClean = blockStats(clean, flushedClean);
        const double rmsSpiked = blockStats(spiked, flushedSpiked);
        const std::string key(info.name == "mxfp8-e4m3" ? "mxfp8" : info.name);
        out.quantities.push_back(realQuantity(key + "_rms_clean",
                                              {std::string(info.name) + ": RMS error without the outlier",
                                               std::string(info.name) + "：无离群值时的均方根误差"},
                                              rmsClean, RealStyle::Measurement));
        out.quantities.push_back(realQuantity(key + "_rms_outlier",
                                              {std::string(info.name) + ": RMS error with the outlier",
                                               std::string(info.name) + "：有离群值时的均方根误差"},
                                              rmsSpiked, RealStyle::Measurement));
        out.quantities.push_back(countQuantity(
            key + "_flushed",
            {std::string(info.name) + ": block elements rounded to 0", std::string(info.name) + "：块内变成 0 的元素"},
            flushedSpiked));
        out.quantities.push_back(countQuantity(
            key + "_block", {std::string(info.name) + ": elements per block", std::string(info.name) + "：每块元素数"},
            static_cast<std::int64_t>(width)));
        t.rows.push_back({LocalText{std::string(info.name), std::string(info.name)},
                          LocalText{std::to_string(width), std::to_string(width)},
                          LocalText{measuredText(rmsClean), measuredText(rmsClean)},
                          LocalText{measuredText(rmsSpiked), measuredText(rmsSpiked)},
                          LocalText{std::to_string(flushedSpiked) + " / " + std::to_string(last - first - 1),
                                    std::to_string(flushedSpiked) + " / " + std::to_string(last - first - 1)}});
    }
    out.tables.push_back(std::move(t));
    return out;
}

// Lesson 12: numbers cast to FP8 saturating or not; which became NaN bytes (or infinities), which saturated.
ExperimentResult fp8Cast(const ParamValues& params) {
    const Fp8Element e = *parseFp8Element(params.text("format"));
    const Fp8Overflow overflow = params.text("overflow") == "special" ? Fp8Overflow::Special : Fp8Overflow::Saturate;
    const Format& f = e == Fp8Element::E4m3 ? kE4m3 : kE5m2;
    const std::vector<float> x = numberList(params, "values");
    ExperimentResult out;
    std::int64_t specials = 0, saturated = 0, ties = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const Fp8Byte b = castFp32ToFp8(std::bit_cast<std::uint32_t>(x[i]), e, overflow);
        specials += b.nanByte || b.infinityByte;
        saturated += b.saturated;
        ties += b.tie;
        if (i >= 16) continue;
        const std::string n = std::to_string(i);
        out.quantities.push_back(
            floatQuantity("byte" + n, {"Element " + n + " cast", "第 " + n + " 个元素转换后"}, f, b.byte));
    }
    out.quantities.push_back(countQuantity(
        "specials", {"NaN bytes or infinities from finite inputs", "由有限输入产生的 NaN 字节或无穷大"}, specials));
    out.quantities.push_back(countQuantity("saturated", {"Saturated elements", "饱和的元素数"}, saturated));
    out.quantities.push_back(
        countQuantity("ties", {"Ties rounded to the even neighbour", "舍入到偶数邻居的平局"}, ties));
    return out;
}

} // namespace

void addBlockscaleExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back({"block_quantize",
                       {"A vector quantized with a block-scaled scheme", "用块缩放方案量化一个向量"},
                       {"Each block's scale (bits and value), each element's code, dequantized value and error, for "
                        "OCP MX, NVFP4 or DeepSeek-style FP8 scaling.",
                        "OCP MX、NVFP4 或 DeepSeek 式 FP8 缩放下，每块的缩放因子（位与值），以及每个元素的编码、"
                        "反量化值和误差。"},
                       {choiceParam("scheme", "mxfp4", schemeChoices(), {"the scheme", "量化方案"}),
                        choiceParam("rule", "own", ruleChoices(),
                                    {"the scale rule (own: the scheme's)", "缩放因子规则（own：方案自己的）"}),
                        numberListParam("values", "0.3, -1.2, 2.5, 0.07",
                                        {"the vector (FP32, comma-separated)", "向量（FP32，逗号分隔）"})},
                       blockQuantize});
    catalog.push_back({"outlier_block",
                       {"One outlier in MXFP4, NVFP4 and MXFP8", "MXFP4、NVFP4 与 MXFP8 中的一个离群值"},
                       {"A seeded normal vector with one element replaced by an outlier: the error of the other "
                        "elements of its block, before and after, and how many of them become 0.",
                        "用固定种子生成正态向量，把一个元素换成离群值：同块其他元素的误差（前后对比），"
                        "以及其中有多少变成 0。"},
                       {integerParam("count", "64", 32, 4096, {"elements", "元素个数"}),
                        integerParam("position", "5", 0, 4095, {"index of the outlier", "离群值的位置"}),
                        numberParam("outlier", "40", {"the outlier's value", "离群值"}),
                        integerParam("seed", "1", 0, 1000000000, {"seed of the normal values", "正态随机数的种子"})},
                       outlierEffect});
    catalog.push_back({"fp8_cast",
                       {"Numbers cast to FP8, saturating or not", "数值转换为 FP8：饱和或不饱和"},
                       {"Each number rounded to E4M3 or E5M2 to nearest even; overflow either saturates at the "
                        "largest finite value or becomes E4M3's NaN byte (E5M2's infinity).",
                        "每个数按就近偶数舍入到 E4M3 或 E5M2；溢出要么饱和到最大有限值，要么变成 E4M3 的 NaN 字节"
                        "（E5M2 的无穷大）。"},
                       {choiceParam("format", "e4m3", {"e4m3", "e5m2"}, {"the FP8 format", "FP8 格式"}),
                        choiceParam("overflow", "saturate", {"saturate", "special"},
                                    {"overflow: saturate, or NaN / infinity", "溢出：饱和，或 NaN / 无穷大"}),
                        numberListParam("values", "448, 500, 4.25",
                                        {"the numbers (FP32, comma-separated)", "数值（FP32，逗号分隔）"})},
                       fp8Cast});
}

} // namespace fplab::lessons
