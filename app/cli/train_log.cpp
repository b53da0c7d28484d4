// The per-step log, the CSV and the summary of `fplab-cli train`.
#include "app/cli/train_log.h"

#include "app/cli/train_text.h"
#include "core/training/step_csv.h"
#include "gpu/training/training_backend.h"

#include <chrono>

namespace fplab::cli::train {

using namespace fplab::training;

namespace {

void printStep(std::ostream& out, const StepRecord& r, bool stats) {
    out << padLeft(std::to_string(r.step), 6) << "  " << padLeft(fixed(r.loss, 6), 10) << "  "
        << padLeft(general(r.scale), 11) << "  " << padLeft(r.skipped ? "yes" : "no", 7);
    if (stats)
        out << "  " << padLeft(fixed(r.window.underflowFraction(), 4), 9) << "  "
            << padLeft(fixed(r.window.subnormalFraction(), 4), 9) << "  "
            << padLeft(fixed(r.window.overflowFraction(), 4), 8);
    out << "\n";
}

// Per FP8 tensor: the worst step for saturation and the mean fraction rounded to zero (4 significant digits: a
// measurement; the CSV has every step's fraction). Rounded, not flushed: flush-to-zero is another thing (lesson 9).
void printFp8Summary(const std::vector<StepRecord>& h, CommandIo io) {
    io.out << "  fp8 casts (saturated: clamped to the largest element; rounded to zero: nonzero became zero):\n";
    for (std::size_t t = 0; t < h.front().fp8.size(); ++t) {
        double worst = 0, flushed = 0;
        int worstStep = 0;
        for (const StepRecord& r : h) {
            if (t >= r.fp8.size()) continue;
            flushed += r.fp8[t].flushedFraction();
            if (r.fp8[t].saturatedFraction() > worst) {
                worst = r.fp8[t].saturatedFraction();
                worstStep = r.step;
            }
        }
        io.out << "    " << padRight(h.front().fp8[t].name, 18) << " saturated at most " << measured(worst)
               << (worstStep ? " (step " + std::to_string(worstStep) + ")" : std::string())
               << ", rounded to zero on average " << measured(flushed / double(h.size())) << "\n";
    }
}

// The emulator's extra findings: underflow, vanished updates and the memory model.
void printCpuDetails(const TrainingRun& run, CommandIo io) {
    const std::vector<StepRecord>& h = run.history();
    double underflowSum = 0;
    std::int64_t attempted = 0, vanished = 0;
    for (const StepRecord& r : h) {
        underflowSum += r.window.underflowFraction();
        attempted += r.updatesAttempted;
        vanished += r.updatesVanished;
    }
    const MemoryReport m = run.memory();
    io.out << (run.policy().lowType == DType::Float16
                   ? "  mean underflow fraction (nonzero gradients rounded to zero in float16): "
                   : "  mean underflow fraction (nonzero gradients float16 would round to zero; this run keeps them): ")
           << fixed(h.empty() ? 0.0 : underflowSum / double(h.size()), 4) << "\n";
    io.out << "  weight updates rounded away (computed update nonzero, stored weight unchanged): " << vanished << " of "
           << attempted << " (" << fixed(attempted ? 100.0 * double(vanished) / double(attempted) : 0.0, 2) << "%)\n";
    if (run.policy().fp8Gemms() && !h.empty()) printFp8Summary(h, io);
    io.out << "  memory (bytes): static " << m.staticBytes() << " (weights " << m.weights << ", master " << m.master
           << ", gradients " << m.gradients << ", optimizer " << m.optimizer << "); one micro-batch "
           << m.transientBytes() << " (weight copies " << m.weightCopies << ", activations " << m.activations
           << "); total " << m.total() << "\n";
}

} // namespace

void trainWithLog(TrainingRun& run, long long every, std::ostream* csv, CommandIo io) {
    const bool stats = run.onEmulator();
    // The GPU run collects no gradient statistics: its CSV and log stop before those columns.
    if (csv) *csv << stepCsvHeader(stepCsvColumns(run));
    io.out << "  step        loss        scale  skipped" << (stats ? "  underflow  subnormal  overflow" : "") << "\n";
    int skipped = 0;
    double seconds = 0;
    for (;;) {
        const auto start = std::chrono::steady_clock::now();
        const StepRecord* r = run.step();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!r) break;
        if (r->skipped) ++skipped;
        if (r->step % every == 0 || r->step == 1 || r->skipped || r->step == run.config().steps || run.over())
            printStep(io.out, *r, stats);
        if (csv) *csv << stepCsvRow(*r, stats);
    }
    const RunState s = run.state();
    const std::vector<StepRecord>& h = run.history();
    io.out << "\nsummary\n";
    io.out << "  status: " << statusName(s.status) << " (" << s.message << ")\n";
    if (!h.empty()) io.out << "  last step loss: " << fixed(h.back().loss, 6) << "\n";
    if (s.status != RunStatus::Failed) { // a failed backend cannot evaluate either
        const Evaluation e = run.evaluate();
        io.out << "  whole data set: loss " << fixed(e.loss, 6) << ", accuracy " << fixed(100.0 * e.accuracy, 2)
               << "%\n";
    }
    io.out << "  skipped steps: " << skipped << " of " << h.size();
    if (run.policy().scaling != LossScaling::None) io.out << "; final scale " << general(s.scale);
    io.out << "\n";
    if (stats) printCpuDetails(run, io);
    else io.out << "  gradient statistics (FP16 window, vanished updates) and the memory model: --backend cpu\n";
    io.out << "  speed (" << gpu::trainingBackendName(gpu::backendOf(run)) << "): " << speedText(h.size(), seconds)
           << "\n";
}

} // namespace fplab::cli::train
