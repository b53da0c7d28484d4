// The worker loop: steps the run (or both runs of a comparison, in lockstep) while not paused, hands
// the records over in batches (every 50 ms), refreshes the decision boundary every 500 ms, when it
// pauses and at the end (unless cancelled).
#include "app/gui/training/training_controller.h"

#include "app/gui/common/job_runner.h"
#include "core/training/lockstep_comparison.h"
#include "gpu/training/gpu_step_kernels.h"

#include <QMetaObject>

#include <algorithm>
#include <chrono>
#include <optional>

namespace fplab::gui {

using namespace fplab::training;

TrainingController::TrainingController(QObject* parent) : QObject(parent), m_runner(std::make_unique<JobRunner>()) {}

TrainingController::~TrainingController() {
    cancel();
    m_runner.reset(); // waits for the worker
}

bool TrainingController::isRunning() const { return m_runner->isBusy(); }

int TrainingController::progressPermille() const { return m_runner->progressPermille(); }

void TrainingController::setComparedKernels(StepKernelsFactory cpu, StepKernelsFactory gpu) {
    m_testCpuKernels = std::move(cpu);
    m_testGpuKernels = std::move(gpu);
}

bool TrainingController::start(const TrainingConfig& config, bool paused, QString* error, bool onGpu) {
    if (isRunning()) {
        if (error) *error = tr("A run is still going: cancel it first.");
        return false;
    }
    if (const std::string problem = checkConfig(config); !problem.empty()) {
        if (error) *error = QString::fromStdString(problem);
        return false;
    }
    std::shared_ptr<TrainingRun> gpuRun;
    if (onGpu) {
        try {
            gpuRun = std::make_shared<TrainingRun>(config,
                                                   m_testGpuKernels ? m_testGpuKernels : gpu::cudaKernelsFactory());
        } catch (const std::exception& e) { // a GpuError, or a mode the GPU has no path for
            if (error) *error = tr("The GPU cannot run this: %1").arg(QString::fromUtf8(e.what()));
            return false;
        }
    }
    auto run = onGpu && m_testCpuKernels ? std::make_shared<TrainingRun>(config, m_testCpuKernels)
                                         : std::make_shared<TrainingRun>(config);
    std::shared_ptr<TrainingRun> bf16Run;
    if (run->policy().fp8Gemms()) {
        TrainingConfig reference = config;
        reference.mode = TrainingMode::Bf16;
        reference.collectStats = false;
        bf16Run = std::make_shared<TrainingRun>(reference);
    }
    m_setup = setupOf(*run, onGpu);
    {
        std::lock_guard lock(m_mutex);
        m_pending = {};
        m_pending.state = run->state();
        if (gpuRun) m_pending.gpuState = gpuRun->state();
    }
    m_cancel = false;
    m_paused = paused;
    m_singleSteps = 0;
    m_workerSteps = 0;
    m_interruptedSteps = 0;
    return m_runner->start(
        tr("Training"),
        [this, run, gpuRun, bf16Run](const JobControl& control) { work(control, run, gpuRun, bf16Run); },
        [this](const JobOutcome&) { emit finished(); });
}

void TrainingController::pause() {
    m_stopNoticedAt = 0;
    m_paused = true;
}

void TrainingController::resume() {
    forgetReportedStop();
    ++m_resumes;
    m_paused = false;
    m_wake.notify_all();
}

void TrainingController::stepOnce() {
    forgetReportedStop();
    m_paused = true;
    ++m_singleSteps;
    m_wake.notify_all();
}

void TrainingController::cancel() {
    m_stopNoticedAt = 0;
    m_cancel = true;
    if (m_runner) m_runner->cancel();
    m_wake.notify_all();
}

void TrainingController::forgetReportedStop() {
    // The worker goes on: a "stopped at step N" it reported, not yet taken by the views, no longer holds
    // (taken after Resume, it would make the next Pause look done before the worker stopped).
    std::lock_guard lock(m_mutex);
    m_pending.paused = false;
}

std::optional<std::chrono::steady_clock::time_point> TrainingController::stopNoticedAt() const {
    const std::int64_t ticks = m_stopNoticedAt.load();
    if (ticks == 0) return std::nullopt;
    return Clock::time_point(Clock::duration(ticks));
}

TrainingUpdate TrainingController::takeUpdate() {
    std::lock_guard lock(m_mutex);
    m_notifyQueued = false;
    TrainingUpdate out = std::move(m_pending);
    m_pending = {};
    m_pending.state = out.state;
    m_pending.paused = out.paused;
    return out;
}

void TrainingController::publish(TrainingUpdate&& part) {
    {
        std::lock_guard lock(m_mutex);
        m_pending.merge(std::move(part));
    }
    if (!m_notifyQueued.exchange(true))
        QMetaObject::invokeMethod(
            this, [this] { emit updated(); }, Qt::QueuedConnection);
}

void TrainingController::work(const JobControl& control, std::shared_ptr<TrainingRun> run,
                              std::shared_ptr<TrainingRun> gpuRun, std::shared_ptr<TrainingRun> bf16Run) {
    std::optional<LockstepComparison> lockstep;
    if (gpuRun) lockstep.emplace(*run, *gpuRun, m_setup.tolerance);
    const auto over = [&] { return lockstep ? lockstep->over() : run->over(); };
    // The step in progress stops at Cancel, and at Pause unless it is a single step (which the user asked
    // for while paused); the interrupted step is redone from its start on Resume (TrainingRun::step).
    bool singleStep = false;
    const StopRequest stopStep = [&] {
        return noticeStop(control.isCancelled() || (!singleStep && m_paused.load() && m_singleSteps.load() == 0));
    };
    TrainingUpdate batch;
    auto lastFlush = Clock::now(), lastGrid = Clock::now();
    // The boundary grid is a forward pass over 3600 points: in a large model it costs seconds, so it is
    // refreshed at most every 500 ms and at most a tenth of the time (every ten times its own cost), and a
    // stop request cuts it short (the grid is then left out).
    auto gridInterval = std::chrono::milliseconds(500);
    const auto computeGrid = [&](const StopRequest& stopGrid) {
        const auto start = Clock::now();
        try {
            batch.grid = run->predictionGrid(kGridSize, kGridSize, &stopGrid);
        } catch (const StepInterrupted&) {
            return; // left out; the next one comes when due (or with the pause)
        }
        lastGrid = Clock::now();
        gridInterval = std::max(std::chrono::milliseconds(500),
                                std::chrono::duration_cast<std::chrono::milliseconds>(10 * (lastGrid - start)));
    };
    const auto flush = [&] {
        batch.state = run->state();
        if (gpuRun) batch.gpuState = gpuRun->state();
        publish(std::move(batch));
        batch = {};
        lastFlush = Clock::now();
    };
    computeGrid(stopStep); // the untrained boundary
    flush();
    // FP8 modes: the BF16 reference steps after the run, as part of the same step.
    const auto bf16Behind = [&] {
        return bf16Run && !bf16Run->over() && bf16Run->state().stepsDone < run->state().stepsDone;
    };
    bool pauseAnnounced = false;
    unsigned announcedAfterResumes = 0;
    while (!over() || bf16Behind()) {
        if (control.isCancelled()) {
            noticeStop(true);
            run->requestCancel();
            if (gpuRun) gpuRun->requestCancel();
            if (bf16Run) bf16Run->requestCancel();
        } else if (!singleStep && m_paused.load() && m_singleSteps.load() == 0) {
            noticeStop(true);
            const unsigned resumes = m_resumes.load();
            if (!pauseAnnounced || announcedAfterResumes != resumes) { // the views learn the step the worker stopped at
                // Paused at once, then the boundary of that step (seconds in a large model, cut short by
                // Resume, Step or Cancel).
                const auto stillPaused = [&] {
                    return m_paused.load() && m_singleSteps.load() == 0 && m_resumes.load() == resumes;
                };
                batch.paused = true;
                flush();
                computeGrid([&] { return control.isCancelled() || !stillPaused(); });
                // Still paused (no Resume or Step came meanwhile): the same announcement, with the grid.
                batch.paused = stillPaused();
                flush();
                pauseAnnounced = true;
                announcedAfterResumes = resumes;
            }
            std::unique_lock lock(m_mutex);
            m_wake.wait_for(lock, std::chrono::milliseconds(100));
            continue;
        } else if (!singleStep && m_singleSteps.load() > 0) {
            --m_singleSteps;
            singleStep = true;
        }
        pauseAnnounced = false;
        bool interrupted = false;
        if (bf16Behind()) {
            if (const StepRecord* b = bf16Run->step(&stopStep)) batch.bf16Loss.push_back({b->step, b->loss});
            interrupted = bf16Run->interrupted();
        } else if (lockstep) {
            // Both runs step until both are over: when one stops early, the other goes on to its own end.
            lockstep->step(&stopStep);
            interrupted = lockstep->interrupted();
            if (const StepRecord* r = lockstep->a().last) recordStep(*r, control, batch);
            if (const StepComparison* c = lockstep->lastComparison()) batch.comparisons.push_back(*c);
            if (const StepRecord* g = lockstep->b().last)
                batch.gpuSteps.push_back(*g); // kept for the comparison of runs
        } else {
            if (const StepRecord* r = run->step(&stopStep)) recordStep(*r, control, batch);
            interrupted = run->interrupted();
        }
        if (interrupted) ++m_interruptedSteps;
        else if (!bf16Behind()) singleStep = false; // the step asked for is done
        const auto now = Clock::now();
        const bool gridDue = !control.isCancelled() && now - lastGrid > gridInterval;
        if (gridDue) computeGrid(stopStep);
        if (now - lastFlush > std::chrono::milliseconds(50) || gridDue) flush();
    }
    // A cancelled run ends at once: the evaluation on all data and the last boundary grid take seconds in a
    // large model (9.4 s at width 512, depth 8), which Cancel used to wait for; a Cancel during them cuts
    // them short.
    const StopRequest stopFinal = [&] { return noticeStop(control.isCancelled()); };
    if (!control.isCancelled()) {
        try {
            batch.evaluation = run->evaluate(&stopFinal);
        } catch (const StepInterrupted&) { // cancelled: the run ends without it
        }
    }
    if (!control.isCancelled()) computeGrid(stopFinal);
    batch.ended = true;
    flush();
}

void TrainingController::recordStep(const StepRecord& r, const JobControl& control, TrainingUpdate& batch) {
    batch.steps.push_back(r);
    m_workerSteps = r.step;
    control.report(double(r.step) / double(m_setup.config.steps));
}

bool TrainingController::noticeStop(bool stop) {
    if (stop) {
        std::int64_t none = 0;
        m_stopNoticedAt.compare_exchange_strong(none, Clock::now().time_since_epoch().count());
    }
    return stop;
}

} // namespace fplab::gui
