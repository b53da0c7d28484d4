#include "app/cli/transformer_backend.h"

#include "app/cli/cli_options.h"
#include "app/cli/train_text.h"
#include "core/training/transformer/transformer_lockstep.h"
#include "gpu/device_info.h"
#include "gpu/training/comparison_report.h"
#include "gpu/training/gpu_step_kernels.h"
#include "gpu/training/transformer/gpu_transformer_kernels.h"

namespace fplab::cli {

std::vector<Option> transformerBackendOptions(TransformerBackendOptions& o) {
    return {
        {"--backend", "cpu|gpu",
         "cpu: the emulator (default); gpu: the GPU's kernels, cuBLASLt GEMMs (fp32,\n"
         "fp16-autocast, bf16-autocast and fp16 only; not yet run on a GPU)",
         [&o](std::string_view v, std::string& error) {
             if (v != "cpu" && v != "gpu") error = "--backend is cpu or gpu (got " + quoted(v) + ")";
             o.gpu = v == "gpu";
             return error.empty();
         }},
        {"--compare", "",
         "the GPU beside the emulator, step by step: each step's loss on both and the\n"
         "largest weight difference, then a verdict (exit code 5 when they differ)",
         setFlag(o.compare)},
    };
}

std::optional<int> refuseOnGpu(const TransformerBackendOptions& o, const training::TransformerPrecision& precision,
                               const std::vector<std::string>& emulatorOnlyOptions, CommandIo io) {
    if (!o.onGpu()) return std::nullopt;
    const std::string what = o.compare ? "--compare" : "--backend gpu";
    if (!emulatorOnlyOptions.empty()) {
        io.err << "fplab-cli train: " << emulatorOnlyOptions.front()
               << " needs the emulator (--backend cpu, no --compare): only it records what the option shows\n";
        return kExitUsage;
    }
    if (const std::string why = gpu::transformerGpuUnsupportedReason(precision); !why.empty()) {
        io.err << "fplab-cli train: " << what << ": " << why << "; use --backend cpu\n";
        return kExitNoGpu;
    }
    if (const std::string why = gpu::gpuTrainingUnavailableReason(); !why.empty()) {
        io.err << "fplab-cli train: " << what << ": " << why
               << "; the CPU emulator runs the same training: use --backend cpu\n";
        return kExitNoGpu;
    }
    return std::nullopt;
}

std::string gpuDeviceName() {
    const gpu::DeviceQuery& q = gpu::queryDevices();
    return q.devices.empty() ? std::string("no GPU") : q.devices.front().name;
}

int compareTransformerRuns(training::TransformerRun& emulator, training::TransformerRun& gpuRun,
                           const training::TransformerPrecision& precision, const std::string& header, int steps,
                           int every, CommandIo io) {
    using namespace fplab::training;
    const ComparisonTolerance tolerance = transformerTolerance(precision);
    io.out << header << ", compared: emulator (cpu) and gpu (" << gpuDeviceName() << ")\n";
    io.out << "tolerance (relative): loss " << train::setting(tolerance.loss) << ", weights "
           << train::setting(tolerance.weights) << ", judged over the first " << tolerance.judgedSteps
           << " steps; scale and skipped steps must match\n";
    io.out << gpu::comparisonHeader() << "  largest weight difference\n";
    TransformerLockstep lockstep(emulator, gpuRun, tolerance, "emulator", "gpu");
    for (int i = 0; i < steps && lockstep.step(); ++i) {
        const TransformerStepComparison& c = lockstep.comparisons().back();
        const StepComparison& s = c.compared;
        if (s.step % every != 0 && s.step != 1 && s.step != steps && !(s.judged && !s.agrees()) && !s.skippedA &&
            !s.skippedB)
            continue;
        io.out << gpu::comparisonLine(s) << "  " << train::measured(c.largestWeightDifference);
        if (!c.largestWeightParameter.empty())
            io.out << " (" << c.largestWeightParameter << "[" << c.largestWeightElement << "])";
        io.out << "\n";
    }
    const RunComparison r = lockstep.result();
    io.out << "\nverdict: " << r.verdict("emulator", "gpu") << "\n";
    if (!lockstep.failure().empty()) {
        io.err << "fplab-cli train: --compare: " << lockstep.failure() << "\n";
        return kExitNoGpu;
    }
    return r.agrees() ? kExitOk : kExitMismatch;
}

} // namespace fplab::cli
