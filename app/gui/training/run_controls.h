// The Training section's run controller view: Start, Pause/Resume, Step, Cancel and Reset (buttons and
// the Training menu's actions, enabled by the RunPhase state machine), the status and summary lines,
// and the run itself: the worker (TrainingController) and the run's data (TrainingRunData), which
// the tabs read when runChanged() says it changed. Updates from the worker are applied at most
// about 30 times a second.
#pragma once

#include "app/gui/training/run_phase.h"
#include "app/gui/training/training_run_data.h"

#include <QElapsedTimer>
#include <QWidget>

class QAction;
class QLabel;
class QTimer;
class QToolButton;

namespace fplab::gui {

class TrainingController;
class TrainingForm;

class RunControls final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunControls)

public:
    static constexpr int kMinUpdateIntervalMs = 33; // at most ~30 updates of the views a second

    // Reads the configuration from `form` and locks it while a run goes.
    explicit RunControls(TrainingForm* form, QWidget* parent = nullptr);
    ~RunControls() override;

    // Starts a run with the form's configuration (false and the reason in the status when it is refused).
    bool start(bool paused = false);
    // Runs a whole configuration on the GUI thread and shows it (screenshots, tests of the views).
    void showCompletedRun(const training::TrainingConfig& config);
    // Clears the run (and the views), keeps the settings.
    void reset();

    RunPhase phase() const;
    const TrainingRunData& run() const { return m_run; }
    TrainingController* controller() const { return m_controller; }
    QList<QAction*> actions() const;
    QAction* startAction() const { return m_start; }
    QAction* pauseAction() const { return m_pause; }
    QAction* stepAction() const { return m_step; }
    QAction* cancelAction() const { return m_cancel; }
    QAction* resetAction() const { return m_reset; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* summaryLabel() const { return m_summary; }
    void retranslate();

signals:
    // The run's data changed (a new run, new steps, its end, or Reset).
    void runChanged();
    // A refusal for the status bar.
    void statusMessage(const QString& text, int timeoutMs);

private:
    void onWorkerUpdated();
    void applyPending();
    void togglePause();
    void stepOnce();
    void cancel();
    void refresh(); // actions, form lock, status and summary from the phase and the run
    void showStatus();
    void showSummary();

    TrainingForm* m_form;
    TrainingController* m_controller;
    TrainingRunData m_run;
    QAction* m_start;
    QAction* m_pause;
    QAction* m_step;
    QAction* m_cancel;
    QAction* m_reset;
    QLabel* m_status;
    QLabel* m_summary;
    QTimer* m_coalesce;     // a deferred applyPending() while updates come faster than the interval
    QElapsedTimer m_sinceApply;
    QString m_refusal;      // why the last Start was refused (shown until the next run)
};

} // namespace fplab::gui
