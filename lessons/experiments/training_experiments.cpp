// The Autocast and Loss-scaling lessons: the dtype of every tensor of the toy model's step,
// why LayerNorm's reduction needs FP32, short training runs on the tiny-gradient set in each
// mode, and GradScaler's trajectory for a chosen sequence of overflows. Numbers come from
// core/training (the CPU emulator) and core's soft-float arithmetic.
#include "core/arithmetic.h"
#include "core/training/training_run.h"
#include "lessons/experiments/autocast_text.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;
using namespace fplab::training;

namespace {

std::string keyOf(std::string_view name) {
    std::string k(name);
    for (char& c : k)
        if (c == '-' || c == '.' || c == ' ') c = '_';
    return k;
}

LocalText roleText(TensorRole role) {
    switch (role) {
    case TensorRole::Input: return {"input", "输入"};
    case TensorRole::Parameter: return {"parameter", "参数"};
    case TensorRole::WeightCopy: return {"autocast copy of a parameter", "autocast 生成的参数副本"};
    case TensorRole::Activation: return {"activation", "激活值"};
    case TensorRole::Output: return {"model output", "模型输出"};
    case TensorRole::Loss: return {"loss", "损失"};
    case TensorRole::Gradient: return {"gradient", "梯度"};
    case TensorRole::ParameterGradient: return {"parameter gradient", "参数梯度"};
    }
    return {"?"};
}

ExperimentResult autocastTrace(const ParamValues& params) {
    const TrainingMode mode = *parseModeName(params.text("mode"));
    const bool master = params.boolean("master_weights");
    const int n = int(params.integer("features"));
    const int batch = int(params.integer("batch"));
    const PrecisionPolicy policy = policyFor(mode, master);
    if (!master && !policy.autocast()) throw ExperimentError("master_weights=false needs a 16-bit mode (fp16 or bf16)");

    // The ToyModel(n, n) of Stanford CS336 assignment 2: fc1 (no bias) -> ReLU -> LayerNorm -> fc2 (no bias), x = randn(batch, n).
    ToyModel model({n, n, n, 1, false}, 7);
    Rng rng(3);
    std::vector<float> x(std::size_t(batch) * n);
    for (float& v : x) v = float(rng.normal());
    std::vector<int> labels(static_cast<std::size_t>(batch));
    for (int i = 0; i < batch; ++i) labels[std::size_t(i)] = i % n;
    std::vector<TraceEntry> trace;
    model.forwardBackward({x.data(), labels.data(), batch}, policy, 1.0f, nullptr, &trace);

    ExperimentResult out;
    const auto typeOf = [&](const std::string& name) -> std::string {
        for (const TraceEntry& t : trace)
            if (t.name == name) return std::string(dtypeName(t.dtype));
        return "none";
    };
    const auto text = [&](const std::string& key, LocalText label, const std::string& tensor) {
        const std::string t = typeOf(tensor);
        out.quantities.push_back(
            textQuantity(key, std::move(label), t == "none" ? LocalText{"none", "无"} : LocalText{t}));
    };
    text("after_fc1", {"after fc1 (and ReLU)", "fc1（及 ReLU）之后"}, "after fc1");
    text("after_ln", {"after LayerNorm", "LayerNorm 之后"}, "after ln");
    text("after_fc2", {"after fc2", "fc2 之后"}, "after fc2");
    text("output", {"output y", "输出 y"}, "output");
    text("loss", {"loss", "损失"}, "loss");
    text("fc1_weight", {"fc1.weight", "fc1.weight"}, "fc1.weight");
    text("fc2_weight", {"fc2.weight", "fc2.weight"}, "fc2.weight");
    text("ln_weight", {"ln.weight", "ln.weight"}, "ln.weight");
    text("ln_bias", {"ln.bias", "ln.bias"}, "ln.bias");
    text("fc1_weight_cast", {"fc1.weight as fc1 reads it", "fc1 实际读取的 fc1.weight"}, "fc1.weight (cast)");
    text("grad_output", {"gradient of the output", "输出的梯度"}, "grad of output");
    text("fc1_weight_grad_computed",
         {"fc1.weight's gradient as the backward computes it", "反向计算出的 fc1.weight 梯度"},
         "fc1.weight grad (computed)");
    text("fc1_weight_grad", {"fc1.weight.grad", "fc1.weight.grad"}, "fc1.weight.grad");

    std::int64_t saved = 0, copies = 0;
    ResultTable t;
    t.key = "trace";
    t.title = {"Every tensor of one training step (" + std::string(modeName(mode)) + ")",
               "一个训练步中的每个张量（" + std::string(modeName(mode)) + "）"};
    t.columns = {{"tensor", "张量"},
                 {"dtype", "dtype"},
                 {"shape", "形状"},
                 {"role", "作用"},
                 {"kept for backward", "为反向保存"}};
    for (const TraceEntry& e : trace) {
        t.rows.push_back({tensorNameText(e.name), std::string(dtypeName(e.dtype)),
                          std::to_string(e.rows) + "×" + std::to_string(e.cols), roleText(e.role),
                          e.savedForBackward ? LocalText{"yes", "是"} : LocalText{"", ""}});
        if (e.savedForBackward && e.role != TensorRole::WeightCopy) saved += e.bytes();
        if (e.role == TensorRole::WeightCopy) copies += e.bytes();
    }
    out.tables.push_back(std::move(t));
    out.quantities.push_back(
        countQuantity("activation_bytes", {"Bytes saved for the backward pass", "为反向传播保存的字节数"}, saved));
    out.quantities.push_back(
        countQuantity("copy_bytes", {"Bytes of autocast's weight copies", "autocast 权重副本的字节数"}, copies));

    ResultTable ops;
    ops.key = "policy";
    ops.title = {"Which type each operation runs in", "每个运算使用的类型"};
    ops.columns = {{"operation", "运算"}, {"computes", "计算方式"}, {"result", "结果类型"}, {"why", "原因"}};
    for (const OpPrecision& op : autocastTable(policy)) {
        const AutocastRowText row = autocastRowText(op.op, policy);
        ops.rows.push_back({row.op, row.computes, std::string(dtypeName(op.output)), row.why});
    }
    out.tables.push_back(std::move(ops));
    return out;
}

// The mean of squares LayerNorm computes, summed term by term in each format with core's arithmetic.
ExperimentResult normReduction(const ParamValues& params) {
    const std::int64_t width = params.integer("width");
    const std::vector<AnyFormat> formats = params.formatList("formats");
    ExperimentResult out;
    ResultTable t;
    t.key = "sums";
    t.title = {"Mean of squares of " + std::to_string(width) + " activations",
               std::to_string(width) + " 个激活值的平方均值"};
    t.columns = {{"format", "格式"},
                 {"sum of squares", "平方和"},
                 {"mean of squares", "平方均值"},
                 {"what happened", "发生了什么"}};
    Chart chart;
    chart.key = "running";
    chart.title = {"The running sum of squares", "平方和的累加过程"};
    chart.xLabel = {"terms added", "已加的项数"};
    chart.yLabel = {"sum", "和"};
    const double exactTerm = valueOf(kFp64, params.number("value", kFp64).bits);
    out.quantities.push_back(
        realQuantity("exact_mean", {"Exact mean of squares", "精确的平方均值"}, exactTerm * exactTerm));
    for (const AnyFormat& any : formats) {
        const Format f = *any.real;
        const std::uint64_t x = params.number("value", f).bits;
        const std::uint64_t square = mul(f, x, x).bits;
        std::uint64_t sum = fromDouble(f, 0.0);
        std::int64_t stalledAt = 0, overflowAt = 0;
        const SeriesSampler sampler(width, 200);
        Series s{keyOf(f.name()), {displayName(f), displayName(f)}, {}, {}};
        for (std::int64_t i = 1; i <= width; ++i) {
            const std::uint64_t next = add(f, sum, square).bits;
            if (next == sum && stalledAt == 0) stalledAt = i;
            if (std::isinf(valueOf(f, next)) && overflowAt == 0) overflowAt = i;
            sum = next;
            if (sampler.wants(i)) addPoint(s, double(i), valueOf(f, sum));
        }
        const Result mean = div(f, sum, fromDouble(f, double(width)));
        const std::string k = keyOf(f.name());
        out.quantities.push_back(
            floatQuantity("sum_" + k, {"Sum of squares in " + displayName(f), displayName(f) + " 中的平方和"}, f, sum));
        out.quantities.push_back(
            floatQuantity("mean_" + k, {"Mean of squares in " + displayName(f), displayName(f) + " 中的平方均值"}, f,
                          mean.bits, mean.flags));
        LocalText what = {"exact", "精确"};
        if (overflowAt > 0)
            what = {"overflowed to inf at term " + std::to_string(overflowAt),
                    "在第 " + std::to_string(overflowAt) + " 项溢出为 inf"};
        else if (stalledAt > 0)
            what = {"stopped growing at term " + std::to_string(stalledAt) + " (swamping)",
                    "在第 " + std::to_string(stalledAt) + " 项停止增长（大数吃小数）"};
        out.quantities.push_back(countQuantity(
            "overflow_at_" + k, {"Term where it overflowed (0: never)", "溢出的项（0 表示没有）"}, overflowAt));
        out.quantities.push_back(
            countQuantity("stalled_at_" + k, {"Term where it stopped growing (0: never)", "停止增长的项（0 表示没有）"},
                          overflowAt > 0 ? 0 : stalledAt));
        t.rows.push_back({displayName(f), valueCell(f, sum), valueCell(f, mean.bits), what});
        chart.series.push_back(std::move(s));
    }
    out.tables.push_back(std::move(t));
    out.charts.push_back(std::move(chart));
    return out;
}

struct ModeRun {
    TrainingMode mode;
    std::vector<StepRecord> history;
    Evaluation eval;
    RunState state;
};

ExperimentResult lossScalingRuns(const ParamValues& params) {
    const int steps = int(params.integer("steps"));
    const float weight = float(valueOf(kFp64, params.number("loss_weight", kFp64).bits));
    if (!(weight > 0) || !std::isfinite(weight)) throw ExperimentError("loss_weight must be a positive number");
    const TrainingMode modes[] = {TrainingMode::Fp32, TrainingMode::Fp16, TrainingMode::Fp16Dynamic,
                                  TrainingMode::Bf16};
    std::vector<ModeRun> runs;
    for (TrainingMode m : modes) {
        TrainingConfig c;
        c.mode = m;
        c.dataset = DatasetKind::TinyGrad;
        c.steps = steps;
        c.seed = std::uint64_t(params.integer("seed"));
        c.model.width = int(params.integer("width"));
        c.lossWeight = weight;
        c.scaler.initScale = float(valueOf(kFp64, params.number("init_scale", kFp64).bits));
        if (std::string e = checkConfig(c); !e.empty()) throw ExperimentError(e);
        TrainingRun run(c);
        while (run.step()) {}
        runs.push_back({m, run.history(), run.evaluate(), run.state()});
    }

    ExperimentResult out;
    Chart loss;
    loss.key = "loss";
    loss.title = {"Training loss (tiny-gradient set)", "训练损失（微小梯度数据集）"};
    loss.xLabel = {"step", "步数"};
    loss.yLabel = {"cross-entropy", "交叉熵"};
    ResultTable t;
    t.key = "modes";
    t.title = {"After " + std::to_string(steps) + " steps", std::to_string(steps) + " 步之后"};
    t.columns = {{"mode", "模式"},
                 {"loss (all data)", "损失（全部数据）"},
                 {"accuracy", "准确率"},
                 {"nonzero gradients that round to zero in FP16", "在 FP16 中舍入为零的非零梯度"},
                 {"skipped steps", "跳过的步数"},
                 {"final scale", "最终缩放因子"}};
    for (const ModeRun& r : runs) {
        const std::string k = keyOf(modeName(r.mode));
        double underflow = 0;
        std::int64_t skipped = 0;
        Series s{k, {std::string(modeName(r.mode))}, {}, {}};
        const SeriesSampler sampler(std::int64_t(r.history.size()), 300);
        for (const StepRecord& h : r.history) {
            underflow += h.window.underflowFraction();
            skipped += h.skipped ? 1 : 0;
            if (sampler.wants(h.step)) addPoint(s, h.step, h.loss);
        }
        underflow /= double(r.history.size());
        loss.series.push_back(std::move(s));
        out.quantities.push_back(realQuantity(
            "loss_" + k, {"Final loss, " + std::string(modeName(r.mode)), "最终损失，" + std::string(modeName(r.mode))},
            double(r.eval.loss), RealStyle::Float32));
        out.quantities.push_back(realQuantity(
            "accuracy_" + k, {"Accuracy, " + std::string(modeName(r.mode)), "准确率，" + std::string(modeName(r.mode))},
            double(r.eval.accuracy), RealStyle::Float32));
        out.quantities.push_back(
            realQuantity("underflow_" + k,
                         {"Mean fraction of nonzero gradients that underflow in FP16, " + std::string(modeName(r.mode)),
                          "FP16 中下溢的非零梯度平均比例，" + std::string(modeName(r.mode))},
                         underflow, RealStyle::Measurement));
        out.quantities.push_back(countQuantity(
            "skipped_" + k,
            {"Skipped steps, " + std::string(modeName(r.mode)), "跳过的步数，" + std::string(modeName(r.mode))},
            skipped));
        t.rows.push_back({std::string(modeName(r.mode)), float32Text(r.eval.loss), float32Text(r.eval.accuracy),
                          measuredText(underflow), std::to_string(skipped), float32Text(r.state.scale)});
    }
    out.quantities.push_back(realQuantity("final_scale", {"Final dynamic scale", "最终的动态缩放因子"},
                                          double(runs[2].state.scale), RealStyle::Float32));

    // The first step's gradients against FP16's window: as computed (FP32 run) and scaled (dynamic run).
    Chart hist;
    hist.key = "histogram";
    hist.title = {"First-step gradients by binary exponent", "第一步梯度的二进制指数分布"};
    hist.xLabel = {"exponent e (|g| in [2^e, 2^(e+1)))", "指数 e（|g| 位于 [2^e, 2^(e+1))）"};
    hist.yLabel = {"gradient elements", "梯度元素个数"};
    const auto histogramSeries = [](const StepRecord& r, std::string key, LocalText label) {
        Series s{std::move(key), std::move(label), {}, {}};
        for (int e = ExponentHistogram::kMinExponent; e <= ExponentHistogram::kMaxExponent; ++e)
            if (r.histogram.at(e) > 0) addPoint(s, e, double(r.histogram.at(e)));
        return s;
    };
    hist.series.push_back(
        histogramSeries(runs[0].history.front(), "unscaled", {"unscaled (FP32 run)", "未缩放（FP32 运行）"}));
    hist.series.push_back(
        histogramSeries(runs[2].history.front(), "scaled",
                        {"× " + pythonRepr(double(runs[2].history.front().scale)) + " (fp16-dynamic run)",
                         "× " + pythonRepr(double(runs[2].history.front().scale)) + "（fp16-dynamic 运行）"}));
    Series window{"fp16_window",
                  {"FP16: smallest subnormal 2^-24, smallest normal 2^-14, largest 2^15",
                   "FP16：最小次正规数 2^-24，最小正规数 2^-14，最大 2^15"},
                  {-24, -14, 15},
                  {0, 0, 0}};
    hist.series.push_back(std::move(window));
    std::int64_t below = 0, total = 0;
    for (int e = ExponentHistogram::kMinExponent; e <= ExponentHistogram::kMaxExponent; ++e) {
        total += runs[0].history.front().histogram.at(e);
        if (e < -25) below += runs[0].history.front().histogram.at(e);
    }
    out.quantities.push_back(realQuantity(
        "first_step_below_fp16", {"First step: fraction of gradients below 2^-25", "第一步：小于 2^-25 的梯度比例"},
        total ? double(below) / double(total) : 0.0, RealStyle::Measurement));
    out.notes.push_back(
        {"The fp32 and bf16 runs never round their gradients to FP16: their underflow column counts what FP16 "
         "would have lost.",
         "fp32 和 bf16 运行从不把梯度舍入到 FP16：它们的下溢一栏统计的是 FP16 本会丢失的部分。"});
    out.tables.push_back(std::move(t));
    out.charts.push_back(std::move(loss));
    out.charts.push_back(std::move(hist));
    return out;
}

ExperimentResult scalerTrajectory(const ParamValues& params) {
    ScalerSettings s;
    s.initScale = float(valueOf(kFp64, params.number("init_scale", kFp64).bits));
    s.growthFactor = float(valueOf(kFp64, params.number("growth_factor", kFp64).bits));
    s.backoffFactor = float(valueOf(kFp64, params.number("backoff", kFp64).bits));
    s.growthInterval = int(params.integer("growth_interval"));
    if (std::string e = checkScalerSettings(s); !e.empty()) throw ExperimentError(e);
    const int steps = int(params.integer("steps"));
    std::vector<int> overflows;
    for (const std::string& item : params.list("overflow_steps")) {
        std::string error;
        const auto n = parseIntegerParam(item, error);
        if (!n || *n < 0) throw ExperimentError("overflow_steps: '" + item + "' is not a step number (0 for none)");
        overflows.push_back(int(*n));
    }
    GradScaler scaler(s);
    ResultTable t;
    t.key = "steps";
    t.title = {"GradScaler step by step", "GradScaler 逐步演示"};
    t.columns = {{"step", "步"},
                 {"scale used", "使用的缩放因子"},
                 {"inf/NaN in gradients", "梯度中有 inf/NaN"},
                 {"optimizer step", "优化器更新"},
                 {"scale after update()", "update() 之后的缩放因子"},
                 {"growth tracker", "增长计数"}};
    Chart chart;
    chart.key = "scale";
    chart.title = {"The loss scale", "损失缩放因子"};
    chart.xLabel = {"step", "步数"};
    chart.yLabel = {"scale", "缩放因子"};
    chart.yScale = AxisScale::Log2;
    Series series{"scale", {"scale used", "使用的缩放因子"}, {}, {}};
    std::int64_t skipped = 0, grew = 0;
    for (int step = 1; step <= steps; ++step) {
        bool overflow = false;
        for (int o : overflows) overflow = overflow || o == step;
        const float used = scaler.scale();
        const ScalerUpdate u = scaler.update(overflow);
        skipped += overflow ? 1 : 0;
        grew += u.grew ? 1 : 0;
        addPoint(series, step, used);
        t.rows.push_back({std::to_string(step), pythonRepr(used),
                          overflow ? LocalText{"yes", "有"} : LocalText{"no", "无"},
                          overflow ? LocalText{"skipped", "跳过"} : LocalText{"taken", "执行"},
                          pythonRepr(u.scaleAfter), std::to_string(u.trackerAfter)});
    }
    chart.series.push_back(std::move(series));
    ExperimentResult out;
    out.quantities.push_back(
        realQuantity("final_scale", {"Scale after the last step", "最后一步之后的缩放因子"}, scaler.scale()));
    out.quantities.push_back(countQuantity("skipped", {"Skipped steps", "跳过的步数"}, skipped));
    out.quantities.push_back(countQuantity("growths", {"Times the scale grew", "缩放因子增长的次数"}, grew));
    out.quantities.push_back(
        countQuantity("final_tracker", {"Growth tracker at the end", "最后的增长计数"}, scaler.growthTracker()));
    out.tables.push_back(std::move(t));
    out.charts.push_back(std::move(chart));
    return out;
}

} // namespace

void addTrainingExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back(
        {"autocast_trace",
         {"The dtype of every tensor", "每个张量的 dtype"},
         {"The ToyModel of Stanford CS336 assignment 2 (Linear -> ReLU -> LayerNorm -> Linear) for one training step "
          "under a "
          "precision mode: the type of every tensor, forward and backward.",
          "斯坦福 CS336 第 2 次作业中的 ToyModel（Linear -> ReLU -> LayerNorm -> Linear）在某种精度模式下的一个训练步："
          "前向和反向中每个张量的类型。"},
         {choiceParam("mode", "fp16", {"fp16", "bf16", "fp32", "tf32"}, {"precision mode", "精度模式"}),
          booleanParam("master_weights", "true", {"float32 master weights", "float32 主权重"}),
          integerParam("features", "10", 2, 256, {"in, hidden and out features", "输入、隐藏和输出特征数"}),
          integerParam("batch", "10", 1, 256, {"batch size", "批大小"})},
         autocastTrace});
    catalog.push_back({"norm_reduction",
                       {"LayerNorm's mean of squares", "LayerNorm 的平方均值"},
                       {"Sums the squares of `width` equal activations term by term in each format, as a "
                        "normalisation layer's reduction does.",
                        "在每种格式中逐项累加 width 个相同激活值的平方，就像归一化层的归约那样。"},
                       {integerParam("width", "1024", 1, 100000, {"activations in a row", "一行中的激活值个数"}),
                        numberParam("value", "10", {"each activation", "每个激活值"}),
                        formatListParam("formats", "fp16, bf16, fp32", {"formats", "格式"})},
                       normReduction});
    catalog.push_back(
        {"loss_scaling_runs",
         {"Training with tiny gradients", "微小梯度下的训练"},
         {"The toy model trained on the tiny-gradient set in fp32, fp16 without scaling, fp16 with the "
          "dynamic scaler and bf16 (CPU emulation).",
          "在微小梯度数据集上分别用 fp32、不缩放的 fp16、带动态缩放的 fp16 和 bf16 训练玩具模型（CPU 模拟）。"},
         {integerParam("steps", "150", 1, 2000, {"optimizer steps", "优化器步数"}),
          integerParam("width", "32", 2, 256, {"hidden width", "隐藏层宽度"}),
          numberParam("loss_weight", "2^-20", {"the loss is multiplied by this", "损失乘以该系数"}),
          numberParam("init_scale", "2^16", {"the dynamic scaler's initial scale", "动态缩放的初始缩放因子"}),
          integerParam("seed", "1", 0, 1'000'000, {"seed of the data and weights", "数据和权重的种子"})},
         lossScalingRuns});
    catalog.push_back(
        {"scaler_trajectory",
         {"GradScaler step by step", "GradScaler 逐步演示"},
         {"PyTorch's dynamic loss scaler on a scripted sequence of steps with and without inf/NaN gradients.",
          "PyTorch 的动态损失缩放在一串预设的步骤上运行，其中一些步骤的梯度含 inf/NaN。"},
         {numberParam("init_scale", "2^16", {"initial scale", "初始缩放因子"}),
          numberParam("growth_factor", "2", {"growth factor", "增长因子"}),
          numberParam("backoff", "0.5", {"backoff factor", "回退因子"}),
          integerParam("growth_interval", "3", 1, 1'000'000,
                       {"clean steps before the scale grows", "缩放因子增长前需要的正常步数"}),
          integerParam("steps", "14", 1, 10'000, {"steps shown", "显示的步数"}),
          numberListParam("overflow_steps", "2, 6, 7",
                          {"steps whose gradients hold inf/NaN (0: none)", "梯度含 inf/NaN 的步（0 表示没有）"})},
         scalerTrajectory});
}

} // namespace fplab::lessons
