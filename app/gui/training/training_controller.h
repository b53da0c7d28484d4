// Runs a TrainingRun on a worker thread (a JobRunner, the GUI's one way to run long work) for the
// Training section: start, pause, single step, resume and cancel from the GUI thread; the steps reach
// the GUI in batches through updated(). Pause takes effect after the step in progress, and the worker
// then says so (TrainingUpdate::paused) with the state of the step it stopped at.
// With the GPU backend, a TrainingRun of the same configuration on the GPU's kernels steps alongside
// through core's LockstepComparison (the comparison fplab-cli train --compare makes); in the FP8 modes
// a BF16 run of the same configuration steps alongside for the loss comparison.
#pragma once

#include "app/gui/training/training_run_data.h"
#include "core/training/step_kernels.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

namespace fplab::gui {

class JobRunner;
struct JobControl;

class TrainingController final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingController)

public:
    static constexpr int kGridSize = 60; // decision-boundary cells per side

    explicit TrainingController(QObject* parent = nullptr);
    ~TrainingController() override; // cancels a run and waits for the thread

    // Starts a run (paused: waits for resume() or stepOnce()); false with `error` when the configuration
    // is refused, a run is still going, or (onGpu) the GPU cannot run it.
    bool start(const training::TrainingConfig& config, bool paused, QString* error, bool onGpu = false);
    void pause();
    void resume();
    void stepOnce();
    void cancel();
    bool isRunning() const;
    bool isPaused() const { return m_paused.load(); }     // asked to pause (see TrainingUpdate::paused)
    bool isCancelling() const { return m_cancel.load(); } // asked to cancel
    // Steps the worker has made in this run (read from any thread).
    int workerSteps() const { return m_workerSteps.load(); }
    // Steps of this run that a Pause or Cancel interrupted (each redone on Resume).
    int interruptedSteps() const { return m_interruptedSteps.load(); }
    // Fraction of the run's steps done, in thousandths (the JobRunner's progress).
    int progressPermille() const;

    // For tests: the two sides of a compared run (onGpu) step on these kernels instead of the emulator
    // and the GPU's.
    void setComparedKernels(training::StepKernelsFactory cpu, training::StepKernelsFactory gpu);

    // When the worker first noticed the last Pause or Cancel (inside a step, between steps or while drawing
    // the boundary), for the latency tests; nullopt when it has not yet.
    std::optional<std::chrono::steady_clock::time_point> stopNoticedAt() const;

    const TrainingSetup& setup() const { return m_setup; }
    TrainingUpdate takeUpdate();

signals:
    // New steps or a new state are waiting in takeUpdate() (queued from the worker thread).
    void updated();
    // The worker has finished (after the last updated()).
    void finished();

private:
    void forgetReportedStop();
    using Clock = std::chrono::steady_clock;
    void recordStep(const training::StepRecord& record, const JobControl& control, TrainingUpdate& batch);
    // Passes `stop` through, remembering when a stop request was first noticed (see stopNoticedAt).
    bool noticeStop(bool stop);
    void work(const JobControl& control, std::shared_ptr<training::TrainingRun> run,
              std::shared_ptr<training::TrainingRun> gpuRun, std::shared_ptr<training::TrainingRun> bf16Run);
    void publish(TrainingUpdate&& part);

    TrainingSetup m_setup;
    training::StepKernelsFactory m_testCpuKernels, m_testGpuKernels;
    std::atomic<bool> m_paused{false};
    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_singleSteps{0};
    // Counts Resumes: a Pause right after a Resume, before the worker stepped again, is announced anew.
    std::atomic<unsigned> m_resumes{0};
    std::atomic<int> m_workerSteps{0};
    std::atomic<int> m_interruptedSteps{0};
    std::atomic<std::int64_t> m_stopNoticedAt{0}; // steady_clock ticks; 0: not since the last request
    std::atomic<bool> m_notifyQueued{false};
    std::mutex m_mutex; // guards m_pending; with m_wake, the paused worker's sleep
    std::condition_variable m_wake;
    TrainingUpdate m_pending;
    std::unique_ptr<JobRunner> m_runner; // last: destroyed (waiting for the worker) before the members it uses
};

} // namespace fplab::gui
