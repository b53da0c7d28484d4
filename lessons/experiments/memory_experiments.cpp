// Lesson 7 (memory): bytes per parameter for weights, gradients and optimizer state in
// each precision scheme; activations against batch size; and GPT-2 small's memory
// footprint counted tensor by tensor the way Hugging Face's get_memory_footprint() does.
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <cstdint>

namespace fplab::lessons {

using namespace experiments;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

struct PerParameter {
    std::int64_t weights = 0; // the weights the forward pass reads
    std::int64_t master = 0;  // FP32 master copy (mixed precision)
    std::int64_t gradients = 0;
    std::int64_t optimizer = 0;
    std::int64_t total() const { return weights + master + gradients + optimizer; }
};

std::int64_t optimizerBytes(const std::string& optimizer) {
    if (optimizer == "adam") return 8;     // two FP32 moments
    if (optimizer == "momentum") return 4; // one FP32 buffer
    if (optimizer == "adam8bit") return 2; // two 8-bit moments (block scales not counted)
    return 0;                              // plain SGD
}

PerParameter bytesPerParameter(const std::string& scheme, const std::string& optimizer) {
    PerParameter p;
    p.optimizer = optimizerBytes(optimizer);
    if (scheme == "fp32") {
        p.weights = 4;
        p.gradients = 4;
    } else { // mixed_fp16, mixed_bf16: FP32 master + 16-bit working copy + 16-bit gradients
        p.master = 4;
        p.weights = 2;
        p.gradients = 2;
    }
    return p;
}

const std::vector<std::string> kSchemes = {"fp32", "mixed_fp16", "mixed_bf16"};
const std::vector<std::string> kOptimizers = {"adam", "momentum", "sgd", "adam8bit"};

ExperimentResult trainingMemory(const ParamValues& params) {
    const std::int64_t a = params.integer("parameters");
    const std::string scheme = params.text("scheme");
    const std::string optimizer = params.text("optimizer");
    const PerParameter p = bytesPerParameter(scheme, optimizer);

    ExperimentResult out;
    const bool mixed = scheme != "fp32";
    out.quantities.push_back(
        countQuantity("weights",
                      {mixed ? "16-bit working weights (bytes/param)" : "FP32 weights (bytes/param)",
                       mixed ? "16 位工作权重（字节/参数）" : "FP32 权重（字节/参数）"},
                      p.weights));
    out.quantities.push_back(
        countQuantity("master", {"FP32 master weights (bytes/param)", "FP32 主权重（字节/参数）"}, p.master));
    out.quantities.push_back(countQuantity("gradients", {"Gradients (bytes/param)", "梯度（字节/参数）"}, p.gradients));
    out.quantities.push_back(
        countQuantity("optimizer", {"Optimizer state (bytes/param)", "优化器状态（字节/参数）"}, p.optimizer));
    out.quantities.push_back(
        countQuantity("bytes_per_param", {"Total bytes per parameter", "每个参数的总字节数"}, p.total()));
    out.quantities.push_back(
        countQuantity("total_bytes", {"Static memory (bytes)", "静态显存（字节）"}, p.total() * a));
    out.quantities.push_back(
        realQuantity("total_mib", {"Static memory (MiB)", "静态显存（MiB）"}, double(p.total() * a) / kMiB));
    out.quantities.push_back(realQuantity("total_gib", {"Static memory (GiB)", "静态显存（GiB）"},
                                          double(p.total() * a) / kGiB, RealStyle::Measurement));

    ResultTable t;
    t.key = "schemes";
    t.title = {"Static training memory per parameter with " + optimizer, optimizer + " 下每个参数的静态训练显存"};
    t.columns = {{"scheme", "方案"},
                 {"working weights", "工作权重"},
                 {"master", "主权重"},
                 {"gradients", "梯度"},
                 {"optimizer", "优化器"},
                 {"bytes/param", "字节/参数"},
                 {"total for a = " + std::to_string(a), "a = " + std::to_string(a) + " 时总计"}};
    for (const std::string& s : kSchemes) {
        const PerParameter q = bytesPerParameter(s, optimizer);
        t.rows.push_back({s, std::to_string(q.weights), std::to_string(q.master), std::to_string(q.gradients),
                          std::to_string(q.optimizer), std::to_string(q.total()) + "a",
                          measuredText(double(q.total() * a) / kGiB) + " GiB"});
    }
    out.tables.push_back(std::move(t));
    return out;
}

// Activations kept for the backward pass by one transformer layer (Korthikanti et al. 2022, "Reducing
// Activation Recomputation in Large Transformer Models", eq. 2): 16sbh + 2as²b elements of the
// activation type plus 2sbh + as²b one-byte dropout masks.
std::int64_t activationBytes(std::int64_t layers, std::int64_t s, std::int64_t b, std::int64_t h, std::int64_t heads,
                             std::int64_t elementBytes, bool dropout) {
    // Counted in long double first: absurd sizes are refused instead of wrapping around.
    const long double S = s, B = b, H = h, A = heads;
    const long double elements = 16 * S * B * H + 2 * A * S * S * B;
    const long double masks = dropout ? 2 * S * B * H + A * S * S * B : 0;
    const long double total = layers * (elementBytes * elements + masks);
    if (total > 4e18L) throw ExperimentError("the activations of this model do not fit in 64-bit byte counts");
    return layers * (elementBytes * (16 * s * b * h + 2 * heads * s * s * b) +
                     (dropout ? 2 * s * b * h + heads * s * s * b : 0));
}

ExperimentResult activationMemory(const ParamValues& params) {
    const std::int64_t layers = params.integer("layers");
    const std::int64_t h = params.integer("width");
    const std::int64_t heads = params.integer("heads");
    const std::int64_t s = params.integer("sequence");
    const std::int64_t batchMax = params.integer("batch_max");
    const std::int64_t a = params.integer("parameters");
    const bool dropout = params.boolean("dropout");

    ExperimentResult out;
    Chart chart;
    chart.key = "memory";
    chart.title = {"Training memory against batch size (Adam)", "训练显存与批大小（Adam）"};
    chart.xLabel = {"batch size", "批大小"};
    chart.yLabel = {"GiB", "GiB"};
    ResultTable t;
    t.key = "batches";
    t.title = {"Static memory + activations (GiB)", "静态显存 + 激活值（GiB）"};
    t.columns = {{"batch", "批大小"}};
    struct Scheme {
        std::string name;
        std::int64_t elementBytes;
    };
    const std::vector<Scheme> schemes = {{"fp32", 4}, {"mixed_fp16", 2}};
    for (const Scheme& sc : schemes) {
        t.columns.push_back({sc.name + " static", sc.name + " 静态"});
        t.columns.push_back({sc.name + " total", sc.name + " 总计"});
        const std::int64_t staticBytes = bytesPerParameter(sc.name, "adam").total() * a;
        const std::int64_t perSample = activationBytes(layers, s, 1, h, heads, sc.elementBytes, dropout);
        out.quantities.push_back(countQuantity(
            sc.name + "_static_bytes", {sc.name + ": static bytes (16a)", sc.name + "：静态字节（16a）"}, staticBytes));
        out.quantities.push_back(
            countQuantity(sc.name + "_activation_bytes_per_sample",
                          {sc.name + ": activation bytes per sample", sc.name + "：每个样本的激活字节"}, perSample));
        out.quantities.push_back(realQuantity(
            sc.name + "_activation_mib_per_sample",
            {sc.name + ": activation MiB per sample", sc.name + "：每个样本的激活 MiB"}, double(perSample) / kMiB));
        Series series{sc.name, {sc.name, sc.name}, {}, {}};
        activationBytes(layers, s, batchMax, h, heads, sc.elementBytes, dropout); // refuses sizes that overflow
        for (std::int64_t b = 1; b <= batchMax; ++b)
            addPoint(series, double(b), double(staticBytes + b * perSample) / kGiB);
        chart.series.push_back(std::move(series));
    }
    for (std::int64_t b = 1; b <= batchMax; b *= 2) {
        std::vector<TableCell> row = {std::to_string(b)};
        for (const Scheme& sc : schemes) {
            const std::int64_t staticBytes = bytesPerParameter(sc.name, "adam").total() * a;
            const std::int64_t act = activationBytes(layers, s, b, h, heads, sc.elementBytes, dropout);
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "%.3f", double(staticBytes) / kGiB);
            row.push_back(std::string(buffer));
            std::snprintf(buffer, sizeof buffer, "%.3f", double(staticBytes + act) / kGiB);
            row.push_back(std::string(buffer));
        }
        t.rows.push_back(std::move(row));
    }
    out.tables.push_back(std::move(t));
    out.charts.push_back(std::move(chart));
    out.notes.push_back({"Activations of the transformer blocks only (Korthikanti et al. 2022); embeddings, logits and "
                         "temporary buffers come on top.",
                         "只计 Transformer 块的激活值（Korthikanti 等，2022）；嵌入、logits 和临时缓冲区另计。"});
    return out;
}

