// Runs a TrainingRun on a worker thread for the Training section: start, pause, single step,
// resume and cancel from the GUI thread; the steps reach the GUI in batches through updated().
#pragma once

#include "core/training/training_run.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

class QThread;

namespace fplab::gui {

// What the worker has produced since the last takeUpdate().
struct TrainingUpdate {
    std::vector<training::StepRecord> steps;
    training::RunState state;
    std::optional<training::PredictionGrid> grid; // the decision boundary, refreshed about twice a second
    std::optional<training::Evaluation> evaluation; // when the run has ended
    bool ended = false;
};

// Fixed facts of the run, known once it has started.
struct TrainingSetup {
    training::TrainingConfig config;
    training::Dataset data;
    std::vector<training::TraceEntry> trace;
    training::MemoryReport memory;
    std::vector<std::string> parameterNames;
};

class TrainingController final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingController)

public:
    static constexpr int kGridSize = 60; // decision-boundary cells per side

    explicit TrainingController(QObject* parent = nullptr);
    ~TrainingController() override; // cancels a run and waits for the thread

    // Starts a run (paused: waits for resume() or stepOnce()); false with `error` when the configuration
    // is refused or a run is still going.
    bool start(const training::TrainingConfig& config, bool paused, QString* error);
    void pause();
    void resume();
    void stepOnce();
    void cancel();
    bool isRunning() const { return m_running.load(); }
    bool isPaused() const { return m_paused.load(); }

    const TrainingSetup& setup() const { return m_setup; }
    TrainingUpdate takeUpdate();

signals:
    // New steps or a new state are waiting in takeUpdate() (queued from the worker thread).
    void updated();
    // The worker thread has finished (after the last updated()).
    void finished();

private:
    void work(std::shared_ptr<training::TrainingRun> run);
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
