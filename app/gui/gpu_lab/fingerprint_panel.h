// The GPU Lab's Fingerprint tab: runs probe vectors through this GPU's tensor cores (or loads a saved
// fingerprint), infers the arithmetic and shows it beside the built-in model, parameter by parameter,
// with the probe that decided each; Save writes the answers so any machine can load them.
#pragma once

#include "app/gui/gpu_lab/fingerprint_job.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace fplab::gui {

class JobRunner;
class TextTableModel;

class FingerprintPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FingerprintPanel)

public:
    enum Column { Parameter, Inferred, BuiltIn, DecidedBy, Agree, ColumnCount };

    explicit FingerprintPanel(JobRunner& runner, QWidget* parent = nullptr);
    ~FingerprintPanel() override;

    // Empty: a GPU can run the probes; otherwise why not (shown, and Run is disabled).
    void setGpuUnavailableReason(const QString& reason);
    bool startRun();
    bool startLoad(const QString& path);
    // Writes the current answers; false (and a message) when there are none or the write failed.
    bool saveTo(const QString& path);
    void retranslate();

    // For tests.
    TextTableModel* model() const { return m_model; }
    QLabel* summaryLabel() const { return m_summary; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* saveButton() const { return m_save; }
    QComboBox* typeCombo() const { return m_type; }
    const std::optional<FingerprintJobResult>& result() const { return m_result; }

signals:
    void message(const QString& text, int timeoutMs);

private:
    void showResult(FingerprintJobResult result);
    void fill();
    void updateEnabled();
    QString paramText(tc::fingerprint::Param p) const;
    QString unavailableText(gpu::GemmType type, tc::Api api) const;
    QString valueText(tc::fingerprint::Param p, int value) const;
    QString valuesText(tc::fingerprint::Param p, const std::vector<int>& values) const;

    JobRunner& m_runner;
    QString m_gpuReason;
    QLabel* m_intro;
    QLabel* m_typeLabel;
    QComboBox* m_type;
    QLabel* m_instructionLabel;
    QComboBox* m_instruction;
    QPushButton* m_run;
    QPushButton* m_load;
    QPushButton* m_save;
    QLabel* m_gpuNote;
    QLabel* m_summary;
    TextTableModel* m_model;
    QTableView* m_table;
    QLabel* m_legend;
    std::optional<FingerprintJobResult> m_result;
    int m_askedType = -1; // the type box's choice when a loaded file's cells were read as another type
};

} // namespace fplab::gui
