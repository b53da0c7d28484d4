// The Training section: choose a precision mode, data and optimizer, run the toy model on the
// CPU emulator (on a worker thread, with pause, single step and cancel), and watch the loss,
// the loss scale with its skipped steps, the gradients against FP16's window, the decision
// boundary, and the dtype and memory of every tensor. With a GPU, the same run also steps on the
// GPU and the two are compared step by step.
#pragma once

#include "app/gui/shell/section.h"
#include "core/training/run_comparison.h"
#include "core/training/training_run.h"

#include <memory>
#include <optional>
#include <string>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QSpinBox;
class QTabWidget;
class QTableView;
class QToolButton;

namespace fplab::gui {

class ComparisonTableModel;
class DecisionBoundaryView;
class GradientHistogramView;
class MemoryTableModel;
class Fp8ChartsView;
class RunChartsView;
class TraceTableModel;
class TrainingController;
class TrainingSettings;
struct TrainingUpdate;

class TrainingSection final : public Section {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingSection)

public:
    explicit TrainingSection(SectionContext context, QWidget* parent = nullptr);
    ~TrainingSection() override;

    QString id() const override { return QStringLiteral("training"); }
    QString title() const override;
    QString toolTipText() const override;
    QIcon icon() const override;
    QList<QAction*> menuActions() const override;
    QWidget* primaryInput() const override;
    void activated() override;
    void saveState() override;
    QStringList screenshotNames() const override;
    void prepareScreenshot(const QString& name) override;

    // The configuration the controls describe.
    training::TrainingConfig configFromControls() const;
    // Starts a run (false and a status message when it is refused).
    bool startRun(bool paused = false);
    // Puts a configuration into the controls (a lesson's link); false, with a status message, while a run is on.
    bool applyConfig(const training::TrainingConfig& config);
    // A "section:training?mode=...&steps=..." link: its settings (training_link.h) over the current ones.
    bool openLink(const QUrlQuery& query) override;
    // Runs a whole configuration on the GUI thread and shows it (screenshots, tests of the views).
    void showCompletedRun(const training::TrainingConfig& config);

    // For tests.
    TrainingController* controller() const { return m_controller; }
    QComboBox* backendCombo() const { return m_backend; }
    QComboBox* modeCombo() const { return m_mode; }
    QComboBox* datasetCombo() const { return m_dataset; }
    QSpinBox* stepsSpin() const { return m_steps; }
    QCheckBox* masterWeightsCheck() const { return m_master; }
    QAction* startAction() const { return m_startAction; }
    QAction* pauseAction() const { return m_pauseAction; }
    QAction* stepAction() const { return m_stepAction; }
    QAction* cancelAction() const { return m_cancelAction; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* summaryLabel() const { return m_summary; }
    RunChartsView* charts() const { return m_charts; }
    Fp8ChartsView* fp8Charts() const { return m_fp8Charts; }
    QSpinBox* amaxHistorySpin() const { return m_amaxHistory; }
    QComboBox* amaxAlgoCombo() const { return m_amaxAlgo; }
    QSpinBox* marginSpin() const { return m_margin; }
    QSpinBox* outlierStepSpin() const { return m_outlierStep; }
    GradientHistogramView* histogram() const { return m_histogram; }
    DecisionBoundaryView* boundary() const { return m_boundary; }
    TraceTableModel* traceModel() const { return m_traceModel; }
    MemoryTableModel* memoryModel() const { return m_memoryModel; }
    ComparisonTableModel* comparisonModel() const { return m_comparisonModel; }
    QLabel* comparisonNote() const { return m_comparisonNote; }
    QTabWidget* tabs() const { return m_tabs; }
    int stepsShown() const { return m_stepsShown; }

protected:
    void retranslateUi() override;

private:
    void buildControls();
    void setControls(const training::TrainingConfig& config);
    void fillCombos();
    void updateEnabled();
    void onUpdated();
    void applyUpdate(TrainingUpdate& update);
    void beginShowing(const training::TrainingConfig& config, const training::Dataset& data,
                      std::vector<training::TraceEntry> trace, const training::MemoryReport& memory);
    void showState(const training::RunState& state);
    void showComparison();
    bool gpuChosen() const;
    bool gpuUsable() const { return m_gpuUnavailable && m_gpuUnavailable->empty(); }
    void togglePause();

    std::unique_ptr<TrainingSettings> m_settings;
    TrainingController* m_controller;
    QGroupBox* m_runBox;
    QFormLayout* m_form;
    QComboBox* m_backend;
    QComboBox* m_mode;
    QComboBox* m_dataset;
    QComboBox* m_optimizer;
    QDoubleSpinBox* m_lr;
    QSpinBox* m_steps;
    QSpinBox* m_width;
    QSpinBox* m_depth;
    QSpinBox* m_batch;
    QSpinBox* m_seed;
    QCheckBox* m_master;
    QSpinBox* m_staticScale;
    QSpinBox* m_initScale;
    QSpinBox* m_interval;
    QSpinBox* m_amaxHistory;  // FP8 delayed scaling
    QComboBox* m_amaxAlgo;
    QSpinBox* m_margin;      // per-tensor recipes: 2^margin of headroom above amax
    QSpinBox* m_outlierStep; // the scripted activation outlier (0: none)
    QAction* m_startAction;
    QAction* m_pauseAction;
    QAction* m_stepAction;
    QAction* m_cancelAction;
    QToolButton* m_startButton;
    QToolButton* m_pauseButton;
    QToolButton* m_stepButton;
    QToolButton* m_cancelButton;
    QLabel* m_status;
    QLabel* m_summary;
    QTabWidget* m_tabs;
    RunChartsView* m_charts;
    Fp8ChartsView* m_fp8Charts;
    GradientHistogramView* m_histogram;
    DecisionBoundaryView* m_boundary;
    TraceTableModel* m_traceModel;
    MemoryTableModel* m_memoryModel;
    QTableView* m_traceView;
    QTableView* m_memoryView;
    QLabel* m_traceNote;
    ComparisonTableModel* m_comparisonModel;
    QTableView* m_comparisonView;
    QLabel* m_comparisonNote;
    // Why the GPU backend cannot be chosen (empty: it can), asked when the section is first shown: with
    // CUDA the question starts the driver, which no other section needs at start-up.
    std::optional<std::string> m_gpuUnavailable;

    training::TrainingConfig m_shownConfig;
    training::PrecisionPolicy m_shownPolicy;
    int m_stepsShown = 0;
    int m_skipped = 0;
    std::optional<training::StepRecord> m_last;
    std::optional<training::Evaluation> m_evaluation;
    training::RunState m_state;
    bool m_shownOnGpu = false;
    training::ComparisonTolerance m_tolerance;
    std::optional<training::RunState> m_gpuState;
    bool m_ended = false;
};

} // namespace fplab::gui