// One tensor of GPT-2 (Hugging Face GPT2LMHeadModel), as get_memory_footprint() sees it.
struct Tensor {
    LocalText name;
    LocalText shape;
    std::int64_t elements = 0;
    std::string dtype;
    std::int64_t elementBytes = 0;
    bool buffer = false;
    bool perLayer = false;
    std::int64_t bytes() const { return elements * elementBytes; }
};

struct Gpt2Shape {
    std::int64_t vocab, context, layers, width;
    bool tied, maskBuffers, maskedBias, int8MlpProj;
};

std::vector<Tensor> gpt2Tensors(const Gpt2Shape& g, const std::string& dtype) {
    const bool int8 = dtype == "int8";
    // With load_in_8bit the model is loaded in FP16 first, then the block linears' weights become INT8.
    const std::string floatType = dtype == "fp32" ? "float32" : "float16";
    const std::int64_t floatBytes = dtype == "fp32" ? 4 : 2;
    const auto param = [&](std::string name, std::string shape, std::int64_t n, bool perLayer, bool quantised = false) {
        return quantised && int8 ? Tensor{std::move(name), std::move(shape), n, "int8", 1, false, perLayer}
                                 : Tensor{std::move(name), std::move(shape), n, floatType, floatBytes, false, perLayer};
    };
    const std::int64_t d = g.width, V = g.vocab, T = g.context;
    const std::string ds = std::to_string(d), d3 = std::to_string(3 * d), d4 = std::to_string(4 * d);
    std::vector<Tensor> t;
    t.push_back(param("transformer.wte.weight", std::to_string(V) + "×" + ds, V * d, false));
    t.push_back(param("transformer.wpe.weight", std::to_string(T) + "×" + ds, T * d, false));
    t.push_back(param("h.N.ln_1.weight, ln_1.bias", "2×" + ds, 2 * d, true));
    t.push_back(param("h.N.attn.c_attn.weight", ds + "×" + d3, d * 3 * d, true, true));
    t.push_back(param("h.N.attn.c_attn.bias", d3, 3 * d, true));
    t.push_back(param("h.N.attn.c_proj.weight", ds + "×" + ds, d * d, true, true));
    t.push_back(param("h.N.attn.c_proj.bias", ds, d, true));
    t.push_back(param("h.N.ln_2.weight, ln_2.bias", "2×" + ds, 2 * d, true));
    t.push_back(param("h.N.mlp.c_fc.weight", ds + "×" + d4, d * 4 * d, true, true));
    t.push_back(param("h.N.mlp.c_fc.bias", d4, 4 * d, true));
    t.push_back(param("h.N.mlp.c_proj.weight", d4 + "×" + ds, 4 * d * d, true, g.int8MlpProj));
    t.push_back(param("h.N.mlp.c_proj.bias", ds, d, true));
    t.push_back(param("transformer.ln_f.weight, ln_f.bias", "2×" + ds, 2 * d, false));
    if (!g.tied) t.push_back(param("lm_head.weight", std::to_string(V) + "×" + ds, V * d, false));
    // The buffers: a causal mask per layer (bool, one byte per entry, never converted to the
    // model's dtype) and a scalar masked_bias created in the model's dtype.
    if (g.maskBuffers)
        t.push_back({{"h.N.attn.bias (causal mask)", "h.N.attn.bias（因果掩码）"},
                     "1×1×" + std::to_string(T) + "×" + std::to_string(T),
                     T * T,
                     "bool",
                     1,
                     true,
                     true});
    if (g.maskedBias) t.push_back({"h.N.attn.masked_bias", {"scalar", "标量"}, 1, floatType, floatBytes, true, true});
    return t;
}

