#include "core/training/transformer/transformer_precision.h"

#include "core/format_names.h"
#include "core/training/transformer/emulated_ops.h"

#include <charconv>

#include <stdexcept>

namespace fplab::training {

namespace {

constexpr std::string_view kOpNames[kTransformerOpCount] = {
    "query",     "key",  "value",    "attn-out", "mlp-up", "mlp-down",      "scores",   "softmax",
    "layernorm", "gelu", "residual", "gradient", "logits", "cross-entropy", "optimizer"};

constexpr std::string_view kPresetNames[] = {"fp32",        "fp16-autocast", "bf16-autocast", "fp16",
                                             "fp8-delayed", "fp8-block",     "fp8-bf16-edges"};

// PyTorch autocast to `low`: matmuls take and give `low` and accumulate in FP32 (cuBLAS); softmax,
// LayerNorm and cross-entropy are on autocast's FP32 list; GELU runs in its input's type; the residual
// stream stays FP32 (FP32 + low is FP32); the backward pass's element-wise operations are taken in FP32.
LayerPrecision autocastLayer(FormatId low) {
    LayerPrecision l;
    const MatmulPrecision m{low, FormatId::Fp32, low, Fp8Recipe::None, false, std::nullopt};
    l.query = l.key = l.value = l.attentionOutput = l.mlpUp = l.mlpDown = l.attentionScores = m;
    l.gelu = low;
    return l;
}

// Transformer Engine's recipe over BF16 autocast: the linear layers (projections, MLP) in FP8.
LayerPrecision fp8Layer(Fp8Recipe recipe) {
    LayerPrecision l = autocastLayer(FormatId::Bf16);
    const MatmulPrecision m{FormatId::Bf16, FormatId::Fp32, FormatId::Bf16, recipe, recipe == Fp8Recipe::Block,
                            std::nullopt};
    l.query = l.key = l.value = l.attentionOutput = l.mlpUp = l.mlpDown = m;
    return l;
}

// The tensor-core model a matmul names (an error when it has none).
tc::ModelOrError tensorCoreModel(const MatmulPrecision& m) {
    tc::MmaConfig config;
    config.arch = *m.tensorCore;
    config.input = m.input == FormatId::Bf16 ? tc::InputType::Bf16 : tc::InputType::Fp16;
    config.accum = m.accumulate == FormatId::Fp16 ? tc::AccumType::Fp16 : tc::AccumType::Fp32;
    return tc::resolveModel(config);
}

// linearLayer: a projection, an MLP matmul or the LM head (not the attention scores).
std::string checkMatmul(const MatmulPrecision& m, bool linearLayer) {
    if (m.fp8 != Fp8Recipe::None && !linearLayer) return "only the projections and the MLP matmuls can multiply in FP8";
    if (m.tensorCore) {
        if (!linearLayer) return "only the projections, the MLP and the LM head run on the tensor-core model";
        if (m.fp8 != Fp8Recipe::None) return "an FP8 matmul is on the FP8 tensor-core model already";
        if (m.input != FormatId::Fp16 && m.input != FormatId::Bf16)
            return "the tensor-core model takes fp16 or bf16 operands";
        if (m.accumulate != FormatId::Fp32 && m.accumulate != FormatId::Fp16)
            return "the tensor-core model accumulates in fp32 or fp16";
        if (const tc::ModelOrError model = tensorCoreModel(m); !model.model) return model.message;
    }
    for (FormatId f : {m.input, m.accumulate, m.output})
        if (std::string error = checkEmulatedFormat(f); !error.empty()) return error;
    return {};
}

std::string checkLayer(const LayerPrecision& l) {
    for (TransformerOp op :
         {TransformerOp::Query, TransformerOp::Key, TransformerOp::Value, TransformerOp::AttentionOutput,
          TransformerOp::MlpUp, TransformerOp::MlpDown, TransformerOp::AttentionScores})
        if (std::string error = checkMatmul(l.matmul(op), op != TransformerOp::AttentionScores); !error.empty())
            return error;
    for (FormatId f : {l.softmax, l.layerNorm, l.gelu, l.residual, l.gradient})
        if (std::string error = checkEmulatedFormat(f); !error.empty()) return error;
    return {};
}

} // namespace

std::string_view transformerOpName(TransformerOp op) { return kOpNames[std::size_t(op)]; }

std::optional<TransformerOp> parseTransformerOpName(std::string_view name) {
    for (int i = 0; i < kTransformerOpCount; ++i)
        if (kOpNames[i] == name) return TransformerOp(i);
    return std::nullopt;
}

bool isMatmulOp(TransformerOp op) { return op <= TransformerOp::AttentionScores || op == TransformerOp::Logits; }

const MatmulPrecision& LayerPrecision::matmul(TransformerOp op) const {
    switch (op) {
    case TransformerOp::Query: return query;
    case TransformerOp::Key: return key;
    case TransformerOp::Value: return value;
    case TransformerOp::AttentionOutput: return attentionOutput;
    case TransformerOp::MlpUp: return mlpUp;
    case TransformerOp::MlpDown: return mlpDown;
    case TransformerOp::AttentionScores: return attentionScores;
    default: throw std::invalid_argument("not a matmul of a block: " + std::string(transformerOpName(op)));
    }
}

MatmulPrecision& LayerPrecision::matmul(TransformerOp op) {
    return const_cast<MatmulPrecision&>(static_cast<const LayerPrecision&>(*this).matmul(op));
}

std::string_view weightStorageName(WeightStorage storage) {
    switch (storage) {
    case WeightStorage::Bf16Nearest: return "bf16";
    case WeightStorage::Bf16Stochastic: return "bf16-stochastic";
    default: return "fp32";
    }
}

std::optional<WeightStorage> parseWeightStorageName(std::string_view name) {
    for (WeightStorage s : {WeightStorage::Fp32, WeightStorage::Bf16Nearest, WeightStorage::Bf16Stochastic})
        if (weightStorageName(s) == name) return s;
    return std::nullopt;
}

const LayerPrecision& TransformerPrecision::at(int index) const {
    const auto it = layers.find(index);
    return it == layers.end() ? layer : it->second;
}

std::string checkPrecision(const TransformerPrecision& p) {
    if (std::string error = checkLayer(p.layer); !error.empty()) return error;
    for (const auto& [index, l] : p.layers) {
        if (index < 0) return "a layer override needs a block number from 0";
        if (std::string error = checkLayer(l); !error.empty()) return "layer " + std::to_string(index) + ": " + error;
    }
    if (p.logits.fp8 != Fp8Recipe::None) return "logits: only the projections and the MLP matmuls can multiply in FP8";
    if (std::string error = checkMatmul(p.logits, true); !error.empty()) return "logits: " + error;
    if (std::string error = checkEmulatedFormat(p.crossEntropy); !error.empty()) return error;
    if (std::string error = checkEmulatedFormat(p.optimizerState); !error.empty()) return "optimizer: " + error;
    if (std::string error = checkFp8Settings(p.fp8); !error.empty()) return error;
    return checkScalerSettings(p.scaler);
}

TransformerPrecision transformerPreset(TransformerPreset preset, int layers) {
    TransformerPrecision p;
    switch (preset) {
    case TransformerPreset::Fp32: break;
    case TransformerPreset::AutocastFp16:
    case TransformerPreset::AutocastBf16: {
        const FormatId low = preset == TransformerPreset::AutocastFp16 ? FormatId::Fp16 : FormatId::Bf16;
        p.layer = autocastLayer(low);
        p.logits = p.layer.query;
        if (low == FormatId::Fp16) p.lossScaling = LossScaling::Dynamic;
        break;
    }
    case TransformerPreset::PureFp16: {
        const MatmulPrecision m{FormatId::Fp16, FormatId::Fp16, FormatId::Fp16, Fp8Recipe::None, false, std::nullopt};
        LayerPrecision& l = p.layer;
        l.query = l.key = l.value = l.attentionOutput = l.mlpUp = l.mlpDown = l.attentionScores = m;
        l.softmax = l.layerNorm = l.gelu = l.residual = l.gradient = FormatId::Fp16;
        p.logits = m;
        p.crossEntropy = FormatId::Fp16;
        break;
    }
    case TransformerPreset::Fp8Delayed:
    case TransformerPreset::Fp8Block:
    case TransformerPreset::Fp8Bf16Edges:
        p.layer = fp8Layer(preset == TransformerPreset::Fp8Block ? Fp8Recipe::Block : Fp8Recipe::Delayed);
        p.logits = autocastLayer(FormatId::Bf16).query;
        if (preset == TransformerPreset::Fp8Bf16Edges && layers > 0) {
            p.layers[0] = autocastLayer(FormatId::Bf16);
            p.layers[layers - 1] = autocastLayer(FormatId::Bf16);
        }
        break;
    }
    return p;
}

std::string_view transformerPresetName(TransformerPreset preset) { return kPresetNames[std::size_t(preset)]; }

std::optional<TransformerPreset> parseTransformerPresetName(std::string_view name) {
    for (TransformerPreset p : kAllTransformerPresets)
        if (transformerPresetName(p) == name) return p;
    return std::nullopt;
}

std::string overridePrecision(TransformerPrecision& p, TransformerOp op, FormatId format, int layer) {
    if (std::string error = checkEmulatedFormat(format); !error.empty()) return error;
    const bool outside = op == TransformerOp::Logits || op == TransformerOp::CrossEntropy ||
                         op == TransformerOp::OptimizerState;
    if (outside && layer >= 0) return std::string(transformerOpName(op)) + " is outside the blocks: no layer number";
    const MatmulPrecision m{format, FormatId::Fp32, format, Fp8Recipe::None, false, std::nullopt};
    if (op == TransformerOp::Logits) {
        p.logits = m;
        return {};
    }
    if (op == TransformerOp::CrossEntropy) {
        p.crossEntropy = format;
        return {};
    }
    if (op == TransformerOp::OptimizerState) {
        p.optimizerState = format;
        return {};
    }
    auto apply = [&](LayerPrecision& l) {
        switch (op) {
        case TransformerOp::Softmax: l.softmax = format; break;
        case TransformerOp::LayerNorm: l.layerNorm = format; break;
        case TransformerOp::Gelu: l.gelu = format; break;
        case TransformerOp::Residual: l.residual = format; break;
        case TransformerOp::Gradients: l.gradient = format; break;
        default: l.matmul(op) = m; break;
        }
    };
    if (layer >= 0) {
        if (!p.layers.count(layer)) p.layers[layer] = p.layer;
        apply(p.layers[layer]);
    } else {
        apply(p.layer);
        for (auto& [index, l] : p.layers) apply(l);
    }
    return {};
}

void useTensorCores(TransformerPrecision& p, tc::Arch arch) {
    auto use = [arch](MatmulPrecision& m) {
        if (m.fp8 == Fp8Recipe::None && (m.input == FormatId::Fp16 || m.input == FormatId::Bf16)) m.tensorCore = arch;
    };
    auto useInLayer = [&](LayerPrecision& l) {
        for (MatmulPrecision* m : {&l.query, &l.key, &l.value, &l.attentionOutput, &l.mlpUp, &l.mlpDown}) use(*m);
    };
    useInLayer(p.layer);
    for (auto& [index, l] : p.layers) useInLayer(l);
    use(p.logits);
}

tc::BlockModel tensorCoreBlockModel(const MatmulPrecision& m) {
    tc::ModelOrError model = tensorCoreModel(m);
    if (!model.model) throw std::invalid_argument(model.message);
    return *model.model;
}

std::string applyPrecisionOverrides(TransformerPrecision& p, std::string_view text) {
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        std::string quoted = "'";
        quoted.append(item).append("'");
        const std::size_t equals = item.find('=');
        if (equals == std::string_view::npos) return quoted + " is not OP=FORMAT or OP@LAYER=FORMAT";
        std::string_view opText = item.substr(0, equals);
        int layer = -1;
        if (const std::size_t at = opText.find('@'); at != std::string_view::npos) {
            const std::string_view number = opText.substr(at + 1);
            const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), layer);
            if (ec != std::errc{} || end != number.data() + number.size() || layer < 0 || layer > 63)
                return quoted + ": the layer must be a block number from 0 to 63";
            opText = opText.substr(0, at);
        }
        const std::optional<TransformerOp> op = parseTransformerOpName(opText);
        if (!op) {
            std::string message = quoted + ": unknown operation class '";
            message.append(opText).append("' (known:");
            for (std::string_view name : kOpNames) message.append(" ").append(name);
            return message + ")";
        }
        const FormatOrError format = lookupFormat(item.substr(equals + 1));
        if (!format.format) return quoted + ": " + format.error;
        if (std::string error = overridePrecision(p, *op, format.format->id, layer); !error.empty())
            return quoted + ": " + error;
    }
    return {};
}

} // namespace fplab::training
