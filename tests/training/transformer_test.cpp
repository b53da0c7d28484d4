// The emulated transformer against an independent plain-double implementation written here (no
// code shared with core/): its forward, its backward against central finite differences of that
// implementation in FP64, and the first-overflow report of an FP16 softmax.
#include "core/training/transformer/planted_model.h"
#include "core/training/transformer/transformer_model.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace fplab::training {
namespace {

using Params = std::map<std::string, std::vector<double>>;

// ---- The reference: the same network, in double, from the textbook formulas. ----

struct RefShape {
    int V, C, D, H, L, F;
};

void refLayerNorm(const std::vector<double>& x, int rows, int d, const std::vector<double>& g,
                  const std::vector<double>& b, std::vector<double>& y) {
    y.assign(x.size(), 0.0);
    for (int r = 0; r < rows; ++r) {
        double mean = 0, var = 0;
        for (int i = 0; i < d; ++i) mean += x[size_t(r * d + i)];
        mean /= d;
        for (int i = 0; i < d; ++i) var += (x[size_t(r * d + i)] - mean) * (x[size_t(r * d + i)] - mean);
        var /= d;
        for (int i = 0; i < d; ++i)
            y[size_t(r * d + i)] = (x[size_t(r * d + i)] - mean) / std::sqrt(var + 1e-5) * g[size_t(i)] + b[size_t(i)];
    }
}

// y (rows x out) = x (rows x in) W (in x out)
std::vector<double> refLinear(const std::vector<double>& x, int rows, int in, const std::vector<double>& w, int out) {
    std::vector<double> y(size_t(rows * out), 0.0);
    for (int r = 0; r < rows; ++r)
        for (int j = 0; j < out; ++j)
            for (int i = 0; i < in; ++i) y[size_t(r * out + j)] += x[size_t(r * in + i)] * w[size_t(i * out + j)];
    return y;
}

double refLoss(const Params& P, const RefShape& s, const std::vector<int>& tokens, const std::vector<int>& targets,
               int batch, int T, std::vector<double>* logitsOut = nullptr) {
    const int N = batch * T, D = s.D, dh = s.D / s.H;
    std::vector<double> x(size_t(N * D));
    for (int n = 0; n < N; ++n)
        for (int i = 0; i < D; ++i)
            x[size_t(n * D + i)] = P.at("wte")[size_t(tokens[size_t(n)] * D + i)] +
                                   P.at("wpe")[size_t((n % T) * D + i)];
    for (int l = 0; l < s.L; ++l) {
        const std::string p = "h" + std::to_string(l) + ".";
        std::vector<double> h;
        refLayerNorm(x, N, D, P.at(p + "ln1.weight"), P.at(p + "ln1.bias"), h);
        const auto q = refLinear(h, N, D, P.at(p + "attn.wq"), D);
        const auto k = refLinear(h, N, D, P.at(p + "attn.wk"), D);
        const auto v = refLinear(h, N, D, P.at(p + "attn.wv"), D);
        std::vector<double> att(size_t(N * D), 0.0);
        for (int b = 0; b < batch; ++b)
            for (int hd = 0; hd < s.H; ++hd)
                for (int i = 0; i < T; ++i) {
                    std::vector<double> w(size_t(i + 1));
                    double mx = -1e300, sum = 0;
                    for (int j = 0; j <= i; ++j) {
                        double dot = 0;
                        for (int c = 0; c < dh; ++c)
                            dot += q[size_t((b * T + i) * D + hd * dh + c)] * k[size_t((b * T + j) * D + hd * dh + c)];
                        w[size_t(j)] = dot / std::sqrt(double(dh));
                        mx = std::max(mx, w[size_t(j)]);
                    }
                    for (double& e : w) sum += (e = std::exp(e - mx));
                    for (int j = 0; j <= i; ++j)
                        for (int c = 0; c < dh; ++c)
                            att[size_t((b * T + i) * D + hd * dh + c)] += w[size_t(j)] / sum *
                                                                          v[size_t((b * T + j) * D + hd * dh + c)];
                }
        const auto o = refLinear(att, N, D, P.at(p + "attn.wo"), D);
        for (size_t e = 0; e < x.size(); ++e) x[e] += o[e];
        refLayerNorm(x, N, D, P.at(p + "ln2.weight"), P.at(p + "ln2.bias"), h);
        auto u = refLinear(h, N, D, P.at(p + "mlp.w1"), s.F);
        if (P.count(p + "mlp.w3")) { // SwiGLU
            const auto g = refLinear(h, N, D, P.at(p + "mlp.w3"), s.F);
            for (size_t e = 0; e < u.size(); ++e) u[e] *= g[e] / (1.0 + std::exp(-g[e]));
        } else {
            for (double& e : u) e = 0.5 * e * (1.0 + std::erf(e / std::sqrt(2.0)));
        }
        const auto m = refLinear(u, N, s.F, P.at(p + "mlp.w2"), D);
        for (size_t e = 0; e < x.size(); ++e) x[e] += m[e];
    }
    std::vector<double> hf;
    refLayerNorm(x, N, D, P.at("lnf.weight"), P.at("lnf.bias"), hf);
    const auto logits = refLinear(hf, N, D, P.at("head"), s.V);
    if (logitsOut) *logitsOut = logits;
    double total = 0;
    int count = 0;
    for (int n = 0; n < N; ++n) {
        if (targets[size_t(n)] < 0) continue;
        double mx = -1e300, sum = 0;
        for (int j = 0; j < s.V; ++j) mx = std::max(mx, logits[size_t(n * s.V + j)]);
        for (int j = 0; j < s.V; ++j) sum += std::exp(logits[size_t(n * s.V + j)] - mx);
        total += mx + std::log(sum) - logits[size_t(n * s.V + targets[size_t(n)])];
        ++count;
    }
    return total / count;
}

// ---- The model of the checks: core's hand-sized one (planted_model.h), d = 8, 1 layer, 2 heads, context 4. ----

Params toDouble(const TransformerModel& model) {
    Params p;
    for (const Parameter& param : model.parameters()) p[param.name] = {param.value.begin(), param.value.end()};
    return p;
}

RefShape refShape(const TransformerShape& s) {
    return {s.vocab, s.context, s.dim, s.heads, s.layers, s.mlpRatio * s.dim};
}

// LayerNorm's weights and biases away from 1 and 0, so their gradients are checked in general.
void perturbNorms(TransformerModel& model) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-0.5f, 0.5f);
    for (Parameter& p : model.parameters())
        if (p.name.find("ln") != std::string::npos)
            for (float& v : p.value) v += u(rng);
}

