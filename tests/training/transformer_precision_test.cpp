// The transformer's precision per operation class and per layer: each preset's dtype trace (what each
// operation class of each layer ran in, recorded while it ran, against tables written from PyTorch autocast's
// and Transformer Engine's documented behaviour), overrides, FP8 scaling, the loss scaler, BF16 weights with
// stochastic rounding, and the per-layer statistics.
#include "core/training/transformer/transformer_run.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>

namespace fplab::training {
namespace {

TransformerRunSettings smallRun(TransformerPreset preset, int layers = 3) {
    TransformerRunSettings s;
    s.shape.dim = 16;
    s.shape.heads = 2;
    s.shape.layers = layers;
    s.shape.context = 8;
    s.digits = 2;
    s.batch = 4;
    s.precision = transformerPreset(preset, layers);
    return s;
}

std::vector<PrecisionTraceEntry> traceOf(const TransformerRunSettings& settings) {
    TransformerRun run(settings);
    run.step();
    return run.precisionTrace();
}

const PrecisionTraceEntry* find(const std::vector<PrecisionTraceEntry>& trace, int layer, TransformerOp op,
                                bool backward) {
    for (const PrecisionTraceEntry& t : trace)
        if (t.layer == layer && t.op == op && t.backward == backward) return &t;
    return nullptr;
}

// One operation class ran, and in this arithmetic.
void expectRan(const std::vector<PrecisionTraceEntry>& trace, int layer, TransformerOp op, bool backward,
               FormatId format, FormatId accumulate, FormatId output, Fp8Recipe fp8 = Fp8Recipe::None) {
    const PrecisionTraceEntry* t = find(trace, layer, op, backward);
    ASSERT_NE(t, nullptr) << "layer " << layer << " " << transformerOpName(op) << (backward ? " backward" : "");
    const PrecisionTraceEntry expected{layer, op, backward, format, accumulate, output, fp8, std::nullopt};
    EXPECT_EQ(*t, expected) << "layer " << layer << " " << transformerOpName(op) << (backward ? " backward" : "")
                            << ": ran " << int(t->format) << "/" << int(t->accumulate) << "/" << int(t->output)
                            << " fp8 " << int(t->fp8);
}
void expectRan(const std::vector<PrecisionTraceEntry>& trace, int layer, TransformerOp op, FormatId format) {
    expectRan(trace, layer, op, false, format, format, format);
}

constexpr TransformerOp kLinears[] = {TransformerOp::Query,           TransformerOp::Key,   TransformerOp::Value,
                                      TransformerOp::AttentionOutput, TransformerOp::MlpUp, TransformerOp::MlpDown};
constexpr FormatId F32 = FormatId::Fp32, F16 = FormatId::Fp16, B16 = FormatId::Bf16;

// Every class of every block, the classes outside the blocks, and the optimizer: 3 blocks x (6 linears
// forward and backward, scores forward and backward, softmax, layernorm, gelu, residual, gradients)
// + residual, layernorm, logits forward and backward, cross-entropy, gradients, optimizer state outside.
TEST(TransformerPrecisionTrace, CoversEveryOperationClassOfEveryLayer) {
    const std::vector<PrecisionTraceEntry> trace = traceOf(smallRun(TransformerPreset::Fp32));
    EXPECT_EQ(trace.size(), std::size_t(3 * (12 + 2 + 5) + 7));
}

TEST(TransformerPrecisionTrace, Fp32RunsEverythingInFp32) {
    const std::vector<PrecisionTraceEntry> trace = traceOf(smallRun(TransformerPreset::Fp32));
    for (const PrecisionTraceEntry& t : trace) {
        EXPECT_EQ(t.format, F32) << transformerOpName(t.op);
        EXPECT_EQ(t.accumulate, F32) << transformerOpName(t.op);
        EXPECT_EQ(t.output, F32) << transformerOpName(t.op);
        EXPECT_EQ(t.fp8, Fp8Recipe::None);
    }
}

// PyTorch autocast (CUDA): matmuls in the low type with FP32 accumulation (cuBLAS) and a low-type result;
// softmax, layer_norm and cross-entropy on the FP32 list; GELU in its input's type; FP32 + low = FP32 in
// the residual stream; FP32 master weights and Adam state.
void expectAutocast(const std::vector<PrecisionTraceEntry>& trace, FormatId low) {
    for (int l = 0; l < 3; ++l) {
        for (TransformerOp op : kLinears) {
            expectRan(trace, l, op, false, low, F32, low);
            expectRan(trace, l, op, true, low, F32, low);
        }
        expectRan(trace, l, TransformerOp::AttentionScores, false, low, F32, low);
        expectRan(trace, l, TransformerOp::Softmax, F32);
        expectRan(trace, l, TransformerOp::LayerNorm, F32);
        expectRan(trace, l, TransformerOp::Gelu, low);
        expectRan(trace, l, TransformerOp::Residual, F32);
        expectRan(trace, l, TransformerOp::Gradients, true, F32, F32, F32);
    }
    expectRan(trace, -1, TransformerOp::Logits, false, low, F32, low);
    expectRan(trace, -1, TransformerOp::CrossEntropy, F32);
    expectRan(trace, -1, TransformerOp::OptimizerState, false, F32, F32, F32);
}

TEST(TransformerPrecisionTrace, AutocastFp16) {
    expectAutocast(traceOf(smallRun(TransformerPreset::AutocastFp16)), F16);
    EXPECT_EQ(transformerPreset(TransformerPreset::AutocastFp16).lossScaling, LossScaling::Dynamic);
}

TEST(TransformerPrecisionTrace, AutocastBf16) {
    expectAutocast(traceOf(smallRun(TransformerPreset::AutocastBf16)), B16);
    EXPECT_EQ(transformerPreset(TransformerPreset::AutocastBf16).lossScaling, LossScaling::None);
}

TEST(TransformerPrecisionTrace, PureFp16RunsEveryClassInFp16) {
    const std::vector<PrecisionTraceEntry> trace = traceOf(smallRun(TransformerPreset::PureFp16));
    for (const PrecisionTraceEntry& t : trace) {
        if (t.op == TransformerOp::OptimizerState) continue;
        EXPECT_EQ(t.format, F16) << t.layer << " " << transformerOpName(t.op);
        EXPECT_EQ(t.accumulate, F16) << t.layer << " " << transformerOpName(t.op);
        EXPECT_EQ(t.output, F16) << t.layer << " " << transformerOpName(t.op);
    }
}

// Transformer Engine over BF16 autocast: the linear layers (projections, MLP) in FP8, E4M3 forward and
// E5M2 gradients (HYBRID), FP32 accumulation; attention's own matmuls and the LM head stay BF16.
void expectFp8Layer(const std::vector<PrecisionTraceEntry>& trace, int l, Fp8Recipe recipe) {
    const FormatId gradient = recipe == Fp8Recipe::Block ? FormatId::E4m3 : FormatId::E5m2;
    for (TransformerOp op : kLinears) {
        expectRan(trace, l, op, false, FormatId::E4m3, F32, B16, recipe);
        expectRan(trace, l, op, true, gradient, F32, B16, recipe);
    }
    expectRan(trace, l, TransformerOp::AttentionScores, false, B16, F32, B16);
    expectRan(trace, l, TransformerOp::Softmax, F32);
    expectRan(trace, l, TransformerOp::Gelu, B16);
}

TEST(TransformerPrecisionTrace, Fp8DelayedScaling) {
    const std::vector<PrecisionTraceEntry> trace = traceOf(smallRun(TransformerPreset::Fp8Delayed));
    for (int l = 0; l < 3; ++l) expectFp8Layer(trace, l, Fp8Recipe::Delayed);
    expectRan(trace, -1, TransformerOp::Logits, false, B16, F32, B16);
}

TEST(TransformerPrecisionTrace, Fp8BlockScaling) {
    const std::vector<PrecisionTraceEntry> trace = traceOf(smallRun(TransformerPreset::Fp8Block));
    for (int l = 0; l < 3; ++l) expectFp8Layer(trace, l, Fp8Recipe::Block);
}

TEST(TransformerPrecisionTrace, FirstAndLastLayersInBf16) {
    const std::vector<PrecisionTraceEntry> trace = traceOf(smallRun(TransformerPreset::Fp8Bf16Edges));
    for (int l : {0, 2})
        for (TransformerOp op : kLinears) expectRan(trace, l, op, false, B16, F32, B16);
    expectFp8Layer(trace, 1, Fp8Recipe::Delayed);
}

TEST(TransformerPrecisionTrace, OverridesApplyPerClassAndPerLayer) {
    TransformerRunSettings s = smallRun(TransformerPreset::Fp32);
    ASSERT_EQ(applyPrecisionOverrides(s.precision, "residual=bf16,softmax@1=fp16,mlp-up@2=bf16"), "");
    const std::vector<PrecisionTraceEntry> trace = traceOf(s);
    for (int l = -1; l < 3; ++l) expectRan(trace, l, TransformerOp::Residual, B16);
    expectRan(trace, 0, TransformerOp::Softmax, F32);
    expectRan(trace, 1, TransformerOp::Softmax, F16);
    expectRan(trace, 2, TransformerOp::Softmax, F32);
    expectRan(trace, 2, TransformerOp::MlpUp, false, B16, F32, B16);
    expectRan(trace, 1, TransformerOp::MlpUp, false, F32, F32, F32);
}

TEST(TransformerPrecisionTrace, BadOverridesNameTheProblem) {
    TransformerPrecision p;
    EXPECT_NE(applyPrecisionOverrides(p, "softmax").find("is not OP=FORMAT"), std::string::npos);
    EXPECT_NE(applyPrecisionOverrides(p, "softmx=fp16").find("unknown operation class 'softmx'"), std::string::npos);
    EXPECT_NE(applyPrecisionOverrides(p, "softmax=fp17").find("fp17"), std::string::npos);
    EXPECT_NE(applyPrecisionOverrides(p, "softmax=e4m3").find("fp32, fp16 or bf16"), std::string::npos);
    EXPECT_NE(applyPrecisionOverrides(p, "softmax@x=fp16").find("block number"), std::string::npos);
    EXPECT_NE(applyPrecisionOverrides(p, "logits@1=fp16").find("outside the blocks"), std::string::npos);
    TransformerPrecision fp8 = transformerPreset(TransformerPreset::Fp8Delayed);
    fp8.layer.attentionScores.fp8 = Fp8Recipe::Delayed;
    EXPECT_NE(checkPrecision(fp8).find("only the projections"), std::string::npos);
}

TEST(TransformerPrecision, PresetNamesReadBack) {
    for (TransformerPreset p : kAllTransformerPresets)
        EXPECT_EQ(parseTransformerPresetName(transformerPresetName(p)), p);
    EXPECT_FALSE(parseTransformerPresetName("fp8").has_value());
    for (int i = 0; i < kTransformerOpCount; ++i)
        EXPECT_EQ(parseTransformerOpName(transformerOpName(TransformerOp(i))), TransformerOp(i));
}

// useTensorCores moves the FP16 projections, MLP and LM head onto the sm_80 tensor-core model, forward and
// backward; the attention scores stay fused multiply-add chains; the loss stays close to theirs.
TEST(TransformerTensorCore, LinearLayersRunOnTheTensorCoreModel) {
    TransformerRunSettings s = smallRun(TransformerPreset::AutocastFp16, 1);
    // FP32 results, so that the two accumulations' last bits are not rounded away to FP16.
    for (TransformerOp op : kLinears) s.precision.layer.matmul(op).output = F32;
    s.precision.logits.output = F32;
    TransformerRun chainedRun(s);
    const float chained = chainedRun.step().loss;
    useTensorCores(s.precision, tc::Arch::Sm80);
    TransformerRun run(s);
    const float tensorCore = run.step().loss;
    EXPECT_NEAR(tensorCore, chained, 1e-2 * std::abs(chained));
    // Block FMAs cut their terms where the chain rounds each fused multiply-add: some logits differ.
    int differing = 0;
    for (std::size_t i = 0; i < run.model().logits().size(); ++i)
        differing += run.model().logits()[i] != chainedRun.model().logits()[i] ? 1 : 0;
    EXPECT_GT(differing, 0);
    const std::vector<PrecisionTraceEntry> trace = run.precisionTrace();
    for (TransformerOp op : kLinears)
        for (bool backward : {false, true}) {
            const PrecisionTraceEntry* t = find(trace, 0, op, backward);
            ASSERT_NE(t, nullptr);
            EXPECT_EQ(t->tensorCore, tc::Arch::Sm80) << transformerOpName(op);
            EXPECT_EQ(t->output, F32);
        }
    EXPECT_EQ(find(trace, -1, TransformerOp::Logits, false)->tensorCore, tc::Arch::Sm80);
    EXPECT_FALSE(find(trace, 0, TransformerOp::AttentionScores, false)->tensorCore.has_value());
}

TEST(TransformerTensorCore, RefusesWhatTheModelDoesNotHave) {
    TransformerPrecision p;
    p.layer.query.tensorCore = tc::Arch::Sm80; // FP32 operands
    EXPECT_NE(checkPrecision(p).find("fp16 or bf16"), std::string::npos) << checkPrecision(p);
    p = transformerPreset(TransformerPreset::AutocastFp16);
    p.layer.attentionScores.tensorCore = tc::Arch::Sm90;
    EXPECT_NE(checkPrecision(p).find("only the projections"), std::string::npos) << checkPrecision(p);
    p = transformerPreset(TransformerPreset::AutocastFp16);
    useTensorCores(p, tc::Arch::Sm90);
    EXPECT_EQ(checkPrecision(p), "");
}

// Delayed scaling (Transformer Engine, margin 0, "max"): a step's scale comes from the amax history of
// the steps before it, amax / 448 for E4M3; the first step has no history and uses 1.
TEST(TransformerFp8, DelayedScaleComesFromThePreviousStepsAmax) {
    TransformerRun run(smallRun(TransformerPreset::Fp8Delayed, 1));
    auto input = [&](const std::vector<Fp8TensorStats>& stats) {
        for (const Fp8TensorStats& s : stats)
            if (s.name == "h0.attn.wq.input") return s;
        ADD_FAILURE() << "no cast of h0.attn.wq.input";
        return Fp8TensorStats{};
    };
    run.step();
    const Fp8TensorStats first = input(run.model().fp8Stats());
    EXPECT_EQ(first.scale, 1.0f);
    EXPECT_EQ(first.element, blockscale::Fp8Element::E4m3);
    run.step();
    const Fp8TensorStats second = input(run.model().fp8Stats());
    EXPECT_EQ(second.historyAmax, first.amax);
    EXPECT_FLOAT_EQ(second.scale, first.amax / 448.0f);
}

TEST(TransformerFp8, EveryPresetLearns) {
    for (TransformerPreset preset : {TransformerPreset::Fp8Delayed, TransformerPreset::Fp8Block,
                                     TransformerPreset::AutocastFp16, TransformerPreset::AutocastBf16}) {
        TransformerRunSettings s = smallRun(preset, 1);
        s.batch = 16;
        s.learningRate = 1e-2f;
        TransformerRun run(s);
        const float first = run.step().loss;
        float last = first;
        for (int i = 0; i < 15; ++i) last = run.step().loss;
        EXPECT_TRUE(std::isfinite(last)) << transformerPresetName(preset);
        EXPECT_LT(last, 0.8f * first) << transformerPresetName(preset);
    }
}

// GradScaler: a scale so large that the FP16 gradients overflow makes the step skipped and halves the scale.
TEST(TransformerScaler, OverflowingGradientsSkipTheStepAndBackOff) {
    TransformerRunSettings s = smallRun(TransformerPreset::AutocastFp16, 1);
    s.precision.scaler.initScale = 0x1p40f;
    TransformerRun run(s);
    const std::vector<float> before = run.model().parameters()[0].value;
    const TransformerStep step = run.step();
    EXPECT_EQ(step.scale, 0x1p40f);
    EXPECT_TRUE(step.skipped);
    ASSERT_TRUE(step.overflow.has_value());
    EXPECT_EQ(step.overflow->site.pass, Pass::Backward);
    EXPECT_EQ(run.lossScale(), 0x1p39f);
    EXPECT_EQ(run.model().parameters()[0].value, before);

    TransformerRunSettings fine = smallRun(TransformerPreset::AutocastFp16, 1);
    TransformerRun normal(fine);
    const TransformerStep ok = normal.step();
    EXPECT_EQ(ok.scale, 65536.0f);
    EXPECT_FALSE(ok.skipped);
}

bool isBf16(float v) { return (std::bit_cast<std::uint32_t>(v) & 0xFFFFu) == 0; }

// BF16 weights without FP32 copies: with a learning rate far below BF16's spacing at the weights, round to
// nearest keeps nearly every weight as it was; stochastic rounding moves about lr/spacing of them, and the
// same seed gives the same weights.
TEST(TransformerWeights, StochasticRoundingLosesFewerUpdatesThanNearest) {
    auto run = [](WeightStorage storage) {
        TransformerRunSettings s = smallRun(TransformerPreset::Fp32, 1);
        s.precision.weights = storage;
        s.learningRate = 1e-4f;
        TransformerRun r(s);
        std::int64_t attempted = 0, lost = 0;
        for (int i = 0; i < 3; ++i) {
            const TransformerStep step = r.step();
            attempted += step.updatesAttempted;
            lost += step.updatesLost;
        }
        for (const Parameter& p : r.model().parameters())
            for (float v : p.value) EXPECT_TRUE(isBf16(v)) << p.name;
        return std::tuple{attempted, lost, r.model().parameters()[2].value};
    };
    const auto [nearAttempted, nearLost, nearWeights] = run(WeightStorage::Bf16Nearest);
    const auto [srAttempted, srLost, srWeights] = run(WeightStorage::Bf16Stochastic);
    const auto [againAttempted, againLost, againWeights] = run(WeightStorage::Bf16Stochastic);
    ASSERT_GT(nearAttempted, 1000);
    EXPECT_GT(double(nearLost) / double(nearAttempted), 0.75); // LayerNorm biases start at 0, where steps are fine
    EXPECT_LT(double(srLost) / double(srAttempted), double(nearLost) / double(nearAttempted) - 0.05)
        << srLost << " of " << srAttempted << " against " << nearLost << " of " << nearAttempted;
    EXPECT_EQ(srWeights, againWeights);
    EXPECT_EQ(srLost, againLost);
    EXPECT_NE(srWeights, nearWeights);
}

bool isBf16Value(double v) { return isBf16(float(v)) && double(float(v)) == v; }

// Adam's moments kept in BF16 ("optimizer=bf16"): one weight's two steps written out from PyTorch's formulas in
// float, each moment rounded to BF16 by the bit rule (nearest, ties to even) after its step, against the optimizer's.
TEST(TransformerOptimizer, StateInBf16RoundsAdamsMomentsAfterEachStep) {
    auto bf16 = [](double x) {
        std::uint32_t b = std::bit_cast<std::uint32_t>(float(x));
        b = (b + 0x7FFFu + ((b >> 16) & 1u)) & 0xFFFF0000u;
        return double(std::bit_cast<float>(b));
    };
    OptimizerSettings adam;
    adam.learningRate = 0.1f;
    std::vector<Parameter> params{zeroParameter("w", 1, 1)};
    params[0].value[0] = 1.0f;
    Optimizer optimizer(adam, params);
    double w = 1.0, m = 0, v = 0;
    const float grads[] = {0.3f, -0.7f};
    for (int t = 1; t <= 2; ++t) {
        const float g = grads[t - 1];
        params[0].grad[0] = g;
        optimizer.step(params, DType::Float32);
        optimizer.roundState(DType::BFloat16);
        // The step in FP32 as the optimizer computes it, then the moments stored in BF16 for the next step.
        const float mNew = float(m) + (1.0f - 0.9f) * (g - float(m));
        const float vNew = float(v) * 0.999f + (1.0f - 0.999f) * g * g;
        // The scalars in double from the float settings, as PyTorch computes them from Python floats.
        const float stepSize = float(double(0.1f) / (1.0 - std::pow(double(0.9f), t)));
        const float denom = std::sqrt(vNew) / float(std::sqrt(1.0 - std::pow(double(0.999f), t))) + 1e-8f;
        w = float(float(w) - stepSize * (mNew / denom));
        m = bf16(mNew);
        v = bf16(vNew);
        EXPECT_TRUE(isBf16Value(m) && isBf16Value(v));
        EXPECT_EQ(params[0].value[0], float(w)) << "step " << t;
    }
}

TEST(TransformerOptimizer, StateOverrideIsTraced) {
    TransformerRunSettings s = smallRun(TransformerPreset::Fp32, 1);
    ASSERT_EQ(applyPrecisionOverrides(s.precision, "optimizer=bf16"), "");
    const std::vector<PrecisionTraceEntry> trace = traceOf(s);
    expectRan(trace, -1, TransformerOp::OptimizerState, false, B16, F32, F32);
    EXPECT_NE(applyPrecisionOverrides(s.precision, "optimizer@0=bf16").find("outside the blocks"), std::string::npos);
}

TEST(TransformerWeights, Fp32StorageCountsTheOptimizersOwnLosses) {
    TransformerRun r(smallRun(TransformerPreset::Fp32, 1));
    const TransformerStep step = r.step();
    EXPECT_GT(step.updatesAttempted, 1000);
    EXPECT_LT(step.updatesLost, step.updatesAttempted / 100);
}

// The update-to-weight ratio of each block, against the weights before and after the step.
TEST(TransformerStats, UpdateRatioPerBlock) {
    TransformerRun r(smallRun(TransformerPreset::Fp32, 2));
    const std::vector<Parameter> before = r.model().parameters();
    const TransformerStep step = r.step();
    ASSERT_EQ(step.stats.layers.size(), 2u);
    for (int layer = 0; layer < 2; ++layer) {
        const std::string prefix = "h" + std::to_string(layer) + ".";
        double changed = 0, norm = 0;
        for (std::size_t i = 0; i < before.size(); ++i) {
            if (before[i].name.rfind(prefix, 0) != 0) continue;
            for (std::size_t e = 0; e < before[i].value.size(); ++e) {
                const double d = double(r.model().parameters()[i].value[e]) - before[i].value[e];
                changed += d * d;
                norm += double(before[i].value[e]) * before[i].value[e];
            }
        }
        EXPECT_NEAR(step.stats.layers[std::size_t(layer)].updateRatio, std::sqrt(changed / norm), 1e-12);
        EXPECT_GT(step.stats.layers[std::size_t(layer)].updateRatio, 0.0);
    }
}

} // namespace
} // namespace fplab::training
