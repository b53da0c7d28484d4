#include "tests/gpu/reference_training_step.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace fplab::gpu::test {

namespace {

constexpr double kNormEps = 1e-5; // torch.nn.LayerNorm's default

struct Block { // offsets of one hidden block's parameters in the flat vector
    std::size_t weight, bias, gamma, beta;
    int in;
};

} // namespace

ReferenceStep referenceStep(const training::Dataset& data, const training::ModelShape& shape,
                            const std::vector<float>& weights, double lossWeight) {
    const int width = shape.width, classes = shape.classes, n = data.size();
    std::vector<Block> blocks;
    std::size_t at = 0;
    for (int d = 0, in = shape.inputs; d < shape.depth; ++d, in = width) {
        const Block b{at, at + std::size_t(width) * in, at + std::size_t(width) * (in + 1),
                      at + std::size_t(width) * (in + 2), in};
        blocks.push_back(b);
        at = b.beta + std::size_t(width);
    }
    const std::size_t headWeight = at, headBias = at + std::size_t(classes) * width;
    const auto w = [&](std::size_t i) { return double(weights[i]); };

    ReferenceStep out;
    out.grad.assign(weights.size(), 0.0);
    const double g0 = lossWeight / n;
    for (int e = 0; e < n; ++e) {
        // Forward, keeping what the backward needs.
        std::vector<std::vector<double>> inputs{{data.features.begin() + std::ptrdiff_t(e) * shape.inputs,
                                                 data.features.begin() + std::ptrdiff_t(e + 1) * shape.inputs}};
        std::vector<std::vector<double>> pre, xhat;
        std::vector<double> rstd;
        for (const Block& b : blocks) {
            const std::vector<double>& x = inputs.back();
            std::vector<double> h(static_cast<std::size_t>(width));
            for (int o = 0; o < width; ++o) {
                double s = w(b.bias + o);
                for (int i = 0; i < b.in; ++i) s += w(b.weight + std::size_t(o) * b.in + i) * x[i];
                h[o] = s;
            }
            pre.push_back(h);
            for (double& v : h) v = std::max(v, 0.0);
            double mean = 0, var = 0;
            for (double v : h) mean += v / width;
            for (double v : h) var += (v - mean) * (v - mean) / width;
            rstd.push_back(1.0 / std::sqrt(var + kNormEps));
            std::vector<double> xh(static_cast<std::size_t>(width)), y(static_cast<std::size_t>(width));
            for (int j = 0; j < width; ++j) {
                xh[j] = (h[j] - mean) * rstd.back();
                y[j] = xh[j] * w(b.gamma + j) + w(b.beta + j);
            }
            xhat.push_back(xh);
            inputs.push_back(y);
        }
        const std::vector<double>& last = inputs.back();
        std::vector<double> logits(static_cast<std::size_t>(classes));
        for (int c = 0; c < classes; ++c) {
            double s = w(headBias + c);
            for (int j = 0; j < width; ++j) s += w(headWeight + std::size_t(c) * width + j) * last[j];
            logits[c] = s;
        }
        const double top = *std::max_element(logits.begin(), logits.end());
        double sum = 0;
        for (double l : logits) sum += std::exp(l - top);
        const double lse = top + std::log(sum);
        const int label = data.labels[std::size_t(e)];
        out.loss += (lse - logits[label]) / n;

        // Backward.
        std::vector<double> dy(std::size_t(width), 0.0);
        for (int c = 0; c < classes; ++c) {
            const double dl = (std::exp(logits[c] - lse) - (c == label ? 1.0 : 0.0)) * g0;
            out.grad[headBias + c] += dl;
            for (int j = 0; j < width; ++j) {
                out.grad[headWeight + std::size_t(c) * width + j] += dl * last[j];
                dy[j] += dl * w(headWeight + std::size_t(c) * width + j);
            }
        }
        for (int d = int(blocks.size()) - 1; d >= 0; --d) {
            const Block& b = blocks[std::size_t(d)];
            const std::vector<double>& xh = xhat[std::size_t(d)];
            double meanG = 0, meanGx = 0;
            for (int j = 0; j < width; ++j) {
                out.grad[b.gamma + j] += dy[j] * xh[j];
                out.grad[b.beta + j] += dy[j];
                meanG += dy[j] * w(b.gamma + j) / width;
                meanGx += dy[j] * w(b.gamma + j) * xh[j] / width;
            }
            std::vector<double> dh(static_cast<std::size_t>(width));
            for (int j = 0; j < width; ++j) {
                const double dx = rstd[std::size_t(d)] * (dy[j] * w(b.gamma + j) - meanG - xh[j] * meanGx);
                dh[j] = pre[std::size_t(d)][j] > 0 ? dx : 0.0;
            }
            const std::vector<double>& x = inputs[std::size_t(d)];
            std::vector<double> dx(std::size_t(b.in), 0.0);
            for (int o = 0; o < width; ++o) {
                out.grad[b.bias + o] += dh[o];
                for (int i = 0; i < b.in; ++i) {
                    out.grad[b.weight + std::size_t(o) * b.in + i] += dh[o] * x[i];
                    dx[i] += dh[o] * w(b.weight + std::size_t(o) * b.in + i);
                }
            }
            dy = dx;
        }
    }
    double squares = 0;
    for (double g : out.grad) squares += g * g;
    out.gradNorm = std::sqrt(squares);
    return out;
}

} // namespace fplab::gpu::test
