// The GPU Lab's GEMM panel: input and accumulator types, the model's architecture, M, N, K, seed
// and backends; Run (on the worker); a table per backend (cells bit-identical to the CPU model,
// ulps from the IEEE reference, time) and the ulp heat map of a chosen pair, with each cell's values.
#pragma once

#include "app/gui/gpu_lab/gemm_job.h"

#include <QMap>
#include <QWidget>

#include <optional>
#include <set>

class QAction;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QSpinBox;
class QTableView;
class QToolButton;

namespace fplab::gui {

class GpuLabSettings;
class JobRunner;
class TextTableModel;
class UlpHeatMap;

class GemmPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GemmPanel)

public:
    enum Column { Backend, Instruction, IdenticalToModel, MaxUlps, MeanUlps, Time, Note, ColumnCount };

    GemmPanel(GpuLabSettings& settings, JobRunner& runner, QAction* runAction, QWidget* parent = nullptr);
    ~GemmPanel() override;

    // Enables the GPU backends that can run the chosen type (call once the device is known).
    void setDevicesKnown();
    GemmJobRequest requestFromControls() const;
    void setControls(const GemmJobRequest& request);
    // Starts a run on the worker; false (and a message) when the runner is busy.
    bool startRun();
    // Runs on this thread and shows the result (screenshots).
    void runNow(const GemmJobRequest& request);
    void saveSettings();
    void retranslate();
    // The words for a backend on its check box (the table shows the backends' own names).
    static QString backendText(gpu::BackendChoice b);

    // For tests.
    QComboBox* inputCombo() const { return m_input; }
    QComboBox* accumCombo() const { return m_accum; }
    QComboBox* archCombo() const { return m_arch; }
    QComboBox* zeroProductsCombo() const { return m_zeroProducts; }
    QComboBox* zeroSignCombo() const { return m_zeroSign; }
    QSpinBox* mSpin() const { return m_m; }
    QSpinBox* nSpin() const { return m_n; }
    QSpinBox* kSpin() const { return m_k; }
    QSpinBox* seedSpin() const { return m_seed; }
    QCheckBox* backendCheck(gpu::BackendChoice b) const { return m_backendChecks.value(b); }
    QComboBox* pairCombo() const { return m_pair; }
    TextTableModel* resultsModel() const { return m_model; }
    UlpHeatMap* heatMap() const { return m_heatMap; }
    QLabel* cellLabel() const { return m_cellText; }
    QLabel* summaryLabel() const { return m_summary; }
    const std::optional<GemmJobResult>& result() const { return m_result; }
    // The hover text of a cell of the pair shown (what the heat map's tooltip says).
    QString cellToolTip(int row, int column) const;
    void showCell(int row, int column);

signals:
    void message(const QString& text, int timeoutMs);

private:
    void buildControls(QAction* runAction);
    void fillCombos();
    void fillAccumulators();
    void setCornerControls(tc::Arch arch, std::optional<tc::CornerReadings> corners);
    void updateBackendChecks();
    void showResult(GemmJobResult result);
    void fillTable();
    void fillPairs();
    void showPair();
    const gpu::OutputComparison* shownPair() const;
    QString valueText(const std::string& backend, std::size_t cell) const;

    GpuLabSettings& m_settings;
    JobRunner& m_runner;
    bool m_devicesKnown = false;
    QGroupBox* m_box;
    QFormLayout* m_form;
    QComboBox* m_input;
    QComboBox* m_accum;
    QComboBox* m_arch;
    QSpinBox* m_m;
    QSpinBox* m_n;
    QSpinBox* m_k;
    QSpinBox* m_seed;
    QComboBox* m_dist;
    QComboBox* m_zeroProducts; // the model's two open corners: "dropped" / "counted"
    QComboBox* m_zeroSign;     // "sum" / "positive"
    QGroupBox* m_backendBox;
    QMap<gpu::BackendChoice, QCheckBox*> m_backendChecks;
    // The backends the user wants: a backend that cannot run here is shown unticked, and ticked again
    // (and saved as wanted) when it can.
    std::set<gpu::BackendChoice> m_wanted;
    QToolButton* m_runButton;
    QLabel* m_summary;
    TextTableModel* m_model;
    QTableView* m_table;
    QLabel* m_pairLabel;
    QComboBox* m_pair;
    UlpHeatMap* m_heatMap;
    QLabel* m_cellText;
    std::optional<GemmJobResult> m_result;
};

} // namespace fplab::gui
