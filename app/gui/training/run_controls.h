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

#include <deque>
#include <utility>

#include <functional>

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
    // Cancel asks first once a run has worked this long (less is cheap to redo).
    static constexpr int kConfirmCancelAfterMs = 3000;

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
    // Steps a second over the last seconds of running (0: not known yet).
    double stepsPerSecond() const;
    // The button of each action (for focus checks), in actions() order.
    QList<QToolButton*> buttons() const { return m_buttons; }
    void retranslate();

    // Asks whether to cancel a run that has worked long enough (true: cancel); a question box by
    // default, tests replace it. `afterMs` replaces kConfirmCancelAfterMs (tests).
    using CancelConfirmer = std::function<bool(int stepsDone)>;
    void setCancelConfirmer(CancelConfirmer confirm, int afterMs = kConfirmCancelAfterMs);

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
    bool confirmCancel();
    void refresh(); // actions, form lock, status and summary from the phase and the run
    void keepFocusSafe(int focusedBefore, const RunActions& enabled);
    void showStatus();
    void showSummary();
    void noteProgress(); // a sample for the rate
    QString rateText() const;

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
    QTimer* m_coalesce; // a deferred applyPending() while updates come faster than the interval
    QElapsedTimer m_sinceApply;
    QElapsedTimer m_sinceStart; // how long the run has worked (Cancel asks after kConfirmCancelAfterMs)
    CancelConfirmer m_confirmCancel;
    int m_confirmCancelAfterMs = kConfirmCancelAfterMs;
    QList<QToolButton*> m_buttons;
    // (ms since start, steps done) over the last few seconds of running: the rate and the time left.
    std::deque<std::pair<qint64, int>> m_progress;
    QString m_refusal; // why the last Start was refused (shown until the next run)
};

} // namespace fplab::gui