TEST(Transformer, ForwardMatchesADoubleImplementation) {
    TransformerModel model(handSizedShape(), 11);
    perturbNorms(model);
    const TokenBatch batch = handSizedBatch();
    EmulatedOps ops;
    const float loss = model.forward(batch, transformerPreset(TransformerPreset::Fp32), ops);
    std::vector<double> refLogits;
    const double ref = refLoss(toDouble(model), refShape(model.shape()), batch.tokens, batch.targets, batch.batch,
                               batch.length, &refLogits);
    EXPECT_NEAR(loss, ref, 1e-5 * std::abs(ref));
    ASSERT_EQ(model.logits().size(), refLogits.size());
    for (size_t i = 0; i < refLogits.size(); ++i) EXPECT_NEAR(model.logits()[i], refLogits[i], 1e-5) << i;
    EXPECT_FALSE(ops.firstOverflow().has_value());
}

void expectBackwardMatchesCentralDifferences(const TransformerShape& shape, int tensorCount) {
    TransformerModel model(shape, 3);
    perturbNorms(model);
    const TokenBatch batch = handSizedBatch();
    EmulatedOps ops;
    model.zeroGrad();
    model.forward(batch, transformerPreset(TransformerPreset::Fp32), ops);
    model.backward(ops);

    Params P = toDouble(model);
    const RefShape s = refShape(model.shape());
    const double h = 1e-5;
    int tensors = 0;
    for (const Parameter& param : model.parameters()) {
        double largest = 0;
        for (size_t e = 0; e < param.value.size(); ++e) {
            double& w = P[param.name][e];
            const double saved = w;
            w = saved + h;
            const double up = refLoss(P, s, batch.tokens, batch.targets, batch.batch, batch.length);
            w = saved - h;
            const double down = refLoss(P, s, batch.tokens, batch.targets, batch.batch, batch.length);
            w = saved;
            const double fd = (up - down) / (2 * h);
            largest = std::max(largest, std::abs(fd));
            EXPECT_NEAR(param.grad[e], fd, 2e-6 + 1e-4 * std::abs(fd)) << param.name << "[" << e << "]";
        }
        // Every tensor gets a gradient (a tensor left out of the backward would compare 0 with 0).
        EXPECT_GT(largest, 1e-4) << param.name;
        ++tensors;
    }
    EXPECT_EQ(tensors, tensorCount);
}

