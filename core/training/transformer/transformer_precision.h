// The transformer's precision: the arithmetic of each operation class of each layer (per-layer
// overrides over one default), the weights' storage, loss scaling, and the presets built from them.
#pragma once

#include "core/format.h"
#include "core/training/grad_scaler.h"
#include "core/training/precision_policy.h"
#include "core/tensor_core/mma_config.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace fplab::training {

// A matrix product's arithmetic.
struct MatmulPrecision {
    FormatId input = FormatId::Fp32;      // operands rounded to this (fp32, fp16, bf16)
    FormatId accumulate = FormatId::Fp32; // products summed in order by fused multiply-adds in this
    FormatId output = FormatId::Fp32;     // the result stored in this (autocast: the 16-bit type)
    // Not None: the operands are cast to FP8 with scales (E4M3; the gradient E5M2 except with Block) by
    // core/training/fp8_scaling and multiplied on the Hopper FP8 wgmma model (core/blockscale/block_dot.h);
    // input and accumulate are then unused. Only the projections and the MLP matmuls take FP8.
    Fp8Recipe fp8 = Fp8Recipe::None;
    // FP8: the wgmma partial sums are promoted to an FP32 accumulator every 128 products (Block always is).
    bool promote = false;
    // Set: fp16 or bf16 operands multiplied on core/tensor_core's model of this architecture's mma.sync
    // (block FMAs accumulating in `accumulate`, fp32 or fp16) instead of a chain of fused multiply-adds.
    // Only the projections, the MLP and the LM head take it; IEEE flags are then those of the result only.
    std::optional<tc::Arch> tensorCore;
};

// The operation classes.
enum class TransformerOp : std::uint8_t {
    Query,           // x Wq
    Key,             // x Wk
    Value,           // x Wv
    AttentionOutput, // attention Wo
    MlpUp,           // x W1
    MlpDown,         // gelu W2
    AttentionScores, // Q K^T and P V
    Softmax,         // the scaling by 1/sqrt(head dim), exp, sum, division
    LayerNorm,       // mean, variance, 1/sqrt(var + eps), normalisation, affine
    Gelu,
    Residual,       // the residual stream's additions (and the embeddings' sum)
    Gradients,      // the backward pass's element-wise operations
    Logits,         // the LM head's matmul (outside the blocks)
    CrossEntropy,   // outside the blocks
    OptimizerState, // Adam's moments (outside the blocks; "optimizer=bf16")
};
inline constexpr int kTransformerOpCount = int(TransformerOp::OptimizerState) + 1;
// "query" "key" "value" "attn-out" "mlp-up" "mlp-down" "scores" "softmax" "layernorm" "gelu" "residual"
// "gradient" "logits" "cross-entropy" "optimizer"
std::string_view transformerOpName(TransformerOp op);
std::optional<TransformerOp> parseTransformerOpName(std::string_view name);
bool isMatmulOp(TransformerOp op); // the six projections and MLP matmuls, the scores, the logits

// One block's formats; the default one also holds for the embeddings and the final LayerNorm.
struct LayerPrecision {
    MatmulPrecision query, key, value, attentionOutput, mlpUp, mlpDown, attentionScores;
    FormatId softmax = FormatId::Fp32;
    bool softmaxSubtractsMax = true; // subtract each row's maximum before exp
    FormatId layerNorm = FormatId::Fp32;
    FormatId gelu = FormatId::Fp32;
    FormatId residual = FormatId::Fp32;
    FormatId gradient = FormatId::Fp32;

    const MatmulPrecision& matmul(TransformerOp op) const; // a matmul op of the block; throws otherwise
    MatmulPrecision& matmul(TransformerOp op);
};

// How parameters are stored between steps.
enum class WeightStorage : std::uint8_t {
    Fp32,           // FP32 (the master weights of the autocast presets)
    Bf16Nearest,    // BF16 without an FP32 copy, the FP32 update rounded to nearest even
    Bf16Stochastic, // BF16 without an FP32 copy, the update rounded stochastically (seeded)
};
std::string_view weightStorageName(WeightStorage storage); // "fp32" "bf16" "bf16-stochastic"
std::optional<WeightStorage> parseWeightStorageName(std::string_view name);

