// The "Training in FP8" lesson: the two FP8 element formats side by side, the toy model trained in the
// FP8 modes with a scripted activation outlier (core/training), and the long-K FP8 GEMM on the H100
// tensor-core model with and without FP32 promotion (core/blockscale).
#include "core/blockscale/long_k_error.h"
#include "core/format.h"
#include "core/training/training_run.h"
#include "lessons/experiments/experiment_helpers.h"
#include "lessons/value_text.h"

#include <cmath>
#include <string>
#include <vector>

namespace fplab::lessons {

using namespace experiments;
using namespace fplab::training;

namespace {

ExperimentResult fp8Formats(const ParamValues&) {
    ExperimentResult out;
    ResultTable t;
    t.key = "formats";
    t.title = {"The two FP8 elements", "两种 FP8 元素"};
    t.columns = {{"format", "格式"},
                 {"largest", "最大值"},
                 {"smallest normal", "最小正规数"},
                 {"smallest subnormal", "最小次正规数"},
                 {"mantissa bits", "尾数位"},
                 {"binades from smallest to largest", "从最小到最大跨越的二进制数量级"}};
    for (const Format* f : {&kE4m3, &kE5m2}) {
        const std::string p = f == &kE4m3 ? "e4m3_" : "e5m2_";
        const std::uint64_t maxBits = f->maxFiniteMagnitude();
        const std::uint64_t minNormal = std::uint64_t(f->minNormalExponentField()) << f->mantissaBits;
        const double binades = std::log2(valueOf(*f, maxBits) / valueOf(*f, 1));
        out.quantities.push_back(
            floatQuantity(p + "max", {displayName(*f) + ": largest value", displayName(*f) + "：最大值"}, *f, maxBits));
        out.quantities.push_back(
            floatQuantity(p + "min_normal", {displayName(*f) + ": smallest normal", displayName(*f) + "：最小正规数"},
                          *f, minNormal));
        out.quantities.push_back(
            floatQuantity(p + "min_subnormal",
                          {displayName(*f) + ": smallest subnormal", displayName(*f) + "：最小次正规数"}, *f, 1));
        out.quantities.push_back(countQuantity(
            p + "mantissa_bits", {displayName(*f) + ": mantissa bits", displayName(*f) + "：尾数位"}, f->mantissaBits));
        out.quantities.push_back(realQuantity(
            p + "binades", {displayName(*f) + ": binades covered", displayName(*f) + "：覆盖的二进制数量级"}, binades,
            RealStyle::Measurement));
        t.rows.push_back({LocalText{displayName(*f)}, valueCell(*f, maxBits), valueCell(*f, minNormal),
                          valueCell(*f, 1), LocalText{std::to_string(f->mantissaBits)},
                          LocalText{measuredText(binades)}});
    }
    out.tables.push_back(std::move(t));
    return out;
}

struct ScenarioRun {
    Evaluation eval;
    std::vector<StepRecord> history;
};

ScenarioRun runScenario(TrainingMode mode, const ParamValues& params) {
    TrainingConfig c;
    c.mode = mode;
    c.steps = int(params.integer("steps"));
    c.outlierStep = int(params.integer("outlier_step"));
    c.outlierValue = float(std::ldexp(1.0, int(params.integer("outlier_log2"))));
    c.fp8.amaxHistory = int(params.integer("amax_history"));
    c.fp8.algo = *parseAmaxAlgoName(params.text("amax_algo"));
    TrainingRun run(c);
    while (run.step()) {}
    if (run.state().status != RunStatus::Finished) throw ExperimentError("the run ended early: " + run.state().message);
    return {run.evaluate(), run.history()};
}

ExperimentResult fp8Outlier(const ParamValues& params) {
    const TrainingMode mode = *parseModeName(params.text("mode"));
    const int outlierStep = int(params.integer("outlier_step"));
    const int steps = int(params.integer("steps"));
    if (outlierStep > steps) throw ExperimentError("outlier_step must not be after the last step");
    const ScenarioRun r = runScenario(mode, params);
    const ScenarioRun bf16 = runScenario(TrainingMode::Bf16, params);

    ExperimentResult out;
    double before = 0, after = 0;
    std::int64_t saturatedAtOutlier = 0;
    Series flushed{"flushed", {"fc1 input: fraction rounded to zero", "fc1 输入：被舍入为零的比例"}, {}, {}};
    Series loss{"loss", {"loss, " + std::string(modeName(mode)), "损失，" + std::string(modeName(mode))}, {}, {}};
    Series lossBf16{"loss_bf16", {"loss, bf16", "损失，bf16"}, {}, {}};
    SeriesSampler sampler(steps, 400);
    for (const StepRecord& s : r.history) {
        const Fp8TensorStats& in = s.fp8.at(0);
        if (s.step < outlierStep || outlierStep == 0) before += in.flushedFraction();
        if (outlierStep > 0 && s.step > outlierStep) after += in.flushedFraction();
        if (s.step == outlierStep) saturatedAtOutlier = in.saturated;
        if (sampler.wants(s.step)) {
            addPoint(flushed, s.step, in.flushedFraction());
            addPoint(loss, s.step, s.loss);
            addPoint(lossBf16, s.step, bf16.history[std::size_t(s.step - 1)].loss);
        }
    }
    const int beforeSteps = outlierStep > 0 ? outlierStep - 1 : steps;
    const int afterSteps = outlierStep > 0 ? steps - outlierStep : 0;
    out.quantities.push_back(
        countQuantity("saturated_at_outlier",
                      {"fc1 input: elements saturated at the outlier's step", "fc1 输入：异常值那一步饱和的元素数"},
                      saturatedAtOutlier));
    out.quantities.push_back(realQuantity(
        "flushed_before",
        {"fc1 input: mean fraction rounded to zero before the outlier", "fc1 输入：异常值之前被舍入为零的平均比例"},
        beforeSteps > 0 ? before / beforeSteps : 0.0, RealStyle::Measurement));
    out.quantities.push_back(
        realQuantity("flushed_after",
                     {"fc1 input: mean fraction rounded to zero after it", "fc1 输入：异常值之后被舍入为零的平均比例"},
                     afterSteps > 0 ? after / afterSteps : 0.0, RealStyle::Measurement));
    out.quantities.push_back(realQuantity("final_scale",
                                          {"fc1 input: scale at the last step", "fc1 输入：最后一步的缩放因子"},
                                          r.history.back().fp8.at(0).scale, RealStyle::Float32));
    out.quantities.push_back(realQuantity("loss",
                                          {"loss on the whole data set after training", "训练后整个数据集上的损失"},
                                          r.eval.loss, RealStyle::Float32));
    out.quantities.push_back(realQuantity("bf16_loss", {"the same run in bf16: loss", "同样的训练用 bf16：损失"},
                                          bf16.eval.loss, RealStyle::Float32));
    Chart f;
    f.key = "flushed";
    f.title = {"fc1 input rounded to zero, step by step", "fc1 输入被舍入为零的比例，逐步"};
    f.xLabel = {"step", "步"};
    f.yLabel = {"fraction of nonzero inputs", "非零输入中的比例"};
    f.series = {std::move(flushed)};
    out.charts.push_back(std::move(f));
    Chart l;
    l.key = "loss";
    l.title = {"Loss against the BF16 run", "损失与 BF16 训练的对比"};
    l.xLabel = {"step", "步"};
    l.yLabel = {"cross-entropy", "交叉熵"};
    l.series = {std::move(loss), std::move(lossBf16)};
    out.charts.push_back(std::move(l));
    return out;
}

ExperimentResult fp8LongK(const ParamValues& params) {
    blockscale::LongKSettings s;
    s.promoteEvery = int(params.integer("promote_every"));
    s.seed = std::uint64_t(params.integer("seed"));
    const std::vector<int> ks = kValuesParam(params, "k_values");
    if (s.promoteEvery % 32 != 0) throw ExperimentError("promote_every must be a multiple of 32 (one wgmma k32 each)");
    ExperimentResult out;
    ResultTable t;
    t.key = "errors";
    t.title = {"E4M3 GEMM, 8 × 8 cells, on the H100 FP8 tensor-core model: relative error against the exact sum",
               "E4M3 GEMM，8 × 8 个元素，H100 FP8 张量核心模型：相对精确和的误差"};
    t.columns = {{"K", "K"},
                 {"no promotion: mean", "不提升：平均"},
                 {"promoted: mean", "提升：平均"},
                 {"FP32 loop: mean", "FP32 循环：平均"},
                 {"no promotion / promoted", "不提升 / 提升"}};
    Series sNone{"unpromoted", {"whole K in the tensor core", "整个 K 都在张量核心里"}, {}, {}};
    Series sPromoted{"promoted",
                     {"promoted to FP32 every " + std::to_string(s.promoteEvery),
                      "每 " + std::to_string(s.promoteEvery) + " 个乘积提升到 FP32"},
                     {},
                     {}};
    for (std::size_t i = 0; i < ks.size(); ++i) {
        s.k = ks[i];
        const blockscale::LongKError e = blockscale::measureLongKError(s);
        t.rows.push_back({LocalText{std::to_string(s.k)}, LocalText{measuredText(e.unpromoted.meanRelative)},
                          LocalText{measuredText(e.promoted.meanRelative)},
                          LocalText{measuredText(e.fp32.meanRelative)}, LocalText{measuredText(e.ratio())}});
        addPoint(sNone, s.k, e.unpromoted.meanRelative);
        addPoint(sPromoted, s.k, e.promoted.meanRelative);
        if (i + 1 == ks.size()) {
            out.quantities.push_back(countQuantity("k_last", {"K (last)", "K（最后一个）"}, s.k));
            out.quantities.push_back(realQuantity("unpromoted_last", {"no promotion: mean error", "不提升：平均误差"},
                                                  e.unpromoted.meanRelative, RealStyle::Measurement));
            out.quantities.push_back(realQuantity("promoted_last", {"promoted: mean error", "提升：平均误差"},
                                                  e.promoted.meanRelative, RealStyle::Measurement));
            out.quantities.push_back(realQuantity("ratio_last", {"no promotion / promoted", "不提升 / 提升"}, e.ratio(),
                                                  RealStyle::Measurement));
            out.quantities.push_back(realQuantity(
                "quantization_last", {"FP8 inputs alone (exact sum against FP64)", "只看 FP8 输入（精确和对 FP64）"},
                e.quantization.meanRelative, RealStyle::Measurement));
        }
    }
    out.tables.push_back(std::move(t));
    out.charts.push_back(errorAgainstKChart({"Mean relative error against K", "平均相对误差随 K 的变化"},
                                            {"mean |d − exact| / |exact|", "平均 |d − 精确值| / |精确值|"},
                                            {std::move(sNone), std::move(sPromoted)}));
    return out;
}

} // namespace

void addFp8TrainingExperiments(std::vector<ExperimentSpec>& catalog) {
    catalog.push_back({"fp8_formats",
                       {"E4M3 and E5M2 side by side", "E4M3 与 E5M2 对照"},
                       {"The largest, smallest normal and smallest subnormal value of each FP8 element format.",
                        "每种 FP8 元素格式的最大值、最小正规数与最小次正规数。"},
                       {},
                       fp8Formats});
    catalog.push_back(
        {"fp8_outlier",
         {"An activation outlier under FP8 scaling", "FP8 缩放下的一个激活异常值"},
         {"The toy model trained on the spirals in an FP8 mode; at one step one input becomes 2^outlier_log2. "
          "The fraction of fc1's inputs rounded to zero, the scale, and the loss against the same run in BF16.",
          "在 FP8 模式下用螺旋数据训练玩具模型；某一步把一个输入设为 2^outlier_log2。给出 fc1 输入被舍入为零的比例、"
          "缩放因子，以及与 BF16 同样训练的损失对比。"},
         {choiceParam("mode", "fp8-delayed", {"fp8-delayed", "fp8-current", "fp8-block"},
                      {"FP8 training mode", "FP8 训练模式"}),
          integerParam("steps", "300", 10, 2000, {"optimizer steps", "优化步数"}),
          integerParam("outlier_step", "100", 0, 2000, {"the outlier's step (0: none)", "异常值所在的步（0：无）"}),
          integerParam("outlier_log2", "17", 0, 100, {"the outlier is 2^this", "异常值为 2 的这个次方"}),
          integerParam("amax_history", "1024", 1, 65536,
                       {"fp8-delayed: amax history length", "fp8-delayed：amax 历史长度"}),
          choiceParam("amax_algo", "max", {"max", "most-recent"},
                      {"fp8-delayed: which amax", "fp8-delayed：取哪个 amax"})},
         fp8Outlier});
    catalog.push_back({"fp8_long_k",
                       {"Long-K FP8 GEMM with and without promotion", "长 K 的 FP8 GEMM：提升与不提升"},
                       {"Values uniform in [0, 1) cast to E4M3 and multiplied on the H100 FP8 tensor-core model (13 "
                        "kept bits), the whole K in the tensor core or promoted to FP32 every N products.",
                        "[0, 1) 上均匀分布的值转成 E4M3，在 H100 FP8 张量核心模型（保留 13 位）上相乘：整个 K "
                        "都留在张量核心里，或每 N 个乘积提升到 FP32。"},
                       {numberListParam("k_values", "128, 512, 1024, 4096, 16384", {"K values", "K 的取值"}),
                        integerParam("promote_every", "128", 32, 16384, {"promotion interval N_C", "提升间隔 N_C"}),
                        integerParam("seed", "1", 0, 1'000'000, {"seed of the inputs", "输入的随机种子"})},
                       fp8LongK});
}

} // namespace fplab::lessons
