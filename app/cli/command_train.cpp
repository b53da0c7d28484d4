// `fplab-cli train`: the toy model's mixed-precision training on the CPU emulator or the GPU, with a
// per-step log (loss, scale, skipped, underflow), a summary, optional CSV of every step, the dtype
// trace of one step and the decision boundary as a grid of predictions; or --compare, both backends.
// `--model transformer` trains the transformer instead (app/cli/transformer_train.h).
#include "app/cli/cli_options.h"
#include "app/cli/command.h"
#include "app/cli/train_compare.h"
#include "app/cli/train_log.h"
#include "app/cli/train_options.h"
#include "app/cli/train_text.h"
#include "app/cli/transformer_train.h"
#include "core/platform/atomic_file.h"
#include "core/training/training_run.h"
#include "gpu/device_info.h"
#include "gpu/gpu_error.h"
#include "gpu/training/gpu_step_kernels.h"
#include "gpu/training/training_backend.h"

#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

namespace fplab::cli {
namespace {

using namespace fplab::training;
using namespace fplab::cli::train;

int cannotWrite(const std::string& path, const std::string& why, CommandIo io) {
    io.err << "fplab-cli train: cannot write " << quoted(path, 200) << ": " << why << "\n";
    return kExitOutput;
}

// The decision boundary after training: x,y,class on a 100x100 grid.
int writeGrid(TrainingRun& run, const std::string& path, CommandIo io) {
    const PredictionGrid g = run.predictionGrid(100, 100);
    std::ostringstream grid;
    grid << "x,y,class\n";
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            grid << general(g.xAt(i)) << "," << general(g.yAt(j)) << "," << g.classes[std::size_t(j) * g.nx + i]
                 << "\n";
    if (const std::optional<std::string> error = platform::writeFileAtomically(path, grid.str()))
        return cannotWrite(path, *error, io);
    io.out << "  decision boundary (100x100 grid) written to " << path << "\n";
    return kExitOk;
}

int runTrain(std::span<const std::string_view> args, CommandIo io) {
    if (asksForTransformer(args)) return runTransformerTraining(TransformerCommand::Train, args, io);
    TrainOptions o;
    if (const std::optional<int> done = parseTrainOptions(args, io, o)) return *done;
    const TrainingConfig& c = o.config;
    if (o.gpu || o.compare) {
        const PrecisionPolicy policy = policyFor(c.mode, c.masterWeights, c.fp8);
        if (const std::string why = gpu::fp8BlockRuleUnsupportedReason(policy); !why.empty()) {
            io.err << "fplab-cli train: " << (o.compare ? "--compare" : "--backend gpu") << ": " << why
                   << "; use --backend cpu\n";
            return kExitNoGpu;
        }
        if (const std::string why = gpu::gpuTrainingUnavailableReason(); !why.empty()) {
            io.err << "fplab-cli train: " << (o.compare ? "--compare" : "--backend gpu") << ": " << why
                   << "; the CPU emulator runs the same training: use --backend cpu\n";
            return kExitNoGpu;
        }
    }
    // The CSV is streamed while the run trains, into a temporary file that becomes o.csvPath only
    // when complete; a run that stops early (an error, a failed write) leaves nothing under that name.
    platform::AtomicFile csvFile(o.csvPath);
    std::ostream* csv = nullptr;
    if (!o.csvPath.empty()) {
        if (const std::optional<std::string> error = csvFile.open()) return cannotWrite(o.csvPath, *error, io);
        csv = &csvFile.stream();
    }
    std::unique_ptr<TrainingRun> run;
    int code = kExitOk;
    try {
        if (o.compare) {
            code = trainAndCompare(c, o.every, csv, io);
        } else {
            run = gpu::makeTrainingRun(o.gpu ? gpu::TrainingBackend::Gpu : gpu::TrainingBackend::Cpu, c);
            printHeader(*run, o.gpu ? "gpu (" + gpu::queryDevices().devices.front().name + ")" : "cpu (emulated)", io);
            if (o.trace) printTrace(*run, io.out);
            trainWithLog(*run, o.every, csv, io);
            if (run->state().status == RunStatus::Failed) code = kExitNoGpu;
        }
    } catch (const gpu::GpuError& e) {
        io.err << "fplab-cli train: " << gpu::gpuErrorKindName(e.kind()) << ": " << e.what() << "\n";
        return kExitNoGpu;
    }
    if (csv) {
        if (const std::optional<std::string> error = csvFile.commit()) return cannotWrite(o.csvPath, *error, io);
        io.out << "  " << (o.compare ? "the comparison of every step" : "every step") << " written to " << o.csvPath
               << "\n";
    }
    if (!o.gridPath.empty()) { // CPU runs only (parseTrainOptions refuses --grid with the GPU)
        if (const int written = writeGrid(*run, o.gridPath, io); written != kExitOk) return written;
    }
    return code;
}

} // namespace

FPLAB_CLI_COMMAND("train",
                  "train the toy model in fp32/tf32/fp16/bf16 on the CPU emulator or the GPU: loss, scale, underflow",
                  runTrain, train::trainOptionTables);

} // namespace fplab::cli
