// Parsing of `fplab-cli train`'s options: names, ranges and numbers (decimals or powers of two),
// with a usage error that names the option and the value.
#include "app/cli/train_options.h"

#include "app/cli/cli_options.h"
#include "app/cli/option_table.h"
#include "core/training/datasets.h"
#include "core/training/optimizer.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <ostream>

namespace fplab::cli::train {
namespace {

using namespace fplab::training;

std::optional<double> parseNumber(std::string_view text) {
    std::string s(text);
    if (s.rfind("2^", 0) == 0) {
        int e = 0;
        const auto [p, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), e);
        if (ec != std::errc() || p != s.data() + s.size() || e < -1000 || e > 1000) return std::nullopt;
        return std::ldexp(1.0, e);
    }
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

} // namespace

// A decimal or power of two in [low, high]; `what` names the range in the error.
OptionSetter number(std::string name, double low, double high, std::string what, std::function<void(double)> set) {
    return [=](std::string_view v, std::string& error) {
        const auto x = parseNumber(v);
        if (!x || *x < low || *x > high) {
            error = name + " takes " + what + " (got " + quoted(v) + ")";
            return false;
        }
        set(*x);
        return true;
    };
}

OptionSetter whole(std::string name, long long low, long long high, std::function<void(long long)> set) {
    return [=](std::string_view v, std::string& error) {
        const auto x = wholeNumber(v);
        if (!x || *x < low || *x > high) {
            error = name + " takes a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                    " (got " + quoted(v) + ")";
            return false;
        }
        set(*x);
        return true;
    };
}

namespace {

constexpr double kScaleLow = 0x1p-126, kScaleHigh = 0x1p127;
constexpr const char* kScaleRange = "a positive number (2^-126 to 2^127)";

OptionTable trainOptions(TrainOptions& options, bool& lrGiven) {
    TrainingConfig& c = options.config;
    OptionTable t;
    t.command = "train";
    t.description =
        "Trains the toy model (Linear -> ReLU -> LayerNorm, a Linear head, softmax cross-entropy) with every\n"
        "operation rounded to the type PyTorch autocast gives it, emulated on the CPU by the soft-float core,\n"
        "or on the GPU (tensor-core matmuls, FP32 accumulation, the rest in CUDA kernels).\n";
    t.options = {
        {"--mode", "M",
         "fp32 (default), tf32, fp16 (no loss scaling), fp16-static (constant scale),\n"
         "fp16-dynamic (GradScaler), bf16, and FP8 linear layers on the Hopper FP8\n"
         "tensor-core model (CPU only): fp8-delayed (per-tensor scales from an amax\n"
         "history, Transformer Engine), fp8-current (from the tensor itself), fp8-block\n"
         "(DeepSeek-V3: 1x128 and 128x128 block scales, FP32 promotion every 128)",
         setNamed(c.mode, parseModeName, "mode",
                  "fp32, tf32, fp16, fp16-static, fp16-dynamic, bf16, fp8-delayed, fp8-current, fp8-block")},
        {"--model", "M",
         "mlp (default: the toy model, these options) or transformer (its own\n"
         "options: fplab-cli train --model transformer --help)",
         [](std::string_view v, std::string& error) {
             if (v != "mlp") error = "--model is mlp or transformer (got " + quoted(v) + ")";
             return error.empty();
         }},
        {"--backend", "cpu|gpu",
         "cpu: the emulator (default); gpu needs a CUDA build and a GPU (no gradient\n"
         "statistics; the summary gives steps/s on either)",
         [&options](std::string_view v, std::string& error) {
             if (v != "cpu" && v != "gpu") error = "--backend is cpu or gpu (got " + quoted(v) + ")";
             options.gpu = v == "gpu";
             return error.empty();
         }},
        {"--compare", "",
         "run the emulator and the GPU side by side and compare every step (loss,\n"
         "scale, skipped, weights) within a relative tolerance; --csv then gets the\n"
         "comparison",
         setFlag(options.compare)},
        {"--steps", "N", "optimizer steps (default 500)",
         whole("--steps", 1, 10'000'000, [&c](long long x) { c.steps = int(x); })},
        {"--csv", "FILE", "every step's record as CSV", setText(options.csvPath)},
        {"--seed", "S", "data, initial weights and batch order (default 1)",
         whole("--seed", 0, 1LL << 53, [&c](long long x) { c.seed = std::uint64_t(x); })},
        {"--dataset", "D", "spirals (default; 3 classes) or tiny-grad (loss weighted by 2^-20)",
         setNamed(c.dataset, parseDatasetName, "data set", "spirals, tiny-grad")},
        {"--optimizer", "O", "adam (default, lr 0.01) or sgd (momentum 0.9, lr 0.1)",
         setNamed(c.optimizer.kind, parseOptimizerName, "optimizer", "sgd, adam")},
        {"--no-master-weights", "", "keep parameters, gradients and optimizer state in the 16-bit type",
         [&c](std::string_view, std::string&) {
             c.masterWeights = false;
             return true;
         }},
        {"--trace-dtypes", "", "print the dtype of every tensor of one step before training", setFlag(options.trace)},
        {"--lr", "X", "learning rate (default: the optimizer's)",
         number("--lr", 1e-30, 1e30, "a positive number",
                [&c, &lrGiven](double x) {
                    c.optimizer.learningRate = float(x);
                    lrGiven = true;
                })},
        {"--momentum", "X", "SGD momentum, in [0, 1) (default 0.9)",
         number("--momentum", 0, 0.999999, "a number in [0, 1)", [&c](double x) { c.optimizer.momentum = float(x); })},
        {"--clip", "X", "clip the global gradient norm to X (default 0: off)",
         number("--clip", 0, 1e30, "a number >= 0", [&c](double x) { c.clipNorm = float(x); })},
        {"--weight-decay", "X", "weight decay (default 0)",
         number("--weight-decay", 0, 1e30, "a number >= 0", [&c](double x) { c.optimizer.weightDecay = float(x); })},
        {"--width", "N", "hidden width, 2 to 4096 (default 64)",
         whole("--width", 2, 4096, [&c](long long x) { c.model.width = int(x); })},
        {"--depth", "N", "hidden layers, 1 to 16 (default 1)",
         whole("--depth", 1, 16, [&c](long long x) { c.model.depth = int(x); })},
        {"--batch", "N", "examples per micro-batch (default 64)",
         whole("--batch", 1, 65536, [&c](long long x) { c.batchSize = int(x); })},
        {"--accumulate", "N", "micro-batches per optimizer step (default 1)",
         whole("--accumulate", 1, 1024, [&c](long long x) { c.accumulationSteps = int(x); })},
        {"--scale", "X", "fp16-static's constant scale (default 1024)",
         number("--scale", kScaleLow, kScaleHigh, kScaleRange, [&c](double x) { c.staticScale = float(x); })},
        {"--init-scale", "X", "fp16-dynamic: the first scale (default 2^16)",
         number("--init-scale", kScaleLow, kScaleHigh, kScaleRange, [&c](double x) { c.scaler.initScale = float(x); })},
        {"--growth-factor", "X", "fp16-dynamic: scale growth (default 2)",
         number("--growth-factor", 1.0000001, 1e6, "a number greater than 1",
                [&c](double x) { c.scaler.growthFactor = float(x); })},
        {"--backoff", "X", "fp16-dynamic: scale backoff on inf/NaN (default 0.5)",
         number("--backoff", 1e-30, 0.9999999, "a number between 0 and 1",
                [&c](double x) { c.scaler.backoffFactor = float(x); })},
        {"--growth-interval", "N", "fp16-dynamic: good steps before the scale grows (default 2000)",
         whole("--growth-interval", 1, 1'000'000'000, [&c](long long x) { c.scaler.growthInterval = int(x); })},
        {"--min-scale", "X", "the run stops when the dynamic scale falls below this (default 2^-24)",
         number("--min-scale", kScaleLow, kScaleHigh, kScaleRange, [&c](double x) { c.minScale = float(x); })},
        {"--loss-weight", "X", "multiply the loss by X (default: the data set's, 2^-20 for tiny-grad)",
         number("--loss-weight", kScaleLow, kScaleHigh, kScaleRange, [&c](double x) { c.lossWeight = float(x); })},
        {"--amax-history", "N", "fp8-delayed: amaxes kept per tensor (default 1024)",
         whole("--amax-history", 1, 65536, [&c](long long x) { c.fp8.amaxHistory = int(x); })},
        {"--amax-algo", "A", "fp8-delayed: max (default) or most-recent amax of the history",
         [&c](std::string_view v, std::string& error) {
             const auto a = parseAmaxAlgoName(v);
             if (a) c.fp8.algo = *a;
             else error = "--amax-algo is max or most-recent (got " + quoted(v) + ")";
             return a.has_value();
         }},
        {"--margin", "M", "fp8-delayed/-current: scale for amax * 2^M (default 0)",
         whole("--margin", 0, 32, [&c](long long x) { c.fp8.margin = int(x); })},
        {"--scale-rule", "R",
         "fp8-block: a block's scale, fp32 (default: amax/448, DeepSeek-V3) or a power of two (E8M0) by "
         "ocp, round-up (never saturates) or nearest, as quantize's rules",
         [&c, &options](std::string_view v, std::string& error) {
             const auto rule = blockscale::parseScaleRule(v);
             if (rule) c.fp8.blockRule = *rule;
             else
                 error = "unknown scale rule " + quoted(v) +
                         " (known: " + std::string(blockscale::knownScaleRuleNames()) + ")";
             options.scaleRuleGiven = rule.has_value();
             return rule.has_value();
         }},
        {"--outlier-step", "N", "scripted outlier: at step N one input feature becomes --outlier-value",
         whole("--outlier-step", 0, 10'000'000, [&c](long long x) { c.outlierStep = int(x); })},
        {"--outlier-value", "X", "the scripted outlier's value (default 1e5)",
         number("--outlier-value", -3e38, 3e38, "a finite number", [&c](double x) { c.outlierValue = float(x); })},
        {"--every", "N", "print every N-th step (default: all up to 100 steps, else about 100 lines)",
         whole("--every", 1, 1'000'000'000, [&options](long long x) { options.every = x; })},
        {"--grid", "FILE", "the decision boundary after training: x,y,class on a 100x100 grid (CSV)",
         setText(options.gridPath)},
    };
    t.notes = "Numbers take decimals or powers of two: 0.001, 1e-3, 2^-10.\n"
              "\n"
              "Exit status: 0 when the run ended (finished, diverged or scale collapsed: the summary says which),\n"
              "1 a file could not be written, 2 usage, 4 --backend gpu or --compare without a usable GPU (or a CUDA\n"
              "error: the run's status is then failed), 5 --compare found the runs different.\n";
    return t;
}

} // namespace

std::vector<OptionTable> trainOptionTables() {
    static TrainOptions unused;
    static bool unusedLr = false;
    return {trainOptions(unused, unusedLr)};
}

std::optional<int> parseTrainOptions(std::span<const std::string_view> args, CommandIo io, TrainOptions& options) {
    TrainingConfig& c = options.config;
    bool lrGiven = false;
    if (const std::optional<int> code = parseOptions(trainOptions(options, lrGiven), args, io)) return code;
    const auto usage = [&](const std::string& message) {
        io.err << "fplab-cli train: " << message << "\n";
        return kExitUsage;
    };
    if (!lrGiven && c.optimizer.kind == OptimizerKind::Sgd) c.optimizer.learningRate = 0.1f;
    if (std::string e = checkConfig(c); !e.empty()) return usage(e);
    if (options.scaleRuleGiven && policyFor(c.mode).fp8 != Fp8Recipe::Block)
        return usage("--scale-rule is for --mode fp8-block (the block recipe), not " + std::string(modeName(c.mode)));
    if ((options.gpu || options.compare) && !options.gridPath.empty())
        return usage("--grid needs the CPU emulator (--backend cpu, no --compare)");
    if (options.every <= 0) options.every = c.steps <= 100 ? 1 : (c.steps + 99) / 100;
    return std::nullopt;
}

} // namespace fplab::cli::train