TEST(Transformer, BackwardMatchesCentralDifferencesInFp64) {
    expectBackwardMatchesCentralDifferences(handSizedShape(), 2 + 10 + 3);
}

TEST(Transformer, SwigluBackwardMatchesCentralDifferencesInFp64) {
    TransformerShape shape = handSizedShape();
    shape.swiglu = true;
    expectBackwardMatchesCentralDifferences(shape, 2 + 11 + 3);
}

TEST(Transformer, Fp16SoftmaxWithoutMaxSubtractionOverflowsAtItsExp) {
    TransformerPrecision fp16 = transformerPreset(TransformerPreset::PureFp16);
    fp16.layer.softmaxSubtractsMax = false;
    // 11.09375 (fp16 0x498C) is the first fp16 value above ln(65520) = 11.0901: e^x rounds to infinity.
    TransformerModel model = modelWithAttentionLogit(11.09375f);
    EmulatedOps ops;
    const float loss = model.forward(handSizedBatch(), fp16, ops);
    EXPECT_FALSE(std::isfinite(loss));
    ASSERT_TRUE(ops.firstOverflow().has_value());
    const OverflowReport& r = *ops.firstOverflow();
    EXPECT_EQ(r.site.pass, Pass::Forward);
    EXPECT_EQ(r.site.layer, 0);
    EXPECT_EQ(r.site.tensor, "attn.exp");
    EXPECT_EQ(r.operation, "softmax.exp");
    EXPECT_EQ(r.element, 0u); // batch 0, head 0, query 0, key 0: the first in program order
    EXPECT_EQ(r.format, FormatId::Fp16);
    ASSERT_EQ(r.operands.size(), 1u);
    EXPECT_EQ(r.operands[0], 0x498Cu);
    EXPECT_EQ(r.result, 0x7C00u); // +infinity
    EXPECT_EQ(r.flags, kOverflow | kInexact);
    // exp is the host's, in FP64: what overflowed is the conversion of e^11.09375 to fp16.
    EXPECT_EQ(r.kind, Operation::Convert);
    ASSERT_TRUE(r.functionValue.has_value());
    EXPECT_EQ(*r.functionValue, std::bit_cast<std::uint64_t>(std::exp(11.09375)));

    // One fp16 step below, 11.0859375: every e^x rounds to 65248 and stays finite, but the second query's
    // row sums two of them, and that addition is now the first overflow. The loss stays finite (65248 / inf
    // is 0: those queries silently attend to nothing); only the flags tell.
    TransformerModel below = modelWithAttentionLogit(11.0859375f);
    EmulatedOps belowOps;
    EXPECT_TRUE(std::isfinite(below.forward(handSizedBatch(), fp16, belowOps)));
    ASSERT_TRUE(belowOps.firstOverflow().has_value());
    const OverflowReport& sum = *belowOps.firstOverflow();
    EXPECT_EQ(sum.site.tensor, "attn.sum");
    EXPECT_EQ(sum.operation, "softmax.sum");
    EXPECT_EQ(sum.element, 1u);                                              // the row of batch 0, head 0, query 1
    EXPECT_EQ(sum.operands, (std::vector<std::uint64_t>{0x7BF7u, 0x7BF7u})); // 65248 + 65248
    EXPECT_EQ(sum.result, 0x7C00u);
    EXPECT_EQ(sum.kind, Operation::Add);
    EXPECT_FALSE(sum.functionValue.has_value());
    for (const TensorFlags& t : belowOps.tensorFlags()) {
        if (t.site.tensor == "attn.exp") {
            EXPECT_FALSE(t.flags & kOverflow);
        }
    }
}

