// The "Where a transformer breaks in FP16" lesson: the attention softmax of a planted transformer in pure
// FP16 with and without max subtraction and its first overflow (core/training/transformer), a residual stream
// absorbing small updates in BF16 and FP32, and an outlier channel under FP8 delayed and current scaling.
#include "core/format.h"
#include "core/training/transformer/planted_model.h"
#include "core/training/transformer/transformer_model.h"
#include "lessons/experiments/experiment_helpers.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;
using namespace fplab::training;

namespace {

ExperimentResult softmaxOverflow(const ParamValues& params) {
    const float logit = std::bit_cast<float>(std::uint32_t(params.number("logit", kFp32).bits));
    TransformerModel model = modelWithAttentionLogit(logit);
    TransformerPrecision precision = transformerPreset(TransformerPreset::PureFp16, 1);
    precision.layer.softmaxSubtractsMax = params.boolean("subtract_max");
    EmulatedOps ops;
    const float loss = model.forward(handSizedBatch(), precision, ops);

    ExperimentResult out;
    out.quantities.push_back(floatQuantity("loss", {"the loss", "损失"}, kFp32, std::bit_cast<std::uint32_t>(loss)));
    const std::optional<OverflowReport>& r = ops.firstOverflow();
    out.quantities.push_back(countQuantity("overflowed", {"overflows found", "发现的溢出"}, r ? 1 : 0));
    if (r) {
        out.quantities.push_back(textQuantity("tensor", {"tensor", "张量"}, LocalText{r->site.tensor}));
        out.quantities.push_back(textQuantity("operation", {"operation", "运算"}, LocalText{r->operation}));
        out.quantities.push_back(countQuantity("element", {"element", "元素"}, std::int64_t(r->element)));
        out.quantities.push_back(countQuantity("layer", {"layer", "层"}, r->site.layer));
        if (!r->operands.empty())
            out.quantities.push_back(floatQuantity("operand", {"its operand", "其操作数"}, kFp16, r->operands[0]));
        out.quantities.push_back(floatQuantity("result", {"its result", "其结果"}, kFp16, r->result));
    }
    return out;
}

ExperimentResult residualStream(const ParamValues& params) {
    const float start = std::bit_cast<float>(std::uint32_t(params.number("stream", kFp32).bits));
    const float update = std::bit_cast<float>(std::uint32_t(params.number("update", kFp32).bits));
    const int steps = int(params.integer("steps"));
    ExperimentResult out;
    EmulatedOps ops;
    ops.at(Pass::Forward, 0, "residual");
    for (FormatId f : {FormatId::Bf16, FormatId::Fp32}) {
        const std::string p = f == FormatId::Bf16 ? "bf16_" : "fp32_";
        const std::string name = f == FormatId::Bf16 ? "BF16" : "FP32";
        float x = ops.cast(f, start, 0, "residual.store");
        std::int64_t lost = 0;
        for (int i = 0; i < steps; ++i) {
            const float next = ops.add(f, x, update, 0, "residual.add");
            lost += next == x ? 1 : 0;
            x = next;
        }
        out.quantities.push_back(floatQuantity(p + "final", {name + ": the stream at the end", name + "：最终的残差流"},
                                               kFp32, std::bit_cast<std::uint32_t>(x)));
        out.quantities.push_back(
            countQuantity(p + "lost", {name + ": updates that changed nothing", name + "：没有起作用的更新"}, lost));
    }
    out.quantities.push_back(realQuantity("exact", {"the exact sum", "精确和"},
                                          double(start) + double(steps) * double(update), RealStyle::Measurement));
    return out;
}

ExperimentResult fp8Outlier(const ParamValues& params) {
    const Fp8Recipe recipe = params.text("recipe") == "current" ? Fp8Recipe::Current : Fp8Recipe::Delayed;
    TransformerShape shape = handSizedShape();
    shape.dim = 16;
    TransformerModel model(shape, 7);
    TransformerPrecision fp8 = transformerPreset(TransformerPreset::Fp8Delayed, 1);
    for (TransformerOp op : {TransformerOp::Query, TransformerOp::Key, TransformerOp::Value,
                             TransformerOp::AttentionOutput, TransformerOp::MlpUp, TransformerOp::MlpDown})
        fp8.layer.matmul(op).fp8 = recipe;
    EmulatedOps ops;
    // Steps before the outlier fill the delayed recipe's amax history.
    for (int i = 0; i < int(params.integer("warmup")); ++i) {
        ops.clear();
        model.forward(handSizedBatch(), fp8, ops);
    }
    model.parameter("h0.ln2.bias").value[3] = float(std::ldexp(1.0, int(params.integer("outlier_log2"))));
    ops.clear();
    model.forward(handSizedBatch(), fp8, ops);
    const std::vector<float> fp8Logits = model.logits();
    Fp8TensorStats input;
    for (const Fp8TensorStats& s : model.fp8Stats())
        if (s.name == "h0.mlp.w1.input") input = s;
    ops.clear();
    model.forward(handSizedBatch(), transformerPreset(TransformerPreset::Fp32, 1), ops);
    double worst = 0, largest = 0;
    for (std::size_t i = 0; i < fp8Logits.size(); ++i) {
        worst = std::max(worst, std::fabs(double(fp8Logits[i]) - double(model.logits()[i])));
        largest = std::max(largest, std::fabs(double(model.logits()[i])));
    }

    ExperimentResult out;
    out.quantities.push_back(
        realQuantity("amax", {"amax of the MLP's input", "MLP 输入的 amax"}, input.amax, RealStyle::Measurement));
    out.quantities.push_back(
        realQuantity("scale", {"the scale used", "使用的缩放因子"}, input.scale, RealStyle::Measurement));
    out.quantities.push_back(
        countQuantity("saturated", {"elements clamped to ±448", "被截断到 ±448 的元素"}, input.saturated));
    out.quantities.push_back(
        realQuantity("logit_error",
                     {"largest logit error, relative to the largest logit", "最大的 logit 误差（相对于最大的 logit）"},
                     largest > 0 ? worst / largest : 0.0, RealStyle::Measurement));
    return out;
}

} // namespace

void addTransformerExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"transformer_softmax_overflow",
         {"A transformer's softmax in FP16", "Transformer 的 FP16 softmax"},
         {"A one-layer transformer in pure FP16 whose head-0 attention logits are all `logit`, with or without "
          "subtracting each row's maximum before exp; the first overflow or invalid operation, found by its flags.",
          "一个纯 FP16 的单层 transformer，其第 0 个头的注意力 logit 全为 `logit`，exp 之前减或不减每行的最大值；"
          "由标志找到的第一个溢出或无效运算。"},
         {numberParam("logit", "11.09375", {"every attention logit of head 0", "第 0 个头的每个注意力 logit"}),
          booleanParam("subtract_max", "false", {"subtract the row maximum", "减去行最大值"})},
         softmaxOverflow});
    catalog.push_back(
        {"transformer_residual_stream",
         {"Small updates to a residual stream", "残差流上的小更新"},
         {"A residual stream's value receives the same small update `steps` times, stored in BF16 and in FP32.",
          "残差流的一个值接收同一个小更新 `steps` 次，分别以 BF16 和 FP32 存储。"},
         {numberParam("stream", "64", {"the stream's value", "残差流的值"}),
          numberParam("update", "0.01", {"each block's update", "每个块的更新"}),
          integerParam("steps", "100", 1, 100000, {"updates", "更新次数"})},
         residualStream});
    catalog.push_back(
        {"transformer_fp8_outlier",
         {"An outlier channel under FP8 scaling", "FP8 缩放下的异常通道"},
         {"A one-layer transformer with FP8 projections and MLP; after `warmup` forward passes LayerNorm's bias moves "
          "one channel of the MLP's input up by 2^outlier_log2. The cast of that input and the logits against FP32.",
          "一个投影和 MLP 使用 FP8 的单层 transformer；在 `warmup` 次前向之后，LayerNorm 的偏置把 MLP 输入的一个通道"
          "抬高 2^outlier_log2。给出该输入的转换情况以及 logits 相对 FP32 的误差。"},
         {choiceParam("recipe", "delayed", {"delayed", "current"}, {"FP8 scaling", "FP8 缩放方式"}),
          integerParam("warmup", "3", 1, 100, {"forward passes before the outlier", "异常值之前的前向次数"}),
          integerParam("outlier_log2", "10", 0, 100, {"the bias is 2^this", "偏置为 2 的这个次方"})},
         fp8Outlier});
}

} // namespace fplab::lessons
