// "Run all modes": the standard comparison (FP32, FP16 without scaling, FP16 with the dynamic scaler,
// BF16) queued with the form's other settings and run one after another through the run controls;
// each finished run is kept for the comparison. Cancel stops the queue; the form gets its mode back.
#pragma once

#include "core/training/training_run.h"

#include <QObject>

#include <deque>
#include <optional>

class QAction;

namespace fplab::gui {

class RunControls;
class TrainingForm;

class RunAllModes final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunAllModes)

public:
    RunAllModes(TrainingForm* form, RunControls* controls, QObject* parent = nullptr);
    ~RunAllModes() override;

    QAction* action() const { return m_action; }
    // Queues the four modes and starts the first (false when a run goes, or the first is refused).
    bool start();
    bool active() const { return m_restore.has_value(); }
    int waiting() const { return int(m_queue.size()); } // queued behind the run that goes
    void retranslate();

private:
    void next();
    void onRunFinished();
    void finish();
    void updateEnabled();

    TrainingForm* m_form;
    RunControls* m_controls;
    QAction* m_action;
    std::deque<training::TrainingConfig> m_queue;
    std::optional<training::TrainingConfig> m_restore; // the form's configuration before the queue
};

} // namespace fplab::gui