TEST(Transformer, Fp16SoftmaxWithMaxSubtractionSurvivesTheSameLogit) {
    const TransformerPrecision fp16 = transformerPreset(TransformerPreset::PureFp16);
    ASSERT_TRUE(fp16.layer.softmaxSubtractsMax);
    TransformerModel model = modelWithAttentionLogit(11.09375f);
    EmulatedOps ops;
    model.zeroGrad();
    EXPECT_TRUE(std::isfinite(model.forward(handSizedBatch(), fp16, ops)));
    model.backward(ops);
    EXPECT_FALSE(ops.firstOverflow().has_value());
    for (const Parameter& p : model.parameters())
        for (float g : p.grad) ASSERT_TRUE(std::isfinite(g)) << p.name;
}

// The statistics of the planted model: every head-0 logit is L, head 1's are 0, so the probabilities are
// 1/(i+1) in every row and none saturates.
TEST(TransformerStats, AttentionLogitsAndProbabilitiesOfAPlantedModel) {
    TransformerModel model = modelWithAttentionLogit(3.0f);
    EmulatedOps ops;
    model.forward(handSizedBatch(), transformerPreset(TransformerPreset::Fp32), ops);
    const TransformerStats& s = model.stats();
    ASSERT_EQ(s.layers.size(), 1u);
    EXPECT_EQ(s.layers[0].maxAttentionLogit, 3.0f);
    EXPECT_EQ(s.layers[0].softmaxRows, 2 * 2 * 3); // batch 2, heads 2, the rows of 2, 3 and 4 positions
    EXPECT_EQ(s.layers[0].saturatedRows, 0);
    ASSERT_EQ(s.attention.size(), std::size_t(2 * 4 * 4));
    for (int h = 0; h < 2; ++h)
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                EXPECT_EQ(s.attentionAt(0, h, i, j), j <= i ? 1.0f / float(i + 1) : 0.0f) << h << i << j;
}

// Scores a thousand times larger make the largest probability of most rows round to exactly 1.
TEST(TransformerStats, LargeLogitsSaturateTheSoftmax) {
    TransformerModel model(handSizedShape(), 2);
    for (const char* name : {"h0.attn.wq", "h0.attn.wk"})
        for (float& v : model.parameter(name).value) v *= 1000.0f;
    EmulatedOps ops;
    model.forward(handSizedBatch(), transformerPreset(TransformerPreset::Fp32), ops);
    const TransformerLayerStats& s = model.stats().layers[0];
    EXPECT_GT(s.maxAttentionLogit, 1000.0f);
    EXPECT_GT(s.saturatedRows, s.softmaxRows / 2);
}

// A LayerNorm bias of 50 in channel 3 makes it the MLP input's only outlier channel.
TEST(TransformerStats, MarksAnOutlierChannel) {
    TransformerModel model(handSizedShape(), 2);
    model.parameter("h0.ln2.bias").value[3] = 50.0f;
    EmulatedOps ops;
    model.forward(handSizedBatch(), transformerPreset(TransformerPreset::Fp32), ops);
    const TransformerLayerStats& s = model.stats().layers[0];
    ASSERT_EQ(s.channelAmax.size(), 8u);
    EXPECT_GE(s.channelAmax[3], 47.0f);
    EXPECT_EQ(s.outlierChannels, std::vector<int>{3});
    EXPECT_GT(s.residualRms, 0.0f);
    EXPECT_TRUE(std::isfinite(s.residualRms));
}

TEST(Transformer, FlagsAreCollectedPerTensor) {
    TransformerModel model(handSizedShape(), 1);
    EmulatedOps ops;
    model.forward(handSizedBatch(), transformerPreset(TransformerPreset::PureFp16), ops);
    bool sawExp = false;
    for (const TensorFlags& t : ops.tensorFlags()) {
        if (t.site.tensor == "attn.exp" && t.site.layer == 0) {
            sawExp = true;
            EXPECT_TRUE(t.flags & kInexact); // e^x of small fp16 values is rarely exact
        }
    }
    EXPECT_TRUE(sawExp);
}