struct TransformerPrecision {
    LayerPrecision layer;                 // every block, unless overridden, and the parts outside them
    std::map<int, LayerPrecision> layers; // per-block overrides
    MatmulPrecision logits;               // the LM head
    FormatId crossEntropy = FormatId::Fp32;
    FormatId optimizerState = FormatId::Fp32; // Adam's moments, rounded to this after each step
    WeightStorage weights = WeightStorage::Fp32;
    LossScaling lossScaling = LossScaling::None; // Dynamic: PyTorch's GradScaler (core/training/grad_scaler)
    ScalerSettings scaler{};
    Fp8Settings fp8{}; // the delayed recipe's amax history

    // The formats of block `layer` (-1: outside the blocks).
    const LayerPrecision& at(int layer) const;
};
// Empty when every format is one the transformer computes in, otherwise what is wrong.
std::string checkPrecision(const TransformerPrecision& precision);

enum class TransformerPreset : std::uint8_t {
    Fp32,
    AutocastFp16, // PyTorch autocast to FP16 with GradScaler
    AutocastBf16, // autocast to BF16, no scaling
    PureFp16,     // every operation class in FP16 (no autocast's FP32 islands): it breaks
    Fp8Delayed,   // BF16 autocast, projections and MLP in FP8 with delayed scaling (Transformer Engine)
    Fp8Block,     // BF16 autocast, projections and MLP in FP8 with 1x128 / 128x128 block scales (DeepSeek-V3)
    Fp8Bf16Edges, // Fp8Delayed with the first and the last block in BF16 autocast
};
inline constexpr TransformerPreset kAllTransformerPresets[] = {
    TransformerPreset::Fp32,        TransformerPreset::AutocastFp16, TransformerPreset::AutocastBf16,
    TransformerPreset::PureFp16,    TransformerPreset::Fp8Delayed,   TransformerPreset::Fp8Block,
    TransformerPreset::Fp8Bf16Edges};
// `layers`: the model's block count (Fp8Bf16Edges overrides its first and last).
TransformerPrecision transformerPreset(TransformerPreset preset, int layers = 2);
// "fp32" "fp16-autocast" "bf16-autocast" "fp16" "fp8-delayed" "fp8-block" "fp8-bf16-edges"
std::string_view transformerPresetName(TransformerPreset preset);
std::optional<TransformerPreset> parseTransformerPresetName(std::string_view name);

// Sets one operation class's format, in every block and outside (layer -1) or in one block (`layer` >= 0,
// made an override of the default first). A matmul op sets its input and output format (accumulating in
// FP32 unless the format is fp32); an FP8 format ("e4m3") is refused here. Empty when done, otherwise why not.
// The optimizer's state takes no layer.
std::string overridePrecision(TransformerPrecision& precision, TransformerOp op, FormatId format, int layer = -1);
// Overrides written "OP=FORMAT" or "OP@LAYER=FORMAT", comma-separated ("softmax=fp16,residual@1=bf16"),
// applied in order. Empty when all were applied, otherwise the first problem, naming the item.
std::string applyPrecisionOverrides(TransformerPrecision& precision, std::string_view text);

// Every matmul of the projections, the MLP and the LM head that takes fp16 or bf16 operands runs on the
// tensor-core model of `arch` (MatmulPrecision::tensorCore).
void useTensorCores(TransformerPrecision& precision, tc::Arch arch);
// The block model of a matmul with tensorCore set (checkPrecision passed); throws std::invalid_argument otherwise.
tc::BlockModel tensorCoreBlockModel(const MatmulPrecision& m);

// What one operation class of one layer ran in, as recorded while it ran.
struct PrecisionTraceEntry {
    int layer = -1;
    TransformerOp op = TransformerOp::Query;
    bool backward = false;
    FormatId format = FormatId::Fp32;     // the operands' format (a matmul's input, FP8: E4M3)
    FormatId accumulate = FormatId::Fp32; // a matmul's accumulation; otherwise `format`
    FormatId output = FormatId::Fp32;     // what the result is stored in; otherwise `format`
    Fp8Recipe fp8 = Fp8Recipe::None;
    std::optional<tc::Arch> tensorCore; // the matmul ran on this architecture's tensor-core model
    bool operator==(const PrecisionTraceEntry&) const = default;
};

} // namespace fplab::training
