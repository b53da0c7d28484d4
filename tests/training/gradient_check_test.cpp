// Backward is right: the analytic gradients of the FP32 backward against central finite
// differences of an independent FP64 forward written here (it shares no code with the model).
#include "core/training/precision_policy.h"
#include "core/training/rng.h"
#include "core/training/toy_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace fplab::training {
namespace {

using Params = std::map<std::string, std::vector<double>>;

// Linear -> ReLU -> LayerNorm (eps 1e-5) per hidden block, a Linear head, mean cross-entropy, in double.
double referenceLoss(const Params& p, const ModelShape& s, const std::vector<float>& x, const std::vector<int>& y,
                     int batch) {
    double total = 0;
    for (int b = 0; b < batch; ++b) {
        std::vector<double> h(x.begin() + std::ptrdiff_t(b) * s.inputs, x.begin() + std::ptrdiff_t(b + 1) * s.inputs);
        for (int layer = 1; layer <= s.depth + 1; ++layer) {
            const std::string fc = "fc" + std::to_string(layer);
            const std::vector<double>& w = p.at(fc + ".weight");
            const int in = int(h.size());
            const int out = int(w.size()) / in;
            std::vector<double> z(std::size_t(out), 0.0);
            for (int o = 0; o < out; ++o) {
                for (int i = 0; i < in; ++i) z[std::size_t(o)] += w[std::size_t(o * in + i)] * h[std::size_t(i)];
                if (s.bias) z[std::size_t(o)] += p.at(fc + ".bias")[std::size_t(o)];
            }
            if (layer == s.depth + 1) {
                h = z;
                break;
            }
            for (double& v : z) v = std::max(v, 0.0);
            const std::string ln = s.depth == 1 ? "ln" : "ln" + std::to_string(layer);
            double mean = 0, var = 0;
            for (double v : z) mean += v;
            mean /= out;
            for (double v : z) var += (v - mean) * (v - mean);
            var /= out;
            for (int o = 0; o < out; ++o)
                z[std::size_t(o)] = (z[std::size_t(o)] - mean) / std::sqrt(var + 1e-5) *
                                        p.at(ln + ".weight")[std::size_t(o)] +
                                    p.at(ln + ".bias")[std::size_t(o)];
            h = z;
        }
        double mx = *std::max_element(h.begin(), h.end()), sum = 0;
        for (double v : h) sum += std::exp(v - mx);
        total += mx + std::log(sum) - h[std::size_t(y[std::size_t(b)])];
    }
    return total / batch;
}

struct Case {
    ModelShape shape;
    int batch;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.shape.inputs << "-" << c.shape.width << "x" << c.shape.depth << "-" << c.shape.classes
        << (c.shape.bias ? " with biases" : " without biases") << ", batch " << c.batch;
}

class GradientCheck : public ::testing::TestWithParam<Case> {};

TEST_P(GradientCheck, Fp32BackwardMatchesFp64FiniteDifferences) {
    const Case c = GetParam();
    ToyModel model(c.shape, 11);
    Rng rng(5);
    std::vector<float> x(std::size_t(c.batch * c.shape.inputs));
    for (float& v : x) v = float(rng.uniform(-1, 1));
    std::vector<int> y(std::size_t(c.batch));
    for (int& v : y) v = int(rng.below(std::uint64_t(c.shape.classes)));
    // Move LayerNorm's affine parameters off 1 and 0 so their gradients matter.
    for (Parameter& p : model.parameters())
        if (p.name.rfind("ln", 0) == 0)
            for (float& v : p.value) v += float(rng.uniform(-0.3, 0.3));

    model.zeroGrad();
    const ForwardResult fr = model.forwardBackward({x.data(), y.data(), c.batch}, policyFor(TrainingMode::Fp32), 1.0f);
    Params ref;
    for (const Parameter& p : model.parameters()) ref[p.name] = std::vector<double>(p.value.begin(), p.value.end());
    const double loss = referenceLoss(ref, c.shape, x, y, c.batch);
    EXPECT_NEAR(fr.loss, loss, 1e-5 * std::max(1.0, std::fabs(loss)));

    int checked = 0;
    for (const Parameter& p : model.parameters()) {
        double largest = 0;
        for (float g : p.grad) largest = std::max(largest, double(std::fabs(g)));
        for (std::size_t i = 0; i < p.size(); ++i) {
            std::vector<double>& v = ref[p.name];
            const double saved = v[i];
            const double h = 1e-6 * std::max(1.0, std::fabs(saved));
            v[i] = saved + h;
            const double up = referenceLoss(ref, c.shape, x, y, c.batch);
            v[i] = saved - h;
            const double down = referenceLoss(ref, c.shape, x, y, c.batch);
            v[i] = saved;
            const double numeric = (up - down) / (2 * h);
            // float32 analytic gradient against a float64 difference quotient (error ~1e-10).
            EXPECT_NEAR(p.grad[i], numeric, 2e-4 * std::fabs(numeric) + 2e-5 * largest + 1e-7)
                << p.name << "[" << i << "]";
            ++checked;
        }
    }
    EXPECT_EQ(checked, model.parameterCount());
}

INSTANTIATE_TEST_SUITE_P(Shapes, GradientCheck,
                         ::testing::Values(Case{{2, 3, 8, 1, true}, 7}, Case{{3, 4, 6, 2, true}, 5},
                                           Case{{10, 10, 10, 1, false}, 10}));

TEST(GradientCheck, LowPrecisionGradientsAreCloseToFp32) {
    // Autocast's FP16/BF16 and TF32 backward compute the same gradient to their precision.
    const ModelShape shape{2, 3, 16, 2, true};
    Rng rng(9);
    std::vector<float> x(64);
    for (float& v : x) v = float(rng.uniform(-1, 1));
    std::vector<int> y(32);
    for (int& v : y) v = int(rng.below(3));
    ToyModel exact(shape, 4);
    exact.forwardBackward({x.data(), y.data(), 32}, policyFor(TrainingMode::Fp32), 1.0f);
    const struct {
        TrainingMode mode;
        double tolerance; // relative to the tensor's largest gradient
    } cases[] = {{TrainingMode::Tf32, 4e-3}, {TrainingMode::Fp16, 1e-2}, {TrainingMode::Bf16, 8e-2}};
    for (const auto& k : cases) {
        ToyModel low(shape, 4);
        low.forwardBackward({x.data(), y.data(), 32}, policyFor(k.mode), 1.0f);
        double worst = 0;
        for (std::size_t t = 0; t < low.parameters().size(); ++t) {
            const Parameter& a = exact.parameters()[t];
            const Parameter& b = low.parameters()[t];
            double largest = 0, diff = 0;
            for (std::size_t i = 0; i < a.size(); ++i) {
                largest = std::max(largest, double(std::fabs(a.grad[i])));
                diff = std::max(diff, double(std::fabs(a.grad[i] - b.grad[i])));
            }
            worst = std::max(worst, diff / largest);
        }
        std::printf("  %s: largest difference from FP32 %.5f of the tensor's largest gradient\n",
                    std::string(modeName(k.mode)).c_str(), worst);
        EXPECT_LT(worst, k.tolerance) << modeName(k.mode);
        EXPECT_GT(worst, 0.0) << modeName(k.mode) << ": the low precision made no difference at all";
    }
}

} // namespace
} // namespace fplab::training
