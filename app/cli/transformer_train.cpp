// The tiny transformer of core/training/transformer trained on the CPU emulator, on the addition task or a
// UTF-8 text file, printing the loss, the held-out accuracy and, when one happens, the first operation that
// overflowed or was invalid; optionally every step's per-layer series as CSV and the dtype trace.
#include "app/cli/transformer_train.h"

#include "app/cli/cli_options.h"
#include "app/cli/train_options.h"
#include "app/cli/train_text.h"
#include "app/cli/transformer_backend.h"
#include "gpu/gpu_error.h"
#include "gpu/training/transformer/gpu_transformer_kernels.h"
#include "core/platform/atomic_file.h"
#include "core/preset_format.h"
#include "core/text/print.h"
#include "core/training/transformer/text_file.h"
#include "core/training/transformer/text_task.h"
#include "core/training/transformer/transformer_csv.h"
#include "core/training/transformer/transformer_run.h"

#include <cmath>
#include <ctime>
#include <iomanip>
#include <iterator>
#include <memory>
#include <ostream>
#include <sstream>

namespace fplab::cli {
namespace {

using namespace fplab::training;
using train::number;
using train::whole;

struct TransformerOptions {
    TransformerRunSettings run;
    TransformerPreset preset = TransformerPreset::Fp32;
    bool unshiftedSoftmax = false;
    std::string overrides;
    std::optional<WeightStorage> weights;
    std::optional<tc::Arch> tensorCore;
    bool textTask = false;
    std::string textPath;
    std::string csvPath;
    bool traceDtypes = false;
    int steps = 800;
    int every = 100;
    bool time = false;
    bool flags = false;
    TransformerBackendOptions backend; // train only
};

std::string commandName(TransformerCommand c) { return c == TransformerCommand::Gpt ? "gpt" : "train"; }

OptionTable transformerOptions(TransformerCommand command, TransformerOptions& o) {
    const bool gpt = command == TransformerCommand::Gpt;
    TransformerShape& s = o.run.shape;
    if (!gpt) {
        s.dim = 64;
        s.context = 32;
    }
    OptionTable t;
    t.command = commandName(command);
    t.description =
        "Trains a decoder-only transformer on the CPU emulator, every operation computed by the soft-float core\n"
        "in the format its operation class has in its layer, with Adam: on addition (\"12+34=\" then the sum's\n"
        "digits, least significant first; one pair in ten held out, exact match) or on a UTF-8 text file\n"
        "(characters as tokens, the last tenth held out, next-character accuracy). Prints the loss every N steps\n"
        "and the held-out accuracy; stops at the first step with an overflow or invalid operation (a step the\n"
        "loss scaler skips goes on) and reports the first one in program order: pass, layer, tensor, operation,\n"
        "element, operands and result.\n";
    t.options = {
        {"--preset", "P",
         "fp32 (default), fp16-autocast (with GradScaler), bf16-autocast, fp16 (every\n"
         "operation class in FP16), fp8-delayed, fp8-block, fp8-bf16-edges",
         setNamed(o.preset, parseTransformerPresetName, "preset",
                  "fp32, fp16-autocast, bf16-autocast, fp16, fp8-delayed, fp8-block, fp8-bf16-edges")},
        {"--precision", "LIST",
         "overrides after the preset, OP=FORMAT or OP@LAYER=FORMAT, comma-separated\n"
         "(softmax=fp16,residual@1=bf16); OP: query key value attn-out mlp-up mlp-down\n"
         "scores softmax layernorm gelu residual gradient logits cross-entropy optimizer",
         setText(o.overrides)},
        {"--unshifted-softmax", "", "attention softmax without subtracting the row maximum",
         setFlag(o.unshiftedSoftmax)},
        {"--weights", "W",
         "fp32 (default), bf16 (no FP32 copy, updates rounded to nearest) or\n"
         "bf16-stochastic (no FP32 copy, updates rounded stochastically, seeded)",
         [&o](std::string_view v, std::string& error) {
             o.weights = parseWeightStorageName(v);
             if (!o.weights) error = "--weights is fp32, bf16 or bf16-stochastic (got " + quoted(v) + ")";
             return error.empty();
         }},
        {"--tensor-core", "sm80|sm90",
         "FP16/BF16 projections, MLP and LM head on that architecture's tensor-core\n"
         "model (core/tensor_core) instead of chains of fused multiply-adds",
         [&o](std::string_view v, std::string& error) {
             if (v == "sm80") o.tensorCore = tc::Arch::Sm80;
             else if (v == "sm90") o.tensorCore = tc::Arch::Sm90;
             else error = "--tensor-core is sm80 or sm90 (got " + quoted(v) + ")";
             return error.empty();
         }},
        {"--task", "T", "addition (default) or text (then --text FILE)",
         [&o](std::string_view v, std::string& error) {
             if (v != "addition" && v != "text") error = "--task is addition or text (got " + quoted(v) + ")";
             o.textTask = v == "text";
             return error.empty();
         }},
        {"--text", "FILE", "the UTF-8 text of --task text (at most 64 MiB)", setText(o.textPath)},
        {"--swiglu", "", "the MLP as SwiGLU, silu(x W3) * x W1, instead of GELU", setFlag(s.swiglu)},
        {"--layers", "N", "transformer blocks (default 2)",
         whole("--layers", 1, 64, [&s](long long x) { s.layers = int(x); })},
        {"--heads", "N", "attention heads, dividing --dim (default 4)",
         whole("--heads", 1, 1024, [&s](long long x) { s.heads = int(x); })},
        {"--dim", "N", gpt ? "model width (default 32)" : "model width (default 64)",
         whole("--dim", 1, 1024, [&s](long long x) { s.dim = int(x); })},
        {"--context", "N",
         gpt ? "positions the model has, at least 3 x digits + 2 (default 16)"
             : "positions the model has, at least 3 x digits + 2 (default 32)",
         whole("--context", 1, 1024, [&s](long long x) { s.context = int(x); })},
        {"--digits", "N", "digits of each addend, 1 to 4 (default 2)",
         whole("--digits", 1, 4, [&o](long long x) { o.run.digits = int(x); })},
        {"--steps", "N", "optimizer steps (default 800)",
         whole("--steps", 1, 10'000'000, [&o](long long x) { o.steps = int(x); })},
        {"--batch", "N", "sequences per step (default 32)",
         whole("--batch", 1, 4096, [&o](long long x) { o.run.batch = int(x); })},
        {"--lr", "X", "Adam's learning rate (default 0.003)",
         number("--lr", 1e-6, 0.5, "a number from 1e-6 to 0.5", [&o](double x) { o.run.learningRate = float(x); })},
        {"--seed", "S", "task split, initial weights, batches and stochastic rounding (default 1)",
         whole("--seed", 0, 1LL << 53, [&o](long long x) { o.run.seed = std::uint64_t(x); })},
        {"--every", "N", "print the loss every N steps (default 100)",
         whole("--every", 1, 10'000'000, [&o](long long x) { o.every = int(x); })},
        {"--csv", "FILE", "every step's loss, scale and updates lost, and each layer's series", setText(o.csvPath)},
        {"--trace-dtypes", "", "after the first step, what each operation class of each layer ran in",
         setFlag(o.traceDtypes)},
        {"--time", "", "also print steps per second of CPU time (the process's, from std::clock)", setFlag(o.time)},
        {"--flags", "", "after the last step, every tensor of it whose operations raised a flag other than inexact",
         setFlag(o.flags)},
    };
    if (!gpt) {
        const std::vector<Option> backend = transformerBackendOptions(o.backend);
        t.options.insert(t.options.begin(), backend.begin(), backend.end());
    }
    if (!gpt)
        t.options.insert(t.options.begin(), {"--model", "transformer",
                                             "the transformer (these options); mlp: the toy model (train --help)",
                                             [](std::string_view v, std::string& error) {
                                                 if (v != "transformer")
                                                     error = "--model is mlp or transformer (got " + quoted(v) + ")";
                                                 return error.empty();
                                             }});
    return t;
}

// The transformer computes in presets only: a Custom id cannot reach a report or trace.
const Format& formatById(FormatId id) {
    const Format* f = presetFormat(id);
    return f ? *f : kFp32;
}

std::string valueText(FormatId format, std::uint64_t bits) {
    const Format& f = formatById(format);
    return hexBits(f, bits) + " (" + shortestDecimal(f, bits) + ")";
}

std::string layerText(int layer) { return layer < 0 ? "outside the blocks" : "layer " + std::to_string(layer); }

void printOverflow(std::ostream& out, int step, const OverflowReport& r) {
    out << "step " << step << ": first overflow or invalid operation\n";
    out << "  " << passName(r.site.pass) << ", " << layerText(r.site.layer) << ", tensor " << r.site.tensor
        << ", operation " << r.operation << ", element " << r.element << "\n";
    out << "  " << formatById(r.format).name() << ":";
    for (std::uint64_t operand : r.operands) out << " " << valueText(r.format, operand);
    out << " -> " << valueText(r.format, r.result) << ", flags " << flagNames(r.flags) << "\n";
}

void printTensorFlags(std::ostream& out, const EmulatedOps& ops) {
    out << "flags of the last step's tensors (inexact left out):\n";
    int shown = 0;
    for (const TensorFlags& t : ops.tensorFlags()) {
        if (!(t.flags & ~kInexact)) continue;
        ++shown;
        out << "  " << passName(t.site.pass) << ", " << layerText(t.site.layer) << ", " << t.site.tensor << ": "
            << flagNames(t.flags) << "\n";
    }
    if (shown == 0) out << "  none\n";
}

std::string_view recipeText(Fp8Recipe r) {
    switch (r) {
    case Fp8Recipe::Delayed: return "delayed scaling";
    case Fp8Recipe::Current: return "current scaling";
    case Fp8Recipe::Block: return "block scaling";
    default: return "";
    }
}

void printDtypeTrace(std::ostream& out, const std::vector<PrecisionTraceEntry>& trace) {
    out << "dtype trace of step 1 (layer, operation class, pass: operands, accumulation -> stored):\n";
    for (const PrecisionTraceEntry& t : trace) {
        out << "  " << std::left << std::setw(19) << layerText(t.layer) << std::setw(14) << transformerOpName(t.op)
            << std::setw(9)
            << (t.op == TransformerOp::OptimizerState ? "update"
                : t.backward                          ? "backward"
                                                      : "forward")
            << formatById(t.format).name();
        if (t.accumulate != t.format || t.output != t.format || t.fp8 != Fp8Recipe::None)
            out << ", " << formatById(t.accumulate).name() << " -> " << formatById(t.output).name();
        if (t.fp8 != Fp8Recipe::None) out << " (fp8, " << recipeText(t.fp8) << ")";
        if (t.tensorCore) out << " (tensor core, " << (*t.tensorCore == tc::Arch::Sm80 ? "sm80" : "sm90") << ")";
        out << "\n";
    }
}

// The task the options ask for, or nullptr after printing why not, with the exit code in `code`.
std::shared_ptr<const TokenTask> makeTask(const TransformerOptions& o, const std::string& name, CommandIo io,
                                          int& code) {
    code = kExitUsage;
    if (!o.textTask) {
        if (!o.textPath.empty()) {
            io.err << "fplab-cli " << name << ": --text FILE needs --task text\n";
            return nullptr;
        }
        return std::make_shared<AdditionTask>(o.run.digits, o.run.seed);
    }
    if (o.textPath.empty()) {
        io.err << "fplab-cli " << name << ": --task text needs --text FILE\n";
        return nullptr;
    }
    code = kExitBadInput;
    const TextFile file = readTextFile(o.textPath);
    const std::string path = quoted(o.textPath, 200);
    const auto fail = [&io, &name](const std::string& why) {
        io.err << "fplab-cli " << name << ": " << why << "\n";
        return nullptr;
    };
    switch (file.problem) {
    case TextFileProblem::None: break;
    case TextFileProblem::CannotOpen: return fail("cannot open " + path);
    case TextFileProblem::TooLarge: return fail(path + " is larger than 64 MiB");
    case TextFileProblem::CannotRead: return fail("cannot read " + path);
    }
    std::string error;
    std::unique_ptr<TextTask> task = TextTask::fromUtf8(file.bytes, o.run.shape.context, error);
    if (!task) {
        io.err << "fplab-cli " << name << ": " << quoted(o.textPath, 200) << ": " << error << "\n";
        return nullptr;
    }
    return task;
}

std::string taskText(const TransformerOptions& o, const TokenTask& task) {
    if (!o.textTask) return std::to_string(o.run.digits) + "-digit addition";
    return "text (" + std::to_string(task.vocab()) + " characters)";
}

// One step; a GPU failure (a CUDA call that failed) is printed with what the kernels say it was, and nothing
// is returned.
std::optional<TransformerStep> stepOrReport(TransformerRun& run, const std::string& name, CommandIo io) {
    try {
        return run.step();
    } catch (const gpu::GpuError& e) {
        io.err << "fplab-cli " << name << ": " << run.describeFailure(e) << "\n";
        return std::nullopt;
    }
}

// The run's first line (without its newline): the task, the model, the precision, the batch and the learning rate.
std::string headerText(const std::string& name, const TransformerOptions& o, const TokenTask& task,
                       const TransformerModel& model) {
    std::ostringstream out;
    const TransformerShape& s = model.shape();
    out << name << ": " << taskText(o, task) << ", dim " << s.dim << ", " << s.layers
        << (s.layers == 1 ? " layer, " : " layers, ") << s.heads << " heads, context " << s.context << ", "
        << model.parameterCount() << " parameters" << (s.swiglu ? ", SwiGLU" : "") << ", preset "
        << transformerPresetName(o.preset) << (o.unshiftedSoftmax ? " (unshifted softmax)" : "");
    if (!o.overrides.empty()) out << " with " << o.overrides;
    if (o.tensorCore) out << ", tensor cores " << (*o.tensorCore == tc::Arch::Sm80 ? "sm80" : "sm90");
    if (o.run.precision.weights != WeightStorage::Fp32)
        out << ", weights " << weightStorageName(o.run.precision.weights);
    out << ", batch " << o.run.batch << ", Adam lr " << o.run.learningRate;
    return out.str();
}

} // namespace

bool asksForTransformer(std::span<const std::string_view> args) {
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--model" && args[i + 1] == "transformer") return true;
    return false;
}

OptionTable transformerOptionTable(TransformerCommand command) {
    static TransformerOptions unused;
    return transformerOptions(command, unused);
}

int runTransformerTraining(TransformerCommand command, std::span<const std::string_view> args, CommandIo io) {
    const std::string name = commandName(command);
    TransformerOptions o;
    if (const std::optional<int> code = parseOptions(transformerOptions(command, o), args, io)) return *code;
    o.run.precision = transformerPreset(o.preset, o.run.shape.layers);
    if (o.unshiftedSoftmax) {
        o.run.precision.layer.softmaxSubtractsMax = false;
        for (auto& [index, layer] : o.run.precision.layers) layer.softmaxSubtractsMax = false;
    }
    if (o.weights) o.run.precision.weights = *o.weights;
    if (std::string error = applyPrecisionOverrides(o.run.precision, o.overrides); !error.empty()) {
        io.err << "fplab-cli " << name << ": --precision " << error << "\n";
        return kExitUsage;
    }
    if (o.tensorCore) useTensorCores(o.run.precision, *o.tensorCore);
    for (const auto& [layer, precision] : o.run.precision.layers) {
        if (layer >= o.run.shape.layers) {
            io.err << "fplab-cli " << name << ": --precision names layer " << layer << " of a model with "
                   << o.run.shape.layers << " layers\n";
            return kExitUsage;
        }
    }
    std::vector<std::string> emulatorOnly;
    if (o.traceDtypes) emulatorOnly.push_back("--trace-dtypes");
    if (o.flags) emulatorOnly.push_back("--flags");
    if (!o.csvPath.empty()) emulatorOnly.push_back("--csv");
    if (const std::optional<int> code = refuseOnGpu(o.backend, o.run.precision, emulatorOnly, io)) return *code;
    int taskCode = kExitOk;
    const std::shared_ptr<const TokenTask> task = makeTask(o, name, io, taskCode);
    if (!task) return taskCode;
    if (std::string error = checkTransformerRunSettings(o.run, *task); !error.empty()) {
        io.err << "fplab-cli " << name << ": " << error << "\n";
        return kExitUsage;
    }
    platform::AtomicFile csvFile(o.csvPath);
    if (!o.csvPath.empty()) {
        if (const std::optional<std::string> error = csvFile.open()) {
            io.err << "fplab-cli " << name << ": cannot write " << quoted(o.csvPath, 200) << ": " << *error << "\n";
            return kExitOutput;
        }
        csvFile.stream() << transformerCsvHeader(o.run.shape.layers);
    }
    // --backend gpu and --compare: the GPU's run first, so that a GPU that cannot run says so before any training.
    std::unique_ptr<TransformerRun> gpuRun;
    try {
        if (o.backend.onGpu())
            gpuRun = std::make_unique<TransformerRun>(o.run, task, gpu::cudaTransformerKernelsFactory());
    } catch (const gpu::GpuError& e) {
        io.err << "fplab-cli " << name << ": " << gpu::gpuErrorKindName(e.kind()) << ": " << e.what() << "\n";
        return kExitNoGpu;
    }
    std::unique_ptr<TransformerRun> emulatorRun = o.backend.gpu ? nullptr
                                                                : std::make_unique<TransformerRun>(o.run, task);
    TransformerRun& run = emulatorRun ? *emulatorRun : *gpuRun;
    const std::string header = headerText(name, o, *task, run.model());
    if (o.backend.compare)
        return compareTransformerRuns(*emulatorRun, *gpuRun, o.run.precision, header, o.steps, o.every, io);
    io.out << header << (o.backend.gpu ? ", on gpu (" + gpuDeviceName() + ")" : std::string()) << "\n";
    if (!o.traceDtypes) io.out << "step  loss\n";
    const std::clock_t start = std::clock();
    int done = 0;
    std::int64_t attempted = 0, lost = 0;
    for (int i = 0; i < o.steps; ++i) {
        std::optional<TransformerStep> stepped = stepOrReport(run, name, io);
        if (!stepped) return kExitNoGpu;
        const TransformerStep& step = *stepped;
        done = step.step;
        attempted += step.updatesAttempted;
        lost += step.updatesLost;
        if (step.step == 1 && o.traceDtypes) {
            printDtypeTrace(io.out, run.precisionTrace());
            io.out << "step  loss\n";
        }
        if (!o.csvPath.empty()) csvFile.stream() << transformerCsvLine(transformerCsvRow(step));
        if (step.step % o.every == 0 || step.step == o.steps || step.overflow || run.over()) {
            io.out << std::left << std::setw(6) << step.step << std::setprecision(6);
            if (std::isnan(step.loss)) io.out << "nan"; // the same word on every C library
            else io.out << step.loss;
            if (step.skipped) io.out << "  skipped, scale " << step.scale << " -> " << run.lossScale();
            io.out << "\n";
        }
        if (step.overflow) {
            printOverflow(io.out, step.step, *step.overflow);
            if (!step.skipped) break;
        }
        if (run.over()) break; // diverged: a non-finite loss without a loss scaler
    }
    if (o.flags) printTensorFlags(io.out, run.lastStep());
    const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
    if (o.run.precision.weights != WeightStorage::Fp32 && run.emulated())
        io.out << "updates lost to the weights' rounding: " << lost << " of " << attempted << "\n";
    double accuracy = 0;
    try {
        accuracy = run.heldOutAccuracy();
    } catch (const gpu::GpuError& e) {
        io.err << "fplab-cli " << name << ": " << run.describeFailure(e) << "\n";
        return kExitNoGpu;
    }
    io.out << "held-out " << task->accuracyName() << ": " << std::fixed << std::setprecision(1) << 100.0 * accuracy
           << "%\n";
    if (o.time && seconds > 0) io.out << "steps per CPU second: " << std::setprecision(1) << done / seconds << "\n";
    if (!o.csvPath.empty()) {
        if (const std::optional<std::string> error = csvFile.commit()) {
            io.err << "fplab-cli " << name << ": cannot write " << quoted(o.csvPath, 200) << ": " << *error << "\n";
            return kExitOutput;
        }
        io.out << "every step written to " << o.csvPath << "\n";
    }
    return kExitOk;
}

} // namespace fplab::cli
