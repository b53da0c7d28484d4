// The precision policy of a training run: which element type each operation of the toy
// model computes in, mirroring PyTorch autocast on CUDA, and the training modes built on it.
#pragma once

#include "core/blockscale/scale_rule.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fplab::training {

// The element types a step's tensors hold, named as PyTorch prints them.
enum class DType : std::uint8_t { Float32, Float16, BFloat16, Float8E4M3, Float8E5M2 };
std::string_view dtypeName(DType type); // "float32", "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2"
int dtypeBytes(DType type);

enum class TrainingMode : std::uint8_t {
    Fp32,        // everything in FP32
    Tf32,        // FP32, but matmuls take TF32-rounded inputs (allow_tf32 / "high" matmul precision)
    Fp16,        // FP16 autocast, no loss scaling
    Fp16Static,  // FP16 autocast, a constant loss scale, no overflow check
    Fp16Dynamic, // FP16 autocast with the dynamic scaler (GradScaler)
    Bf16,        // BF16 autocast (no scaling: BF16 has FP32's range)
    // BF16 autocast whose linear layers multiply in FP8 on the tensor-core model (E4M3 activations and
    // weights, E5M2 gradients), with per-tensor scales:
    Fp8Delayed, // from an amax history (Transformer Engine's DelayedScaling)
    Fp8Current, // from the tensor itself, just in time
    Fp8Block,   // DeepSeek-V3: E4M3 everywhere, 1x128 / 128x128 block scales, FP32 promotion every 128 products
};
inline constexpr TrainingMode kAllModes[] = {
    TrainingMode::Fp32,       TrainingMode::Tf32,        TrainingMode::Fp16,
    TrainingMode::Fp16Static, TrainingMode::Fp16Dynamic, TrainingMode::Bf16,
    TrainingMode::Fp8Delayed, TrainingMode::Fp8Current,  TrainingMode::Fp8Block};
// "fp32" "tf32" "fp16" "fp16-static" "fp16-dynamic" "bf16" "fp8-delayed" "fp8-current" "fp8-block"
std::string_view modeName(TrainingMode mode);
std::optional<TrainingMode> parseModeName(std::string_view name);

// How the FP8 modes scale their GEMM operands.
enum class Fp8Recipe : std::uint8_t { None, Delayed, Current, Block };
// Delayed scaling: which amax of the history sets the scale.
enum class AmaxAlgo : std::uint8_t { Max, MostRecent };
std::string_view amaxAlgoName(AmaxAlgo algo); // "max" "most-recent"
std::optional<AmaxAlgo> parseAmaxAlgoName(std::string_view name);

// Transformer Engine's DelayedScaling defaults: amax_history_len 1024, amax_compute_algo "max", margin 0.
struct Fp8Settings {
    int amaxHistory = 1024; // steps of amax kept per tensor (delayed scaling)
    AmaxAlgo algo = AmaxAlgo::Max;
    int margin = 0; // per-tensor recipes: the scale leaves 2^margin of headroom above amax
    // The block recipe: how a block's amax becomes its scale. FP32 amax / 448 is DeepSeek-V3's; the E8M0
    // rules (ocp, round-up, nearest) give power-of-two scales as MXFP8 does.
    blockscale::ScaleRule blockRule = blockscale::ScaleRule::Fp32;
};
// The rules the block recipe offers (core/blockscale's FP8 block rules), FP32 first.
std::span<const blockscale::ScaleRule> fp8BlockRules();
// One of those by its name (scaleRuleName's words, any case); nothing for another rule or an unknown name.
std::optional<blockscale::ScaleRule> parseFp8BlockRule(std::string_view name);
// Empty when usable, otherwise what is wrong (a rule that does not apply to FP8 blocks, such as max6, too).
std::string checkFp8Settings(const Fp8Settings& s);

enum class LossScaling : std::uint8_t { None, Static, Dynamic };

struct PrecisionPolicy {
    TrainingMode mode = TrainingMode::Fp32;
    DType lowType = DType::Float32; // what linear layers compute in (Float32: autocast off)
    bool tf32Matmul = false;        // FP32 matmuls round their inputs to TF32
    LossScaling scaling = LossScaling::None;
    bool masterWeights = true;       // autocast modes: FP32 parameters; false: parameters stored in lowType
    Fp8Recipe fp8 = Fp8Recipe::None; // not None: linear layers multiply in FP8
    Fp8Settings fp8Settings{};

    bool autocast() const { return lowType != DType::Float32; }
    bool fp8Gemms() const { return fp8 != Fp8Recipe::None; }
    // The type parameters, their gradients and the optimizer state are stored in.
    DType parameterType() const { return autocast() && !masterWeights ? lowType : DType::Float32; }
};

PrecisionPolicy policyFor(TrainingMode mode, bool masterWeights = true, const Fp8Settings& fp8 = {});

// The operations of the toy model's step, as the autocast table lists them.
enum class AutocastOp : std::uint8_t {
    Linear, // linear / matmul of the fc layers, forward and backward
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
