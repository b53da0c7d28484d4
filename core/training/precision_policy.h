// The precision policy of a training run: which element type each operation of the toy
// model computes in, mirroring PyTorch autocast on CUDA, and the training modes built on it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::training {

// The element types a step's tensors hold, named as PyTorch prints them.
enum class DType : std::uint8_t { Float32, Float16, BFloat16 };
std::string_view dtypeName(DType type); // "float32", "float16", "bfloat16"
int dtypeBytes(DType type);

enum class TrainingMode : std::uint8_t {
    Fp32,        // everything in FP32
    Tf32,        // FP32, but matmuls take TF32-rounded inputs (allow_tf32 / "high" matmul precision)
    Fp16,        // FP16 autocast, no loss scaling
    Fp16Static,  // FP16 autocast, a constant loss scale, no overflow check
    Fp16Dynamic, // FP16 autocast with the dynamic scaler (GradScaler)
    Bf16,        // BF16 autocast (no scaling: BF16 has FP32's range)
};
inline constexpr TrainingMode kAllModes[] = {TrainingMode::Fp32, TrainingMode::Tf32, TrainingMode::Fp16,
                                             TrainingMode::Fp16Static, TrainingMode::Fp16Dynamic, TrainingMode::Bf16};
std::string_view modeName(TrainingMode mode); // "fp32" "tf32" "fp16" "fp16-static" "fp16-dynamic" "bf16"
std::optional<TrainingMode> parseModeName(std::string_view name);

enum class LossScaling : std::uint8_t { None, Static, Dynamic };

struct PrecisionPolicy {
    TrainingMode mode = TrainingMode::Fp32;
    DType lowType = DType::Float32; // what linear layers compute in (Float32: autocast off)
    bool tf32Matmul = false;        // FP32 matmuls round their inputs to TF32
    LossScaling scaling = LossScaling::None;
    bool masterWeights = true; // autocast modes: FP32 parameters; false: parameters stored in lowType

    bool autocast() const { return lowType != DType::Float32; }
    // The type parameters, their gradients and the optimizer state are stored in.
    DType parameterType() const { return autocast() && !masterWeights ? lowType : DType::Float32; }
};

PrecisionPolicy policyFor(TrainingMode mode, bool masterWeights = true);

// The operations of the toy model's step, as the autocast table lists them.
enum class AutocastOp : std::uint8_t {
    Linear,       // linear / matmul of the fc layers, forward and backward
    Relu,
    LayerNorm,
    CrossEntropy, // log_softmax, exp, log, sum, mean
    LossScale,    // loss * scale (listed in the autocast modes)
    Gradients,    // the gradients of the tensors autocast made 16-bit
    OptimizerStep // unscale, inf/NaN check, clipping, the optimizer's update
};

// One row of the autocast table: an operation of the model and the type its result has under a policy.
// The words that explain it belong to the presentation layer (lessons/).
struct OpPrecision {
    AutocastOp op = AutocastOp::Linear;
    DType output = DType::Float32;
};
std::vector<OpPrecision> autocastTable(const PrecisionPolicy& policy);

} // namespace fplab::training
