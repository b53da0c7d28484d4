// The autocast table's words and the tensor names of the dtype trace, in both languages.
#include "lessons/experiments/autocast_text.h"

#include <string>

namespace fplab::lessons::experiments {

using training::AutocastOp;
using training::PrecisionPolicy;

namespace {

LocalText opName(AutocastOp op, const PrecisionPolicy& policy, const std::string& low) {
    switch (op) {
    case AutocastOp::Linear:
        return {"linear / matmul (fc layers, forward and backward)", "linear / matmul（fc 层，前向与反向）"};
    case AutocastOp::Relu: return {"relu"};
    case AutocastOp::LayerNorm: return {"layer_norm"};
    case AutocastOp::CrossEntropy: return {"cross_entropy (log_softmax, exp, log, sum, mean)"};
    case AutocastOp::LossScale: return {"loss * scale", "损失 × 缩放因子"};
    case AutocastOp::Gradients:
        if (!policy.autocast()) return {"gradients", "梯度"};
        return {"gradients of " + low + " tensors", low + " 张量的梯度"};
    case AutocastOp::OptimizerStep:
        if (!policy.autocast()) return {"clipping, optimizer step", "裁剪、优化器更新"};
        return {"unscale, inf/NaN check, clipping, optimizer step", "unscale、inf/NaN 检查、裁剪、优化器更新"};
    }
    return {"?"};
}

// Autocast off (fp32, tf32): everything runs in float32, only the matmul may take TF32 operands.
AutocastRowText withoutAutocast(AutocastOp op, const PrecisionPolicy& policy) {
    const LocalText off{"autocast off", "autocast 关闭"};
    if (op == AutocastOp::Linear && policy.tf32Matmul)
        return {opName(op, policy, ""),
                {"inputs and weights rounded to TF32 inside the multiply, products accumulated in float32",
                 "输入和权重在乘法内部舍入为 TF32，乘积以 float32 累加"},
                {"allow_tf32: tensor cores take TF32 operands; the tensors stay float32",
                 "allow_tf32：张量核心接受 TF32 操作数；张量本身仍是 float32"}};
    if (op == AutocastOp::Linear) return {opName(op, policy, ""), {"float32 throughout", "全程 float32"}, off};
    return {opName(op, policy, ""), {"float32"}, off};
}

// The FP8 modes: the linear layers multiply in FP8 with the recipe's scales.
AutocastRowText fp8Linear(const LocalText& name, const PrecisionPolicy& policy, const std::string& low) {
    const bool block = policy.fp8 == training::Fp8Recipe::Block;
    const LocalText scales =
        block ? LocalText{"float8_e4m3fn inputs, weights and gradients with 1x128 (activation, gradient) and 128x128 "
                          "(weight) block scales, promoted to float32 every 128 products",
                          "输入、权重和梯度均为 float8_e4m3fn，带 1x128（激活、梯度）和 128x128（权重）块缩放，"
                          "每 128 个乘积提升到 float32 一次"}
              : LocalText{"float8_e4m3fn inputs and weights, float8_e5m2 gradients, one scale per tensor",
                          "输入和权重为 float8_e4m3fn，梯度为 float8_e5m2，每个张量一个缩放因子"};
    const LocalText computes{scales.en + "; products on the FP8 tensor-core model (13 kept bits), output rounded to " +
                                 low,
                             scales.zh + "；乘积按 FP8 张量核心模型计算（保留 13 位），输出舍入为 " + low};
    switch (policy.fp8) {
    case training::Fp8Recipe::Delayed:
        return {name,
                computes,
                {"Transformer Engine's DelayedScaling: each scale comes from an amax history of earlier steps",
                 "Transformer Engine 的 DelayedScaling：每个缩放因子来自之前各步的 amax 历史"}};
    case training::Fp8Recipe::Current:
        return {name,
                computes,
                {"current scaling: each scale comes from the tensor's own amax",
                 "当前缩放：每个缩放因子来自张量自身的 amax"}};
    default:
        return {
            name,
            computes,
            {"DeepSeek-V3's recipe: fine-grained scales, FP32 promotion", "DeepSeek-V3 的方案：细粒度缩放，FP32 提升"}};
    }
}

} // namespace

AutocastRowText autocastRowText(AutocastOp op, const PrecisionPolicy& policy) {
    if (!policy.autocast()) return withoutAutocast(op, policy);
    const std::string low(training::dtypeName(policy.lowType));
    const std::string params(training::dtypeName(policy.parameterType()));
    const LocalText name = opName(op, policy, low);
    switch (op) {
    case AutocastOp::Linear:
        if (policy.fp8Gemms()) return fp8Linear(name, policy, low);
        return {
            name,
            {low + " inputs and weights, products accumulated in float32, output rounded to " + low,
             "输入和权重为 " + low + "，乘积以 float32 累加，输出舍入为 " + low},
            {"autocast's lower-precision list: tensor cores run it fast", "autocast 的低精度列表：张量核心运行它很快"}};
    case AutocastOp::Relu:
        return {name,
                {"runs in the type of its input (" + low + ")", "沿用输入的类型（" + low + "）"},
                {"on neither list: no cast", "不在任何列表中：不做转换"}};
    case AutocastOp::LayerNorm:
        return {name,
                {"input cast to float32; mean, variance and normalisation in float32",
                 "输入转换为 float32；均值、方差和归一化都用 float32"},
                {"autocast's float32 list: the mean of squares is a reduction that needs float32's precision and range",
                 "autocast 的 float32 列表：平方均值是一种归约，需要 float32 的精度和范围"}};
    case AutocastOp::CrossEntropy:
        return {name,
                {"logits cast to float32", "logits 转换为 float32"},
                {"autocast's float32 list: exp and log overflow or lose precision in 16 bits",
                 "autocast 的 float32 列表：exp 和 log 在 16 位中会溢出或损失精度"}};
    case AutocastOp::LossScale:
        return {name, {"float32"}, {"the scale multiplies the float32 loss", "缩放因子乘以 float32 的损失"}};
    case AutocastOp::Gradients:
        return {name,
                {low + " (the backward runs in the forward's types)", low + "（反向传播沿用前向的类型）"},
                {"a cast's backward casts the gradient back", "类型转换的反向会把梯度转换回去"}};
    case AutocastOp::OptimizerStep:
        return {name,
                {"float32"},
                policy.masterWeights ? LocalText{"on the float32 master weights", "在 float32 主权重上进行"}
                                     : LocalText{"master weights off: results stored back in " + params,
                                                 "不用主权重：结果存回 " + params}};
    }
    return {name, {}, {}};
}

LocalText tensorNameText(std::string_view name) {
    const auto endsWith = [&](std::string_view suffix) {
        return name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
    };
    const auto startsWith = [&](std::string_view prefix) {
        return name.size() > prefix.size() && name.substr(0, prefix.size()) == prefix;
    };
    const auto stem = [&](std::string_view affix) { return std::string(name.substr(0, name.size() - affix.size())); };
    const std::string en(name);
    if (name == "output") return {en, "输出"};
    if (name == "loss") return {en, "损失"};
    if (name == "loss * scale") return {en, "损失 × 缩放因子"};
    if (startsWith("grad of ")) {
        const std::string of = tensorNameText(name.substr(8)).in(Language::Chinese);
        const bool latinEnd = static_cast<unsigned char>(of.back()) < 0x80;
        return {en, of + (latinEnd ? " 的梯度" : "的梯度")};
    }
    if (startsWith("after ")) return {en, std::string(name.substr(6)) + " 之后"};
    if (endsWith(" (cast for cross_entropy)"))
        return {en,
                tensorNameText(stem(" (cast for cross_entropy)")).in(Language::Chinese) + "（为 cross_entropy 转换）"};
    if (endsWith(" input (cast)")) return {en, stem(" input (cast)") + " 输入（已转换）"};
    if (endsWith(" (cast)")) return {en, stem(" (cast)") + "（已转换）"};
    if (endsWith(" grad (computed)")) return {en, stem(" grad (computed)") + " 的梯度（计算所得）"};
    if (endsWith(" mean, rstd")) return {en, stem(" mean, rstd") + " 的 mean、rstd"};
    if (endsWith(" input")) return {en, stem(" input") + " 输入"};
    return {en}; // x, fc1.weight, log_softmax, ln.bias.grad: names as PyTorch writes them
}

} // namespace fplab::lessons::experiments
