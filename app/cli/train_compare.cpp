// The lockstep comparison of the emulator and the GPU for `fplab-cli train --compare`.
#include "app/cli/train_compare.h"

#include "app/cli/cli_options.h"
#include "app/cli/train_options.h"
#include "app/cli/train_text.h"
#include "core/training/run_comparison.h"
#include "gpu/device_info.h"
#include "gpu/training/backend_comparison.h"
#include "gpu/training/comparison_report.h"
#include "gpu/training/gpu_step_kernels.h"

namespace fplab::cli::train {

using namespace fplab::training;

int trainAndCompare(const TrainingConfig& c, long long every, std::ostream* csv, CommandIo io) {
    TrainingRun cpu(c);
    TrainingRun gpuRun(c, gpu::cudaKernelsFactory());
    const ComparisonTolerance tolerance = toleranceFor(c.mode);
    printHeader(cpu, "cpu (emulated) and gpu (" + gpu::queryDevices().devices.front().name + "), compared", io);
    io.out << "tolerance (relative): loss " << setting(tolerance.loss) << ", weights " << setting(tolerance.weights)
           << (tolerance.fp8 > 0 ? ", FP8 casts' amax and scale " + setting(tolerance.fp8) : std::string())
           << ", judged over the first " << tolerance.judgedSteps << " steps; scale and skipped steps must match\n";
    io.out << gpu::comparisonHeader() << "\n";
    const gpu::BackendComparison result = gpu::compareInLockstep(cpu, gpuRun, tolerance, [&](const StepComparison& s) {
        if (s.step % every == 0 || s.step == 1 || (s.judged && !s.agrees()) || s.skippedA || s.skippedB)
            io.out << gpu::comparisonLine(s) << "\n";
    });
    const RunComparison& r = result.comparison;
    if (csv) gpu::writeComparisonCsv(*csv, r);
    io.out << "\nverdict: " << r.verdict() << "\n";
    io.out << "  cpu: " << statusName(result.a.state.status) << " (" << result.a.state.message << ")\n";
    io.out << "  gpu: " << statusName(result.b.state.status) << " (" << result.b.state.message << ")\n";
    io.out << "  speed (cpu, with a weight copy per step): " << speedText(result.a.steps.size(), result.a.seconds)
           << "\n";
    io.out << "  speed (gpu, with a weight download per step): " << speedText(result.b.steps.size(), result.b.seconds)
           << "\n";
    if (result.a.state.status == RunStatus::Failed || result.b.state.status == RunStatus::Failed) return kExitNoGpu;
    return r.agrees() ? kExitOk : kExitMismatch;
}

} // namespace fplab::cli::train
