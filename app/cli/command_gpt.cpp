// `fplab-cli gpt`: the tiny transformer of core/training/transformer trained on the addition task on
// the CPU emulator, printing the loss, the held-out exact-match accuracy and, when one happens, the
// first operation that overflowed or was invalid.
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"
#include "app/cli/train_options.h"
#include "core/text/print.h"
#include "core/training/transformer/addition_task.h"

#include <cmath>
#include <ctime>
#include <iomanip>
#include <ostream>

namespace fplab::cli {
namespace {

using namespace fplab::training;
using train::number;
using train::whole;

struct GptOptions {
    AdditionRunSettings run;
    TransformerPreset preset = TransformerPreset::Fp32;
    bool unshiftedSoftmax = false;
    int steps = 800;
    int every = 100;
    bool time = false;
    bool flags = false;
};

OptionTable gptOptions(GptOptions& o) {
    OptionTable t;
    t.command = "gpt";
    t.description =
        "Trains a decoder-only transformer on addition (\"12+34=\" then the sum's digits, least significant\n"
        "first; one pair in ten held out) with Adam in FP32, every operation computed by the soft-float core\n"
        "in the format the preset gives its operation class. Prints the loss every N steps and the held-out\n"
        "exact-match accuracy; stops at the first step with an overflow or invalid operation and reports the\n"
        "first one in program order: pass, layer, tensor, operation, element, operands and result.\n";
    TransformerShape& s = o.run.shape;
    t.options = {
        {"--preset", "P",
         "fp32 (default), fp16-autocast (with GradScaler), bf16-autocast, fp16 (every\n"
         "operation class in FP16), fp8-delayed, fp8-block, fp8-bf16-edges",
         setNamed(o.preset, parseTransformerPresetName, "preset",
                  "fp32, fp16-autocast, bf16-autocast, fp16, fp8-delayed, fp8-block, fp8-bf16-edges")},
        {"--unshifted-softmax", "", "attention softmax without subtracting the row maximum",
         setFlag(o.unshiftedSoftmax)},
        {"--layers", "N", "transformer blocks (default 2)",
         whole("--layers", 1, 64, [&s](long long x) { s.layers = int(x); })},
        {"--heads", "N", "attention heads, dividing --dim (default 4)",
         whole("--heads", 1, 1024, [&s](long long x) { s.heads = int(x); })},
        {"--dim", "N", "model width (default 32)", whole("--dim", 1, 1024, [&s](long long x) { s.dim = int(x); })},
        {"--context", "N", "positions the model has, at least 3 x digits + 2 (default 16)",
         whole("--context", 1, 1024, [&s](long long x) { s.context = int(x); })},
        {"--digits", "N", "digits of each addend, 1 to 4 (default 2)",
         whole("--digits", 1, 4, [&o](long long x) { o.run.digits = int(x); })},
        {"--steps", "N", "optimizer steps (default 800)",
         whole("--steps", 1, 10'000'000, [&o](long long x) { o.steps = int(x); })},
        {"--batch", "N", "sequences per step (default 32)",
         whole("--batch", 1, 4096, [&o](long long x) { o.run.batch = int(x); })},
        {"--lr", "X", "Adam's learning rate (default 0.003)",
         number("--lr", 1e-6, 0.5, "a number from 1e-6 to 0.5", [&o](double x) { o.run.learningRate = float(x); })},
        {"--seed", "S", "task split, initial weights and batches (default 1)",
         whole("--seed", 0, 1LL << 53, [&o](long long x) { o.run.seed = std::uint64_t(x); })},
        {"--every", "N", "print the loss every N steps (default 100)",
         whole("--every", 1, 10'000'000, [&o](long long x) { o.every = int(x); })},
        {"--time", "", "also print steps per second of CPU time (the process's, from std::clock)", setFlag(o.time)},
        {"--flags", "", "after the last step, every tensor of it whose operations raised a flag other than inexact",
         setFlag(o.flags)},
    };
    return t;
}

std::vector<OptionTable> gptOptionTables() {
    static GptOptions unused;
    return {gptOptions(unused)};
}

std::string valueText(FormatId format, std::uint64_t bits) {
    const Format& f = emulatedFormat(format);
    return hexBits(f, bits) + " (" + shortestDecimal(f, bits) + ")";
}

std::string layerText(int layer) { return layer < 0 ? "outside the blocks" : "layer " + std::to_string(layer); }

void printOverflow(std::ostream& out, int step, const OverflowReport& r) {
    out << "step " << step << ": first overflow or invalid operation\n";
    out << "  " << passName(r.site.pass) << ", " << layerText(r.site.layer) << ", tensor " << r.site.tensor
        << ", operation " << r.operation << ", element " << r.element << "\n";
    out << "  " << emulatedFormat(r.format).name() << ":";
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

int runGpt(std::span<const std::string_view> args, CommandIo io) {
    GptOptions o;
    if (const std::optional<int> code = parseOptions(gptOptions(o), args, io)) return *code;
    o.run.precision = transformerPreset(o.preset, o.run.shape.layers);
    if (o.unshiftedSoftmax) {
        o.run.precision.layer.softmaxSubtractsMax = false;
        for (auto& [index, layer] : o.run.precision.layers) layer.softmaxSubtractsMax = false;
    }
    if (std::string error = checkAdditionRunSettings(o.run); !error.empty()) {
        io.err << "fplab-cli gpt: " << error << "\n";
        return kExitUsage;
    }
    AdditionRun run(o.run);
    const TransformerShape& s = run.model().shape();
    io.out << "gpt: " << o.run.digits << "-digit addition, dim " << s.dim << ", " << s.layers
           << (s.layers == 1 ? " layer, " : " layers, ") << s.heads << " heads, context " << s.context << ", "
           << run.model().parameterCount() << " parameters, preset " << transformerPresetName(o.preset)
           << (o.unshiftedSoftmax ? " (unshifted softmax)" : "") << ", batch " << o.run.batch << ", Adam lr "
           << o.run.learningRate << "\n";
    io.out << "step  loss\n";
    const std::clock_t start = std::clock();
    int done = 0;
    for (int i = 0; i < o.steps; ++i) {
        const AdditionStep step = run.step();
        done = step.step;
        if (step.step % o.every == 0 || step.step == o.steps || step.overflow) {
            io.out << std::left << std::setw(6) << step.step << std::setprecision(6);
            if (std::isnan(step.loss)) io.out << "nan\n"; // the same word on every C library
            else io.out << step.loss << "\n";
        }
        if (step.overflow) {
            printOverflow(io.out, step.step, *step.overflow);
            break;
        }
    }
    if (o.flags) printTensorFlags(io.out, run.lastStep());
    const double seconds = double(std::clock() - start) / CLOCKS_PER_SEC;
    const double accuracy = run.heldOutAccuracy();
    io.out << "held-out exact match: " << std::fixed << std::setprecision(1) << 100.0 * accuracy << "%\n";
    if (o.time && seconds > 0) io.out << "steps per CPU second: " << std::setprecision(1) << done / seconds << "\n";
    return kExitOk;
}

} // namespace

FPLAB_CLI_COMMAND("gpt", "train a tiny transformer on addition on the CPU emulator: loss, accuracy, first overflow",
                  runGpt, gptOptionTables);

} // namespace fplab::cli
