// One experiment block of a lesson, live: its parameters (editable, with a reset to the
// lesson's values) and its results. Edits re-run the experiment on a worker thread. An experiment
// with a GPU counterpart gets a CPU-emulated / GPU switch: on GPU, both run and show side by side;
// without a GPU the switch is disabled and one line says why.
#pragma once

#include "lessons/gpu_counterpart.h"
#include "lessons/lesson.h"
#include "lessons/lesson_runner.h"

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QRadioButton;

namespace fplab::gui {

class JobRunner;
class ParamEditor;
class ResultView;

class ExperimentPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExperimentPanel)

public:
    // `initial` is the block's run with the lesson's values (computed by the caller).
    ExperimentPanel(const lessons::ExperimentCall& call, const lessons::ExperimentRun& initial,
                    lessons::Language language, QWidget* parent = nullptr);
    ~ExperimentPanel() override;

    const lessons::ExperimentCall& call() const { return m_call; }
    // The latest run (the lesson's values until the user edits them).
    const lessons::ExperimentRun& run() const { return m_run; }
    bool isRunning() const { return m_running; }
    void setLanguage(lessons::Language language);

    ParamEditor* params() const { return m_params; }
    ResultView* results() const { return m_results; }
    QPushButton* resetButton() const { return m_reset; }
    // The CPU-emulated / GPU switch (hidden for experiments without a GPU counterpart) and the line
    // that says why the GPU cannot be chosen.
    QWidget* backendSwitch() const { return m_backendRow; }
    QRadioButton* cpuButton() const { return m_cpuButton; }
    QRadioButton* gpuButton() const { return m_gpuButton; }
    QLabel* gpuReasonLabel() const { return m_gpuReason; }
    // The GPU side of the latest run (set while the switch is on GPU).
    const std::optional<lessons::GpuSide>& gpuSide() const { return m_gpu; }

    // The counterparts panels created from now on use: the real GPU (app/lesson_counterparts) by
    // default; tests put a fake here, nullptr restores the default.
    static void setGpuCounterpart(std::shared_ptr<lessons::GpuCounterpart> counterpart);

signals:
    // A new result (or error) is shown; the narration refreshes its placeholders.
    void runChanged();
    void openInExplorer(const QString& formatName, quint64 bits);
    void openInArithmetic(const QString& formatName, quint64 bits);

private:
    void startRun();
    void finishRun(lessons::ExperimentRun run, std::optional<lessons::GpuSide> gpu);
    void setUpBackendSwitch();
    void showRun();
    void retranslate();

    const lessons::ExperimentCall& m_call;
    lessons::ExperimentRun m_run;
    lessons::Language m_language;
    JobRunner* m_runner;  // the worker thread (one run at a time)
    bool m_rerun = false; // values changed while a run was going: run again when it ends
    bool m_running = false;
    QLabel* m_title;
    QLabel* m_status;
    ParamEditor* m_params;
    QPushButton* m_reset;
    ResultView* m_results;
    std::shared_ptr<lessons::GpuCounterpart> m_counterpart; // nullptr: no GPU counterpart for this experiment
    std::optional<lessons::GpuSide> m_gpu;
    QWidget* m_backendRow;
    QLabel* m_backendLabel;
    QRadioButton* m_cpuButton;
    QRadioButton* m_gpuButton;
    QLabel* m_gpuReason;
};

} // namespace fplab::gui
