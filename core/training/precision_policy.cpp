// The training modes and the per-operation types of each (the autocast table).
#include "core/training/precision_policy.h"

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

std::string checkFp8Settings(const Fp8Settings& s) {
    if (s.amaxHistory < 1 || s.amaxHistory > 65536) return "the amax history must hold between 1 and 65536 steps";
    if (s.margin < 0 || s.margin > 32) return "the FP8 margin must be between 0 and 32";
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
    OpPrecision linear{"linear / matmul (fc layers, forward and backward)",
                       lowName + " inputs and weights, products accumulated in float32, output rounded to " + lowName,
                       low, "autocast's lower-precision list: tensor cores run it fast"};
    if (policy.fp8Gemms()) {
        const bool block = policy.fp8 == Fp8Recipe::Block;
        linear.computes =
            std::string(block ? "float8_e4m3fn inputs, weights and gradients with 1x128 (activation, gradient) and "
                                "128x128 (weight) block scales, promoted to float32 every 128 products"
                              : "float8_e4m3fn inputs and weights, float8_e5m2 gradients, one scale per tensor") +
            "; products on the FP8 tensor-core model (13 kept bits), output rounded to " + lowName;
        linear.why = policy.fp8 == Fp8Recipe::Delayed
                         ? "Transformer Engine's DelayedScaling: each scale comes from an amax history of earlier steps"
                     : policy.fp8 == Fp8Recipe::Current ? "current scaling: each scale comes from the tensor's own amax"
                                                        : "DeepSeek-V3's recipe: fine-grained scales, FP32 promotion";
    }
    return {
        linear,
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
