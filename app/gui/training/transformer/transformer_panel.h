// The Training section's transformer page: the form, Start / Pause / Cancel / Clear runs / Run every preset with
// the progress and steps per second, and five tabs: loss and held-out accuracy of every kept run overlaid, the first
// overflow with its link to the Arithmetic section, one example's attention, the last run's per-block statistics and
// its dtype trace.
// Runs go through the JobRunner.
#pragma once

#include "app/gui/common/job_runner.h"
#include "app/gui/training/transformer/transformer_job.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QWidget>

#include <deque>
#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QTimer;

namespace fplab::gui {

class AttentionHeatmapView;
class DtypeTraceView;
class LayerSeriesView;
class OverflowReportView;
class SettingsStore;
class TransformerChartsView;
class TransformerForm;

class TransformerPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransformerPanel)

public:
    static constexpr int kMaxKeptRuns = 8;

    explicit TransformerPanel(SettingsStore& store, QWidget* parent = nullptr);
    ~TransformerPanel() override;

    // Starts a run of the form's configuration on the worker thread; false (and why, in the status) when refused.
    bool start();
    void togglePause();
    void cancel();
    // Removes the kept runs (not one in progress).
    void clearRuns();
    // Runs every preset of core's kAllTransformerPresets in turn with the form's other settings, each kept and
    // overlaid; Cancel stops the queue, and the form gets its preset back at the end. False when refused.
    bool runEveryPreset();
    bool runningEveryPreset() const { return m_presetRestore.has_value(); }
    // Writes the shown run's steps as `fplab-cli train --model transformer --csv` does; empty when written, otherwise
    // what went wrong (also in the status line). exportCsvAs asks for the file first.
    QString exportCsv(const QString& path);
    void exportCsvAs();
    // Runs `config` to its end on this thread and shows it (screenshots).
    void showCompletedRun(const TransformerRunConfig& config);
    bool isRunning() const { return m_runner.isBusy(); }
    bool isPaused() const;
    JobRunner& runner() { return m_runner; }
    // The runs shown: the kept ones, then the one in progress.
    int runCount() const;
    const TransformerRunRecord& lastRun() const;
    double stepsPerSecond() const;

    // The form's settings and the kept runs in a session file, and back (problems listed, valid fields and runs
    // applied).
    QJsonObject saveSession() const;
    QStringList restoreSession(const QJsonObject& in, const QString& sectionTitle);

    TransformerForm* form() const { return m_form; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* pauseButton() const { return m_pause; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* clearButton() const { return m_clear; }
    QPushButton* everyPresetButton() const { return m_everyPreset; }
    QPushButton* exportCsvButton() const { return m_exportCsv; }
    QLabel* statusLabel() const { return m_status; }
    QTabWidget* tabs() const { return m_tabs; }
    TransformerChartsView* charts() const { return m_charts; }
    OverflowReportView* overflowView() const { return m_overflow; }
    AttentionHeatmapView* attentionView() const { return m_attention; }
    LayerSeriesView* layerSeries() const { return m_layers; }
    DtypeTraceView* dtypeTrace() const { return m_trace; }
    void retranslate();

signals:
    void statusMessage(const QString& text, int timeoutMs);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct KeptRun {
        QString name;
        int colorSlot = 0;
        TransformerRunRecord record;
    };
    void poll();
    void finished(const JobOutcome& outcome);
    // Keeps a run under `name` (default: the run's preset), made unique.
    void keep(const TransformerRunRecord& record, const QString& name = {});
    void showRuns();
    void refresh();
    QString runName(const TransformerRunConfig& config) const;
    int freeColorSlot() const;
    void fitFormWidth();
    const TransformerRunRecord& shownRun() const; // the run the tabs show
    void nextPreset();
    void endPresetQueue();

    TransformerForm* m_form;
    JobRunner m_runner;
    std::shared_ptr<TransformerJobState> m_state;
    std::vector<KeptRun> m_kept;
    TransformerRunRecord m_current; // the run in progress (or the last one, once kept)
    bool m_currentKept = true;
    QString m_failure;                                          // the last run's error, if it failed
    std::deque<training::TransformerPreset> m_presetQueue;      // Run every preset: the presets still to run
    std::optional<training::TransformerPreset> m_presetRestore; // the form's preset before the queue
    int m_presetIndex = 0;                                      // of the preset that runs, from 1
    QScrollArea* m_scroll;
    QTimer* m_poll;
    QElapsedTimer m_active; // time running, without pauses
    qint64 m_activeMs = 0;
    QPushButton* m_start;
    QPushButton* m_pause;
    QPushButton* m_cancel;
    QPushButton* m_clear;
    QPushButton* m_everyPreset;
    QPushButton* m_exportCsv;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTabWidget* m_tabs;
    TransformerChartsView* m_charts;
    OverflowReportView* m_overflow;
    AttentionHeatmapView* m_attention;
    LayerSeriesView* m_layers;
    DtypeTraceView* m_trace;
};

} // namespace fplab::gui