// EmulatedOps in FP32 against the host's float arithmetic (IEEE binary32, round to nearest even).
TEST(Transformer, EmulatedFp32OperationsMatchTheHostFpu) {
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> u(-100.0f, 100.0f);
    EmulatedOps ops;
    auto same = [](float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); };
    for (int i = 0; i < 20000; ++i) {
        const float a = u(rng), b = u(rng), c = u(rng);
        ASSERT_TRUE(same(ops.add(FormatId::Fp32, a, b, 0, "t"), a + b));
        ASSERT_TRUE(same(ops.sub(FormatId::Fp32, a, b, 0, "t"), a - b));
        ASSERT_TRUE(same(ops.mul(FormatId::Fp32, a, b, 0, "t"), a * b));
        ASSERT_TRUE(same(ops.div(FormatId::Fp32, a, b, 0, "t"), a / b));
        ASSERT_TRUE(same(ops.fma(FormatId::Fp32, a, b, c, 0, "t"), std::fma(a, b, c)));
        ASSERT_TRUE(same(ops.sqrt(FormatId::Fp32, std::abs(a), 0, "t"), std::sqrt(std::abs(a))));
    }
    // A matmul is the chain of fused multiply-adds from +0, in order.
    const float A[6] = {1.5f, -2.25f, 3.0f, 0.1f, 0.2f, 0.3f};  // 2 x 3
    const float B[6] = {0.7f, -1.1f, 2.9f, 0.01f, -3.3f, 4.4f}; // 3 x 2
    float C[4] = {};
    ops.matmul(FormatId::Fp32, FormatId::Fp32, {A, 3, 1}, {B, 2, 1}, 2, 3, 2, C, 2);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            float s = 0.0f;
            for (int p = 0; p < 3; ++p) s = std::fma(A[i * 3 + p], B[p * 2 + j], s);
            EXPECT_TRUE(same(C[i * 2 + j], s));
        }
}

// The FP32 matmul's fast path against the core alone, bit for bit and flag for flag, over dot products whose
// terms range from subnormal to overflowing.
TEST(Transformer, FastFp32MatmulMatchesTheCore) {
    if (!EmulatedOps::fastPathsAvailable()) GTEST_SKIP() << "binary64 is not IEEE 754's here: no fast path";
    std::mt19937_64 rng(9);
    auto wide = [&] {
        const int exponent = int(rng() % 170) - 85; // products from 2^-170 (below subnormal) to 2^170 (overflow)
        return std::ldexp(float(rng() % (1u << 24)) * 0x1p-24f + 1.0f, exponent) * (rng() % 2 ? -1.0f : 1.0f);
    };
    int overflowing = 0, underflowing = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        float a[6], b[6];
        for (int p = 0; p < 6; ++p) a[p] = wide(), b[p] = wide();
        float host = 0, core = 0;
        EmulatedOps hostOps, coreOps;
        coreOps.useFastPaths(false);
        hostOps.matmul(FormatId::Fp32, FormatId::Fp32, {a, 6, 1}, {b, 1, 1}, 1, 6, 1, &host, 1);
        coreOps.matmul(FormatId::Fp32, FormatId::Fp32, {a, 6, 1}, {b, 1, 1}, 1, 6, 1, &core, 1);
        ASSERT_EQ(std::bit_cast<std::uint32_t>(host), std::bit_cast<std::uint32_t>(core)) << trial;
        ASSERT_EQ(hostOps.tensorFlags().at(0).flags, coreOps.tensorFlags().at(0).flags) << trial;
        ASSERT_EQ(hostOps.firstOverflow().has_value(), coreOps.firstOverflow().has_value());
        overflowing += coreOps.tensorFlags().at(0).flags & kOverflow ? 1 : 0;
        underflowing += coreOps.tensorFlags().at(0).flags & kUnderflow ? 1 : 0;
    }
    EXPECT_GT(overflowing, 100); // the boundaries were exercised
    EXPECT_GT(underflowing, 100);
}

TEST(Transformer, BadShapesAndBatchesAreRefused) {
    TransformerShape s = handSizedShape();
    s.heads = 3;
    EXPECT_NE(checkTransformerShape(s), "");
    EXPECT_THROW(TransformerModel(s, 1), std::invalid_argument);
    TransformerModel model(handSizedShape(), 1);
    TokenBatch b = handSizedBatch();
    b.tokens[0] = 9;
    EXPECT_NE(model.checkBatch(b), "");
    EmulatedOps ops;
    EXPECT_THROW(model.forward(b, transformerPreset(TransformerPreset::Fp32), ops), std::invalid_argument);
    TransformerPrecision p;
    p.layer.softmax = FormatId::E4m3;
    EXPECT_NE(checkPrecision(p), "");
}

} // namespace
} // namespace fplab::training
