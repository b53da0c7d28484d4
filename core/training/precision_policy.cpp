// The training modes and the per-operation types of each (the autocast table).
#include "core/training/precision_policy.h"

namespace fplab::training {

std::string_view dtypeName(DType type) {
    switch (type) {
    case DType::Float32: return "float32";
    case DType::Float16: return "float16";
    case DType::BFloat16: return "bfloat16";
    }
    return "?";
}

int dtypeBytes(DType type) { return type == DType::Float32 ? 4 : 2; }

std::string_view modeName(TrainingMode mode) {
    switch (mode) {
    case TrainingMode::Fp32: return "fp32";
    case TrainingMode::Tf32: return "tf32";
    case TrainingMode::Fp16: return "fp16";
    case TrainingMode::Fp16Static: return "fp16-static";
    case TrainingMode::Fp16Dynamic: return "fp16-dynamic";
    case TrainingMode::Bf16: return "bf16";
    }
    return "?";
}

std::optional<TrainingMode> parseModeName(std::string_view name) {
    for (TrainingMode m : kAllModes)
        if (modeName(m) == name) return m;
    return std::nullopt;
}

PrecisionPolicy policyFor(TrainingMode mode, bool masterWeights) {
    PrecisionPolicy p;
    p.mode = mode;
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
    }
    p.masterWeights = p.autocast() ? masterWeights : true;
    return p;
}

std::vector<OpPrecision> autocastTable(const PrecisionPolicy& policy) {
    if (!policy.autocast())
        return {{AutocastOp::Linear, DType::Float32},       {AutocastOp::Relu, DType::Float32},
                {AutocastOp::LayerNorm, DType::Float32},    {AutocastOp::CrossEntropy, DType::Float32},
                {AutocastOp::Gradients, DType::Float32},    {AutocastOp::OptimizerStep, DType::Float32}};
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