struct Footprint {
    std::int64_t parameters = 0, parameterBytes = 0, bufferBytes = 0, int8Weights = 0;
    std::int64_t total() const { return parameterBytes + bufferBytes; }
};

Footprint footprintOf(const Gpt2Shape& g, const std::string& dtype) {
    Footprint f;
    for (const Tensor& t : gpt2Tensors(g, dtype)) {
        const std::int64_t copies = t.perLayer ? g.layers : 1;
        (t.buffer ? f.bufferBytes : f.parameterBytes) += copies * t.bytes();
        if (!t.buffer) f.parameters += copies * t.elements;
        if (t.dtype == "int8") f.int8Weights += copies * t.elements;
    }
    return f;
}

ExperimentResult gpt2Footprint(const ParamValues& params) {
    const Gpt2Shape g{params.integer("vocab"),       params.integer("context"),      params.integer("layers"),
                      params.integer("width"),       params.boolean("tied"),         params.boolean("mask_buffers"),
                      params.boolean("masked_bias"), params.boolean("int8_mlp_proj")};
    const std::string dtype = params.text("dtype");
    const Footprint f = footprintOf(g, dtype);

    ExperimentResult out;
    out.quantities.push_back(countQuantity(
        "parameters", {"Parameters (tied lm_head counted once)", "参数个数（共享的 lm_head 只计一次）"}, f.parameters));
    out.quantities.push_back(countQuantity("parameter_bytes", {"Parameter bytes", "参数字节数"}, f.parameterBytes));
    out.quantities.push_back(countQuantity("buffer_bytes", {"Buffer bytes", "缓冲区字节数"}, f.bufferBytes));
    out.quantities.push_back(countQuantity("total_bytes", {"Total bytes", "总字节数"}, f.total()));
    out.quantities.push_back(realQuantity("mib", {"Footprint in MiB (" + dtype + ")", "占用 MiB（" + dtype + "）"},
                                          double(f.total()) / kMiB));
    ResultTable summary;
    summary.key = "dtypes";
    summary.title = {"get_memory_footprint() / 1024² by dtype", "不同 dtype 下 get_memory_footprint() / 1024²"};
    summary.columns = {{"dtype", "dtype"},
                       {"parameter bytes", "参数字节"},
                       {"buffer bytes", "缓冲区字节"},
                       {"total bytes", "总字节"},
                       {"MiB", "MiB"}};
    for (const std::string d : {"fp32", "fp16", "int8"}) {
        const Footprint x = footprintOf(g, d);
        out.quantities.push_back(realQuantity("mib_" + d, {"MiB in " + d, d + " 下的 MiB"}, double(x.total()) / kMiB));
        summary.rows.push_back({d, std::to_string(x.parameterBytes), std::to_string(x.bufferBytes),
                                std::to_string(x.total()), pythonRepr(double(x.total()) / kMiB)});
    }
    const Footprint half = footprintOf(g, "fp16"), eight = footprintOf(g, "int8");
    out.quantities.push_back(
        countQuantity("int8_weights", {"Weights stored as INT8", "以 INT8 存储的权重个数"}, eight.int8Weights));
    out.quantities.push_back(realQuantity("int8_saving_mib",
                                          {"MiB saved by INT8 against FP16", "INT8 相比 FP16 节省的 MiB"},
                                          double(half.total() - eight.total()) / kMiB));
    out.quantities.push_back(realQuantity("mask_mib", {"MiB of the causal-mask buffers", "因果掩码缓冲区的 MiB"},
                                          g.maskBuffers ? double(g.layers * g.context * g.context) / kMiB : 0.0));

    ResultTable tensors;
    tensors.key = "tensors";
    tensors.title = {"Tensors counted (" + dtype + "; h.N rows repeat for " + std::to_string(g.layers) + " layers)",
                     "计入的张量（" + dtype + "；h.N 行重复 " + std::to_string(g.layers) + " 层）"};
    tensors.columns = {{"tensor", "张量"},     {"kind", "类别"},   {"shape", "形状"},
                       {"elements", "元素数"}, {"dtype", "dtype"}, {"bytes (all layers)", "字节（所有层）"}};
    for (const Tensor& t : gpt2Tensors(g, dtype)) {
        const std::int64_t copies = t.perLayer ? g.layers : 1;
        tensors.rows.push_back({t.name, t.buffer ? LocalText{"buffer", "缓冲区"} : LocalText{"parameter", "参数"},
                                t.shape, std::to_string(t.elements), t.dtype, std::to_string(copies * t.bytes())});
    }
    out.tables.push_back(std::move(summary));
    out.tables.push_back(std::move(tensors));
    return out;
}

} // namespace

void addMemoryExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"training_memory",
         {"Static training memory", "训练的静态显存"},
         {"Bytes per parameter for weights, master weights, gradients and optimizer state.",
          "权重、主权重、梯度和优化器状态每个参数占多少字节。"},
         {integerParam("parameters", "124439808", 1, 10'000'000'000'000, {"number of parameters a", "参数个数 a"}),
          choiceParam("scheme", "fp32", kSchemes, {"precision scheme", "精度方案"}),
          choiceParam("optimizer", "adam", kOptimizers, {"optimizer", "优化器"})},
         trainingMemory});
    catalog.push_back(
        {"activation_memory",
         {"Activations against batch size", "激活值与批大小"},
         {"Static memory plus the activations a transformer keeps for the backward pass, by batch size.",
          "静态显存加上 Transformer 为反向传播保存的激活值，随批大小变化。"},
         {integerParam("parameters", "124439808", 1, 10'000'000'000'000, {"number of parameters", "参数个数"}),
          integerParam("layers", "12", 1, 1000, {"transformer layers", "Transformer 层数"}),
          integerParam("width", "768", 1, 100000, {"hidden size h", "隐藏维度 h"}),
          integerParam("heads", "12", 1, 1024, {"attention heads a", "注意力头数 a"}),
          integerParam("sequence", "1024", 1, 1048576, {"sequence length s", "序列长度 s"}),
          integerParam("batch_max", "32", 1, 4096, {"largest batch size shown", "显示的最大批大小"}),
          booleanParam("dropout", "true", {"dropout masks kept", "保存 dropout 掩码"})},
         activationMemory});
    catalog.push_back(
        {"gpt2_footprint",
         {"GPT-2's memory footprint", "GPT-2 的显存占用"},
         {"Counts GPT-2's parameters and buffers tensor by tensor, as Hugging Face's get_memory_footprint() "
          "does, in FP32, FP16 and with the block linears in INT8.",
          "像 Hugging Face 的 get_memory_footprint() 那样逐个张量统计 GPT-2 的参数和缓冲区，"
          "分别在 FP32、FP16 以及块内线性层为 INT8 时。"},
         {integerParam("vocab", "50257", 1, 10000000, {"vocabulary size", "词表大小"}),
          integerParam("context", "1024", 1, 1000000, {"context length (n_positions)", "上下文长度（n_positions）"}),
          integerParam("layers", "12", 1, 1000, {"transformer blocks", "Transformer 块数"}),
          integerParam("width", "768", 1, 100000, {"hidden size d", "隐藏维度 d"}),
          choiceParam("dtype", "fp32", {"fp32", "fp16", "int8"}, {"how the model is loaded", "模型的加载方式"}),
          booleanParam("tied", "true", {"lm_head shares wte's weight", "lm_head 与 wte 共享权重"}),
          booleanParam("mask_buffers", "true", {"count the causal-mask buffers", "计入因果掩码缓冲区"}),
          booleanParam("masked_bias", "true", {"count the masked_bias scalars", "计入 masked_bias 标量"}),
          booleanParam("int8_mlp_proj", "true", {"mlp.c_proj also in INT8", "mlp.c_proj 也转成 INT8"})},
         gpt2Footprint});
}

} // namespace fplab::lessons
