// Runs a TrainingRun on a worker thread for the Training section: start, pause, single step,
// resume and cancel from the GUI thread; the steps reach the GUI in batches through updated().
// With the GPU backend, a TrainingRun of the same configuration on the GPU's kernels steps alongside
// and each step is compared (core/training/run_comparison); in the FP8 modes a BF16 run of the same
// configuration steps alongside for the loss comparison.
#pragma once

#include "app/gui/training/training_run_data.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

class QThread;

namespace fplab::gui {

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
    bool isRunning() const { return m_running.load(); }
    bool isPaused() const { return m_paused.load(); }       // asked to pause (see TrainingUpdate::paused)
    bool isCancelling() const { return m_cancel.load(); } // asked to cancel

    const TrainingSetup& setup() const { return m_setup; }
    TrainingUpdate takeUpdate();

signals:
    // New steps or a new state are waiting in takeUpdate() (queued from the worker thread).
    void updated();
    // The worker thread has finished (after the last updated()).
    void finished();

private:
    void work(std::shared_ptr<training::TrainingRun> run, std::shared_ptr<training::TrainingRun> gpuRun,
              std::shared_ptr<training::TrainingRun> bf16Run);
    // One GPU step next to the CPU step `cpu` of `run`, compared into `batch`.
    void stepGpu(const training::TrainingRun& run, const training::StepRecord& cpu, training::TrainingRun& gpuRun,
                 TrainingUpdate& batch);
    void publish(TrainingUpdate&& part);

    TrainingSetup m_setup;
    QThread* m_thread = nullptr;
    std::atomic<bool> m_running{false};
    std::atomic<bool> m_paused{false};
    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_singleSteps{0};
    std::atomic<bool> m_notifyQueued{false};
    std::mutex m_mutex; // guards m_pending; with m_wake, the paused worker's sleep
    std::condition_variable m_wake;
    TrainingUpdate m_pending;
};

} // namespace fplab::gui
