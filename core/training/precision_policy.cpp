// The training modes and the per-operation types of each (the autocast table).
#include "core/training/precision_policy.h"

#include <algorithm>

namespace fplab::training {

std::string_view dtypeName(DType type) {
    switch (type) {
    case DType::Float32: return "float32";
    case DType::Float16: return "float16";
    case DType::BFloat16: return "bfloat16";
    case DType::Float8E4M3: return "float8_e4m3fn";
    case DType::Float8E5M2: return "float8_e5m2";
    }
    return "?";
}

int dtypeBytes(DType type) {
    switch (type) {
    case DType::Float32: return 4;
    case DType::Float16:
    case DType::BFloat16: return 2;
    case DType::Float8E4M3:
    case DType::Float8E5M2: return 1;
    }
    return 4;
}

std::string_view modeName(TrainingMode mode) {
    switch (mode) {
    case TrainingMode::Fp32: return "fp32";
    case TrainingMode::Tf32: return "tf32";
    case TrainingMode::Fp16: return "fp16";
    case TrainingMode::Fp16Static: return "fp16-static";
    case TrainingMode::Fp16Dynamic: return "fp16-dynamic";
    case TrainingMode::Bf16: return "bf16";
    case TrainingMode::Fp8Delayed: return "fp8-delayed";
    case TrainingMode::Fp8Current: return "fp8-current";
    case TrainingMode::Fp8Block: return "fp8-block";
    }
    return "?";
}

std::string_view amaxAlgoName(AmaxAlgo algo) { return algo == AmaxAlgo::Max ? "max" : "most-recent"; }

std::optional<AmaxAlgo> parseAmaxAlgoName(std::string_view name) {
    for (AmaxAlgo a : {AmaxAlgo::Max, AmaxAlgo::MostRecent})
        if (amaxAlgoName(a) == name) return a;
    return std::nullopt;
}

std::span<const blockscale::ScaleRule> fp8BlockRules() { return blockscale::rulesFor(blockscale::Scheme::Fp8Block128); }

std::optional<blockscale::ScaleRule> parseFp8BlockRule(std::string_view name) {
    const std::optional<blockscale::ScaleRule> rule = blockscale::parseScaleRule(name);
    if (!rule || std::ranges::find(fp8BlockRules(), *rule) == fp8BlockRules().end()) return std::nullopt;
    return rule;
}

std::string checkFp8Settings(const Fp8Settings& s) {
    if (s.amaxHistory < 1 || s.amaxHistory > 65536) return "the amax history must hold between 1 and 65536 steps";
    if (s.margin < 0 || s.margin > 32) return "the FP8 margin must be between 0 and 32";
    if (std::ranges::find(fp8BlockRules(), s.blockRule) == fp8BlockRules().end()) {
        std::string known;
        for (blockscale::ScaleRule r : fp8BlockRules()) {
            if (!known.empty()) known += '|';
            known += scaleRuleName(r);
        }
        return "the scale rule " + std::string(scaleRuleName(s.blockRule)) + " does not apply to FP8 blocks (" + known +
               ")";
    }
    return {};
}

std::optional<TrainingMode> parseModeName(std::string_view name) {
    for (TrainingMode m : kAllModes)
        if (modeName(m) == name) return m;
    return std::nullopt;
}

PrecisionPolicy policyFor(TrainingMode mode, bool masterWeights, const Fp8Settings& fp8) {
    PrecisionPolicy p;
    p.mode = mode;
    p.fp8Settings = fp8;
    switch (mode) {
    case TrainingMode::Fp32: break;
    case TrainingMode::Tf32: p.tf32Matmul = true; break;
    case TrainingMode::Fp16: p.lowType = DType::Float16; break;
    case TrainingMode::Fp16Static:
        p.lowType = DType::Float16;
        p.scaling = LossScaling::Static;
        break;
    case TrainingMode::Fp16Dynamic:
        p.lowType = DType::Float16;
        p.scaling = LossScaling::Dynamic;
        break;
    case TrainingMode::Bf16: p.lowType = DType::BFloat16; break;
    case TrainingMode::Fp8Delayed:
        p.lowType = DType::BFloat16;
        p.fp8 = Fp8Recipe::Delayed;
        break;
    case TrainingMode::Fp8Current:
        p.lowType = DType::BFloat16;
        p.fp8 = Fp8Recipe::Current;
        break;
    case TrainingMode::Fp8Block:
        p.lowType = DType::BFloat16;
        p.fp8 = Fp8Recipe::Block;
        break;
    }
    p.masterWeights = p.autocast() ? masterWeights : true;
    return p;
}

std::vector<OpPrecision> autocastTable(const PrecisionPolicy& policy) {
    if (!policy.autocast())
        return {{AutocastOp::Linear, DType::Float32},    {AutocastOp::Relu, DType::Float32},
                {AutocastOp::LayerNorm, DType::Float32}, {AutocastOp::CrossEntropy, DType::Float32},
                {AutocastOp::Gradients, DType::Float32}, {AutocastOp::OptimizerStep, DType::Float32}};
    const DType low = policy.lowType;
    return {{AutocastOp::Linear, low},
            {AutocastOp::Relu, low},
            {AutocastOp::LayerNorm, DType::Float32},
            {AutocastOp::CrossEntropy, DType::Float32},
            {AutocastOp::LossScale, DType::Float32},
            {AutocastOp::Gradients, low},
            {AutocastOp::OptimizerStep, policy.parameterType()}};
}

} // namespace fplab::training
