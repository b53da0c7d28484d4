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
    const DType low = policy.lowType;
    const std::string lowName(dtypeName(low));
    const std::string paramName(dtypeName(policy.parameterType()));
    if (!policy.autocast()) {
        const std::string why = "autocast off";
        return {
            {"linear / matmul (fc layers, forward and backward)",
             policy.tf32Matmul ? "inputs and weights rounded to TF32 inside the multiply, products accumulated in float32"
                               : "float32 throughout",
             DType::Float32,
             policy.tf32Matmul ? "allow_tf32: tensor cores take TF32 operands; the tensors stay float32" : why},
            {"relu", "float32", DType::Float32, why},
            {"layer_norm", "float32", DType::Float32, why},
            {"cross_entropy (log_softmax, exp, log, sum, mean)", "float32", DType::Float32, why},
            {"gradients", "float32", DType::Float32, why},
            {"clipping, optimizer step", "float32", DType::Float32, why},
        };
    }
    return {
        {"linear / matmul (fc layers, forward and backward)",
         lowName + " inputs and weights, products accumulated in float32, output rounded to " + lowName, low,
         "autocast's lower-precision list: tensor cores run it fast"},
        {"relu", "runs in the type of its input (" + lowName + ")", low, "on neither list: no cast"},
        {"layer_norm", "input cast to float32; mean, variance and normalisation in float32", DType::Float32,
         "autocast's float32 list: the mean of squares is a reduction that needs float32's precision and range"},
        {"cross_entropy (log_softmax, exp, log, sum, mean)", "logits cast to float32", DType::Float32,
         "autocast's float32 list: exp and log overflow or lose precision in 16 bits"},
        {"loss * scale", "float32", DType::Float32, "the scale multiplies the float32 loss"},
        {"gradients of " + lowName + " tensors", lowName + " (the backward runs in the forward's types)", low,
         "a cast's backward casts the gradient back"},
        {"unscale, inf/NaN check, clipping, optimizer step", "float32", policy.parameterType(),
         policy.masterWeights ? "on the float32 master weights"
                              : "master weights off: results stored back in " + paramName},
    };
}

} // namespace fplab::training
