// Parsing of `fplab-cli train`'s options: names, ranges and numbers (decimals or powers of two),
// with a usage error that names the option and the value.
#include "app/cli/train_options.h"

#include "app/cli/cli_options.h"
#include "core/training/datasets.h"
#include "core/training/optimizer.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <ostream>

namespace fplab::cli::train {
namespace {

using namespace fplab::training;

constexpr std::string_view kUsage =
    "usage: fplab-cli train [--mode M] [--backend cpu|gpu | --compare] [--steps N] [--csv FILE] [--seed S]\n"
    "                       [--dataset spirals|tiny-grad] [--optimizer sgd|adam] [--no-master-weights]\n"
    "                       [--trace-dtypes] [options]\n"
    "\n"
    "Trains the toy model (Linear -> ReLU -> LayerNorm, a Linear head, softmax cross-entropy) with every\n"
    "operation rounded to the type PyTorch autocast gives it, emulated on the CPU by the soft-float core,\n"
    "or on the GPU (tensor-core matmuls, FP32 accumulation, the rest in CUDA kernels).\n"
    "\n"
    "  --mode M              fp32 (default), tf32, fp16 (no loss scaling), fp16-static (constant scale),\n"
    "                        fp16-dynamic (GradScaler), bf16, and FP8 linear layers on the Hopper FP8\n"
    "                        tensor-core model (CPU only): fp8-delayed (per-tensor scales from an amax\n"
    "                        history, Transformer Engine), fp8-current (from the tensor itself), fp8-block\n"
    "                        (DeepSeek-V3: 1x128 and 128x128 block scales, FP32 promotion every 128)\n"
    "  --backend cpu|gpu     cpu: the emulator (default); gpu needs a CUDA build and a GPU (no gradient\n"
    "                        statistics; the summary gives steps/s on either)\n"
    "  --compare             run the emulator and the GPU side by side and compare every step (loss,\n"
    "                        scale, skipped, weights) within a relative tolerance; --csv then gets the\n"
    "                        comparison\n"
    "  --steps N             optimizer steps (default 500)\n"
    "  --csv FILE            every step's record as CSV\n"
    "  --seed S              data, initial weights and batch order (default 1)\n"
    "  --dataset D           spirals (default; 3 classes) or tiny-grad (loss weighted by 2^-20)\n"
    "  --optimizer O         adam (default, lr 0.01) or sgd (momentum 0.9, lr 0.1)\n"
    "  --no-master-weights   keep parameters, gradients and optimizer state in the 16-bit type\n"
    "  --trace-dtypes        print the dtype of every tensor of one step before training\n"
    "  --lr X  --momentum X  --clip X (global norm, 0 off)  --weight-decay X\n"
    "  --width N (64)  --depth N (1)  --batch N (64)  --accumulate N (micro-batches per step, 1)\n"
    "  --scale X             fp16-static's constant scale (default 1024)\n"
    "  --init-scale X (2^16)  --growth-factor X (2)  --backoff X (0.5)  --growth-interval N (2000)\n"
    "  --min-scale X         the run stops when the dynamic scale falls below this (default 2^-24)\n"
    "  --loss-weight X       multiply the loss by X (default: the data set's, 2^-20 for tiny-grad)\n"
    "  --amax-history N      fp8-delayed: amaxes kept per tensor (default 1024)\n"
    "  --amax-algo A         fp8-delayed: max (default) or most-recent amax of the history\n"
    "  --margin M            fp8-delayed/-current: scale for amax * 2^M (default 0)\n"
    "  --outlier-step N  --outlier-value X   scripted outlier: at step N one input feature becomes X (1e5)\n"
    "  --every N             print every N-th step (default: all up to 100 steps, else about 100 lines)\n"
    "  --grid FILE           the decision boundary after training: x,y,class on a 100x100 grid (CSV)\n"
    "Numbers take decimals or powers of two: 0.001, 1e-3, 2^-10.\n"
    "\n"
    "Exit status: 0 when the run ended (finished, diverged or scale collapsed: the summary says which),\n"
    "1 a file could not be written, 2 usage, 4 --backend gpu or --compare without a usable GPU (or a CUDA\n"
    "error: the run's status is then failed), 5 --compare found the runs different.\n";

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

std::optional<long long> parseWhole(std::string_view text) {
    long long v = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
    return v;
}

} // namespace

std::optional<int> parseTrainOptions(std::span<const std::string_view> args, CommandIo io, TrainOptions& options) {
    TrainingConfig& c = options.config;
    bool lrGiven = false;
    ArgScanner scan(args);
    const auto usage = [&](const std::string& message) {
        io.err << "fplab-cli train: " << message << "\n";
        return kExitUsage;
    };
    while (!scan.done()) {
        std::string_view name;
        std::optional<std::string_view> inlineValue;
        if (!scan.nextOption(name, inlineValue)) return usage("unexpected argument " + quoted(scan.nextPositional()));
        if (name == "--help" || name == "-h") {
            io.out << kUsage;
            return kExitOk;
        }
        if (name == "--no-master-weights") {
            c.masterWeights = false;
            continue;
        }
        if (name == "--trace-dtypes") {
            options.trace = true;
            continue;
        }
        if (name == "--compare") {
            options.compare = true;
            continue;
        }
        const std::optional<std::string_view> value = scan.optionValue(inlineValue);
        if (!value) return usage(std::string(name) + " needs a value");
        const std::string_view v = *value;
        const auto number = [&](double low, double high, const char* what) -> std::optional<double> {
            const auto x = parseNumber(v);
            if (!x || *x < low || *x > high) {
                usage(std::string(name) + " takes " + what + " (got " + quoted(v) + ")");
                return std::nullopt;
            }
            return x;
        };
        const auto whole = [&](long long low, long long high) -> std::optional<long long> {
            const auto x = parseWhole(v);
            if (!x || *x < low || *x > high) {
                usage(std::string(name) + " takes a whole number from " + std::to_string(low) + " to " +
                      std::to_string(high) + " (got " + quoted(v) + ")");
                return std::nullopt;
            }
            return x;
        };
        if (name == "--mode") {
            const auto m = parseModeName(v);
            if (!m)
                return usage("unknown mode " + quoted(v) +
                             " (fp32, tf32, fp16, fp16-static, fp16-dynamic, bf16, fp8-delayed, fp8-current, fp8-block)");
            c.mode = *m;
        } else if (name == "--backend") {
            if (v != "cpu" && v != "gpu") return usage("--backend is cpu or gpu (got " + quoted(v) + ")");
            options.gpu = v == "gpu";
        } else if (name == "--dataset") {
            const auto d = parseDatasetName(v);
            if (!d) return usage("unknown data set " + quoted(v) + " (spirals, tiny-grad)");
            c.dataset = *d;
        } else if (name == "--optimizer") {
            const auto o = parseOptimizerName(v);
            if (!o) return usage("unknown optimizer " + quoted(v) + " (sgd, adam)");
            c.optimizer.kind = *o;
        } else if (name == "--csv") {
            options.csvPath = std::string(v);
        } else if (name == "--grid") {
            options.gridPath = std::string(v);
        } else if (name == "--steps") {
            const auto x = whole(1, 10'000'000);
            if (!x) return kExitUsage;
            c.steps = int(*x);
        } else if (name == "--seed") {
            const auto x = whole(0, (1LL << 53));
            if (!x) return kExitUsage;
            c.seed = std::uint64_t(*x);
        } else if (name == "--width" || name == "--depth" || name == "--batch" || name == "--accumulate" ||
                   name == "--growth-interval" || name == "--every") {
            const long long high = name == "--width" ? 4096 : name == "--depth" ? 16 : name == "--batch" ? 65536
                                 : name == "--accumulate" ? 1024 : 1'000'000'000;
            const auto x = whole(name == "--width" ? 2 : 1, high);
            if (!x) return kExitUsage;
            if (name == "--width") c.model.width = int(*x);
            else if (name == "--depth") c.model.depth = int(*x);
            else if (name == "--batch") c.batchSize = int(*x);
            else if (name == "--accumulate") c.accumulationSteps = int(*x);
            else if (name == "--growth-interval") c.scaler.growthInterval = int(*x);
            else options.every = *x;
        } else if (name == "--amax-algo") {
            const auto a = parseAmaxAlgoName(v);
            if (!a) return usage("--amax-algo is max or most-recent (got " + quoted(v) + ")");
            c.fp8.algo = *a;
        } else if (name == "--amax-history" || name == "--margin" || name == "--outlier-step") {
            const auto x = name == "--amax-history" ? whole(1, 65536) : name == "--margin" ? whole(0, 32)
                                                                                           : whole(0, 10'000'000);
            if (!x) return kExitUsage;
            if (name == "--amax-history") c.fp8.amaxHistory = int(*x);
            else if (name == "--margin") c.fp8.margin = int(*x);
            else c.outlierStep = int(*x);
        } else if (name == "--outlier-value") {
            const auto x = number(-3e38, 3e38, "a finite number");
            if (!x) return kExitUsage;
            c.outlierValue = float(*x);
        } else if (name == "--lr") {
            const auto x = number(1e-30, 1e30, "a positive number");
            if (!x) return kExitUsage;
            c.optimizer.learningRate = float(*x);
            lrGiven = true;
        } else if (name == "--momentum") {
            const auto x = number(0, 0.999999, "a number in [0, 1)");
            if (!x) return kExitUsage;
            c.optimizer.momentum = float(*x);
        } else if (name == "--clip") {
            const auto x = number(0, 1e30, "a number >= 0");
            if (!x) return kExitUsage;
            c.clipNorm = float(*x);
        } else if (name == "--weight-decay") {
            const auto x = number(0, 1e30, "a number >= 0");
            if (!x) return kExitUsage;
            c.optimizer.weightDecay = float(*x);
        } else if (name == "--scale" || name == "--init-scale" || name == "--min-scale" || name == "--loss-weight") {
            const auto x = number(0x1p-126, 0x1p127, "a positive number (2^-126 to 2^127)");
            if (!x) return kExitUsage;
            if (name == "--scale") c.staticScale = float(*x);
            else if (name == "--init-scale") c.scaler.initScale = float(*x);
            else if (name == "--min-scale") c.minScale = float(*x);
            else c.lossWeight = float(*x);
        } else if (name == "--growth-factor") {
            const auto x = number(1.0000001, 1e6, "a number greater than 1");
            if (!x) return kExitUsage;
            c.scaler.growthFactor = float(*x);
        } else if (name == "--backoff") {
            const auto x = number(1e-30, 0.9999999, "a number between 0 and 1");
            if (!x) return kExitUsage;
            c.scaler.backoffFactor = float(*x);
        } else {
            return usage("unknown option " + quoted(name) + " (see fplab-cli train --help)");
        }
    }
    if (!lrGiven && c.optimizer.kind == OptimizerKind::Sgd) c.optimizer.learningRate = 0.1f;
    if (std::string e = checkConfig(c); !e.empty()) return usage(e);
    if ((options.gpu || options.compare) && !options.gridPath.empty())
        return usage("--grid needs the CPU emulator (--backend cpu, no --compare)");
    if (options.every <= 0) options.every = c.steps <= 100 ? 1 : (c.steps + 99) / 100;
    return std::nullopt;
}

} // namespace fplab::cli::train
