// The Training section: choose a precision mode, data and optimizer, run the toy model on the
// CPU emulator (on a worker thread, with pause, single step, cancel and reset), and watch the loss,
// the loss scale with its skipped steps, the gradients against FP16's window, the decision
// boundary, and the dtype and memory of every tensor. With a GPU, the same run also steps on the
// GPU and the two are compared step by step.
//
// The section only assembles its pieces: the configuration form (TrainingForm), the run controller
// view (RunControls, which owns the run's data, TrainingRunData) and one class per tab; each tab reads
// the run when RunControls says it changed.
#pragma once

#include "app/gui/shell/section.h"
#include "app/gui/training/transformer/transformer_settings.h"
#include "core/training/training_run.h"

class QComboBox;
class QScrollArea;
class QLabel;
class QStackedWidget;
class QTabWidget;
class QVBoxLayout;

namespace fplab::gui {

class CompareRunsTab;
class ComparisonView;
class DecisionBoundaryView;
class Fp8ChartsView;
class GradientHistogramView;
class RunChartsView;
class RunAllModes;
class RunControls;
class TensorsView;
class TrainingForm;
class TransformerPanel;

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
    // Session files; defined in training_session.cpp.
    void saveSession(QJsonObject& out) const override;
    QStringList restoreSession(const QJsonObject& in) override;
    QStringList screenshotNames() const override;
    void prepareScreenshot(const QString& name) override;

    // Puts a configuration into the form (a lesson's link); false, with a status message, while a run is on.
    bool applyConfig(const training::TrainingConfig& config);
    // A "section:training?mode=...&steps=..." link: its settings (training_link.h) over the current ones.
    bool openLink(const QUrlQuery& query) override;

    // The pieces.
    TrainingForm* form() const { return m_form; }
    RunControls* runControls() const { return m_controls; }
    QTabWidget* tabs() const { return m_tabs; }
    // Which run the charts show, and whether the form's settings are another's (after Run all modes).
    QLabel* shownRunLabel() const { return m_shownRun; }
    RunChartsView* charts() const { return m_charts; }
    GradientHistogramView* histogram() const { return m_histogram; }
    DecisionBoundaryView* boundary() const { return m_boundary; }
    TensorsView* tensors() const { return m_tensors; }
    ComparisonView* comparison() const { return m_comparison; }
    Fp8ChartsView* fp8Charts() const { return m_fp8Charts; }
    CompareRunsTab* compareRuns() const { return m_compare; }
    RunAllModes* runAllModes() const { return m_runAll; }
    // The model trained: the toy MLP (the form and tabs above) or the transformer (its own page).
    TrainingModel model() const;
    void setModel(TrainingModel model);
    QComboBox* modelCombo() const { return m_model; }
    TransformerPanel* transformer() const { return m_transformer; }

protected:
    void retranslateUi() override;
    void changeEvent(QEvent* event) override;

private:
    void showRun();
    void showWhichRun();
    QString modeText(training::TrainingMode mode) const;
    // The settings as a session file holds them (training_session.cpp); equal objects: the same run.
    static QJsonObject configJson(const training::TrainingConfig& config);

    void fitFormWidth();
    void buildModelChoice(SettingsStore& store, QWidget* mlpPage, QVBoxLayout* layout);
    void fillModelChoice();
    void prepareTransformerScreenshot(int tab);

    TrainingForm* m_form;
    RunControls* m_controls;
    QScrollArea* m_formScroll;
    QTabWidget* m_tabs;
    QLabel* m_shownRun;
    RunChartsView* m_charts;
    GradientHistogramView* m_histogram;
    DecisionBoundaryView* m_boundary;
    TensorsView* m_tensors;
    ComparisonView* m_comparison;
    Fp8ChartsView* m_fp8Charts;
    CompareRunsTab* m_compare;
    RunAllModes* m_runAll;
    QLabel* m_modelLabel = nullptr;
    QComboBox* m_model = nullptr;
    QStackedWidget* m_pages = nullptr;
    TransformerPanel* m_transformer = nullptr;
};

} // namespace fplab::gui
