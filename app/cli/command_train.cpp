// `fplab-cli train`: the toy model's mixed-precision training on the CPU emulator, with a
// per-step log (loss, scale, skipped, underflow), a summary, optional CSV of every step, the
// dtype trace of one step and the decision boundary as a grid of predictions.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "core/training/training_run.h"
#include "gpu/device_info.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <string>

namespace fplab::cli {
namespace {

using namespace fplab::training;

constexpr int kExitNoGpu = 4; // as `fplab-cli gpu`: the request needs a GPU that is not there

constexpr std::string_view kUsage =
    "usage: fplab-cli train [--mode M] [--backend cpu|gpu] [--steps N] [--csv FILE] [--seed S]\n"
    "                       [--dataset spirals|tiny-grad] [--optimizer sgd|adam] [--no-master-weights]\n"
    "                       [--trace-dtypes] [options]\n"
    "\n"
    "Trains the toy model (Linear -> ReLU -> LayerNorm, a Linear head, softmax cross-entropy) with every\n"
    "operation rounded to the type PyTorch autocast gives it, emulated on the CPU by the soft-float core.\n"
    "\n"
    "  --mode M              fp32 (default), tf32, fp16 (no loss scaling), fp16-static (constant scale),\n"
    "                        fp16-dynamic (GradScaler), bf16\n"
    "  --backend cpu|gpu     cpu: the emulator (default); gpu needs a CUDA build and a GPU\n"
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
    "  --every N             print every N-th step (default: all up to 100 steps, else about 100 lines)\n"
    "  --grid FILE           the decision boundary after training: x,y,class on a 100x100 grid (CSV)\n"
    "Numbers take decimals or powers of two: 0.001, 1e-3, 2^-10.\n"
    "\n"
    "Exit status: 0 when the run ended (finished, diverged or scale collapsed: the summary says which),\n"
    "1 a file could not be written, 2 usage, 4 --backend gpu without a usable GPU.\n";

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

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string general(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

// Settings as the user typed them (a float's shortest-looking form, not all its digits).
std::string setting(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// "2^-20" for a power of two, otherwise as setting() prints it.
std::string powerOrSetting(double v) {
    int e = 0;
    if (v > 0 && std::frexp(v, &e) == 0.5) return "2^" + std::to_string(e - 1);
    return setting(v);
}

std::string padLeft(std::string s, std::size_t width) { return s.size() >= width ? s : std::string(width - s.size(), ' ') + s; }
std::string padRight(std::string s, std::size_t width) { return s.size() >= width ? s : s + std::string(width - s.size(), ' '); }

std::string_view modeDescription(TrainingMode m) {
    switch (m) {
    case TrainingMode::Fp32: return "float32 throughout";
    case TrainingMode::Tf32: return "float32, matmul inputs rounded to TF32";
    case TrainingMode::Fp16: return "float16 autocast, no loss scaling";
    case TrainingMode::Fp16Static: return "float16 autocast, constant loss scale";
    case TrainingMode::Fp16Dynamic: return "float16 autocast, dynamic loss scale (GradScaler)";
    case TrainingMode::Bf16: return "bfloat16 autocast, no loss scaling";
    }
    return "";
}

void printTrace(const TrainingRun& run, std::ostream& out) {
    out << "dtype of every tensor of one step (" << modeName(run.config().mode) << "):\n";
    out << "  " << padRight("tensor", 40) << padRight("dtype", 10) << padRight("shape", 10) << "role\n";
    for (const TraceEntry& t : run.dtypeTrace())
        out << "  " << padRight(t.name, 40) << padRight(std::string(dtypeName(t.dtype)), 10)
            << padRight(std::to_string(t.rows) + "x" + std::to_string(t.cols), 10) << roleName(t.role)
            << (t.savedForBackward ? ", saved for backward" : "") << "\n";
    out << "\n";
}

void writeCsvHeader(std::ostream& csv, const TrainingRun& run) {
    csv << "step,loss,accuracy,scale,scale_after,growth_tracker,skipped,nonfinite_grad,grad_norm,clipped,"
           "grad_elements,grad_nonzero,underflow,subnormal,overflow,underflow_fraction,subnormal_fraction,"
           "overflow_fraction,updates_attempted,updates_vanished";
    for (const Parameter& p : run.model().parameters()) csv << ",update_ratio_" << p.name;
    csv << "\n";
}

void writeCsvRow(std::ostream& csv, const StepRecord& r) {
    const Fp16WindowCounts& w = r.window;
    csv << r.step << "," << general(r.loss) << "," << general(r.accuracy) << "," << general(r.scale) << ","
        << general(r.scaleAfter) << "," << r.growthTracker << "," << (r.skipped ? 1 : 0) << ","
        << (r.nonFiniteGradients ? 1 : 0) << "," << general(r.gradNorm) << "," << (r.clipped ? 1 : 0) << ","
        << w.elements << "," << w.nonzero() << "," << w.underflow << "," << w.subnormal << "," << w.overflow << ","
        << general(w.underflowFraction()) << "," << general(w.subnormalFraction()) << ","
        << general(w.overflowFraction()) << "," << r.updatesAttempted << "," << r.updatesVanished;
    for (double u : r.updateRatio) csv << "," << general(u);
    csv << "\n";
}

void printStep(std::ostream& out, const StepRecord& r) {
    out << padLeft(std::to_string(r.step), 6) << "  " << padLeft(fixed(r.loss, 6), 10) << "  "
        << padLeft(general(r.scale), 11) << "  " << padLeft(r.skipped ? "yes" : "no", 7) << "  "
        << padLeft(fixed(r.window.underflowFraction(), 4), 9) << "  " << padLeft(fixed(r.window.subnormalFraction(), 4), 9)
        << "  " << padLeft(fixed(r.window.overflowFraction(), 4), 8) << "\n";
}

int runTrain(std::span<const std::string_view> args, CommandIo io) {
    TrainingConfig c;
    bool gpu = false, trace = false;
    bool lrGiven = false;
    std::string csvPath, gridPath;
    long long every = 0;
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
            trace = true;
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
            if (!m) return usage("unknown mode " + quoted(v) + " (fp32, tf32, fp16, fp16-static, fp16-dynamic, bf16)");
            c.mode = *m;
        } else if (name == "--backend") {
            if (v != "cpu" && v != "gpu") return usage("--backend is cpu or gpu (got " + quoted(v) + ")");
            gpu = v == "gpu";
        } else if (name == "--dataset") {
            const auto d = parseDatasetName(v);
            if (!d) return usage("unknown data set " + quoted(v) + " (spirals, tiny-grad)");
            c.dataset = *d;
        } else if (name == "--optimizer") {
            const auto o = parseOptimizerName(v);
            if (!o) return usage("unknown optimizer " + quoted(v) + " (sgd, adam)");
            c.optimizer.kind = *o;
        } else if (name == "--csv") {
            csvPath = std::string(v);
        } else if (name == "--grid") {
            gridPath = std::string(v);
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
            else every = *x;
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

    if (gpu) {
        const gpu::DeviceQuery& q = gpu::queryDevices();
        if (!q.available)
            io.err << "fplab-cli train: --backend gpu: no usable GPU (" << q.reason
                   << "); the CPU emulator runs the same training bit for bit as it models it: use --backend cpu\n";
        else
            io.err << "fplab-cli train: --backend gpu: training on the GPU is not implemented yet; "
                      "use --backend cpu (the emulator of the same arithmetic)\n";
        return kExitNoGpu;
    }

    std::ofstream csv;
    if (!csvPath.empty()) {
        csv.open(csvPath, std::ios::binary);
        if (!csv) {
            io.err << "fplab-cli train: cannot write " << quoted(csvPath, 200) << "\n";
            return kExitBadInput;
        }
    }

    TrainingRun run(c);
    const TrainingConfig& cfg = run.config();
    const Dataset& data = run.dataset();
    const ModelShape& shape = run.model().shape();
    io.out << "mode " << modeName(cfg.mode) << ": " << modeDescription(cfg.mode)
           << (run.policy().autocast() ? (cfg.masterWeights ? ", float32 master weights" : ", master weights off") : "")
           << "\n";
    io.out << "data " << data.name << ": " << data.size() << " points, " << data.classes << " classes"
           << (cfg.lossWeight != 1.0f ? ", loss weight " + powerOrSetting(cfg.lossWeight) : "") << "; seed " << cfg.seed << "\n";
    io.out << "model " << shape.inputs << " -> " << shape.width << " (x" << shape.depth << " Linear/ReLU/LayerNorm) -> "
           << shape.classes << ", " << run.model().parameterCount() << " parameters; "
           << optimizerName(cfg.optimizer.kind) << " lr " << setting(cfg.optimizer.learningRate) << ", batch "
           << cfg.batchSize << (cfg.accumulationSteps > 1 ? " x " + std::to_string(cfg.accumulationSteps) + " micro-batches" : "")
           << (cfg.clipNorm > 0 ? ", clip " + setting(cfg.clipNorm) : "") << "; backend cpu (emulated)\n\n";
    if (trace) printTrace(run, io.out);
    if (csv) writeCsvHeader(csv, run);

    if (every <= 0) every = cfg.steps <= 100 ? 1 : (cfg.steps + 99) / 100;
    io.out << "  step        loss        scale  skipped  underflow  subnormal  overflow\n";
    int skipped = 0;
    double underflowSum = 0;
    std::int64_t attempted = 0, vanished = 0;
    while (const StepRecord* r = run.step()) {
        if (r->skipped) ++skipped;
        attempted += r->updatesAttempted;
        vanished += r->updatesVanished;
        underflowSum += r->window.underflowFraction();
        if (r->step % every == 0 || r->step == 1 || r->skipped || r->step == cfg.steps || run.over()) printStep(io.out, *r);
        if (csv) writeCsvRow(csv, *r);
    }
    const RunState s = run.state();
    const std::vector<StepRecord>& h = run.history();
    const Evaluation e = run.evaluate();
    const MemoryReport m = run.memory();
    io.out << "\nsummary\n";
    io.out << "  status: " << statusName(s.status) << " (" << s.message << ")\n";
    if (!h.empty()) io.out << "  last step loss: " << fixed(h.back().loss, 6) << "\n";
    io.out << "  whole data set: loss " << fixed(e.loss, 6) << ", accuracy " << fixed(100.0 * e.accuracy, 2) << "%\n";
    io.out << "  skipped steps: " << skipped << " of " << h.size();
    if (run.policy().scaling != LossScaling::None) io.out << "; final scale " << general(s.scale);
    io.out << "\n";
    io.out << (run.policy().lowType == DType::Float16
                   ? "  mean underflow fraction (nonzero gradients rounded to zero in float16): "
                   : "  mean underflow fraction (nonzero gradients float16 would round to zero; this run keeps them): ")
           << fixed(h.empty() ? 0.0 : underflowSum / double(h.size()), 4) << "\n";
    io.out << "  weight updates rounded away (computed update nonzero, stored weight unchanged): " << vanished << " of "
           << attempted << " (" << fixed(attempted ? 100.0 * double(vanished) / double(attempted) : 0.0, 2) << "%)\n";
    io.out << "  memory (bytes): weights " << m.weights << ", master " << m.master << ", gradients " << m.gradients
           << ", optimizer " << m.optimizer << ", activations " << m.activations << " (one micro-batch); total "
           << m.total() << "\n";
    if (csv) {
        csv.close();
        if (!csv) {
            io.err << "fplab-cli train: writing " << quoted(csvPath, 200) << " failed\n";
            return kExitBadInput;
        }
        io.out << "  every step written to " << csvPath << "\n";
    }
    if (!gridPath.empty()) {
        std::ofstream grid(gridPath, std::ios::binary);
        if (!grid) {
            io.err << "fplab-cli train: cannot write " << quoted(gridPath, 200) << "\n";
            return kExitBadInput;
        }
        const PredictionGrid g = run.predictionGrid(100, 100);
        grid << "x,y,class\n";
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                grid << general(g.xAt(i)) << "," << general(g.yAt(j)) << "," << g.classes[std::size_t(j) * g.nx + i] << "\n";
        io.out << "  decision boundary (100x100 grid) written to " << gridPath << "\n";
    }
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("train", "train the toy model in fp32/tf32/fp16/bf16 on the CPU emulator: loss, scale, underflow",
                  runTrain);

} // namespace fplab::cli
