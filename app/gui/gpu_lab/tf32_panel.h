// The GPU Lab's TF32 demonstration: one FP32 GEMM with TF32 off ("highest") and on ("high"), the
// error of each against FP64 from the CPU model, and with a GPU also cuBLAS's result and speed.
#pragma once

#include "app/gui/gpu_lab/tf32_job.h"

#include <QWidget>

#include <optional>

class QAction;
class QBarCategoryAxis;
class QBarSeries;
class QChartView;
class QLogValueAxis;
class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;
class QToolButton;

namespace fplab::gui {

class GpuLabSettings;
class JobRunner;
class TextTableModel;

class Tf32Panel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Tf32Panel)

public:
    enum Column { Precision, ComputedBy, MaxError, RelativeError, MeanUlps, Time, Tflops, ColumnCount };

    Tf32Panel(GpuLabSettings& settings, JobRunner& runner, QAction* runAction, QWidget* parent = nullptr);
    ~Tf32Panel() override;

    void setGpuAvailable(bool available) { m_gpu = available; }
    Tf32JobRequest requestFromControls() const;
    bool startRun();
    void runNow(const Tf32JobRequest& request);
    void saveSettings();
    void retranslate();

    // For tests.
    QSpinBox* sizeSpin() const { return m_size; }
    QSpinBox* seedSpin() const { return m_seed; }
    TextTableModel* model() const { return m_model; }
    QLabel* conclusionLabel() const { return m_conclusion; }
    QBarSeries* errorBars() const { return m_bars; }
    const std::optional<Tf32JobResult>& result() const { return m_result; }

signals:
    void message(const QString& text, int timeoutMs);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showResult(Tf32JobResult result);
    void fill();
    void fillChart();

    GpuLabSettings& m_settings;
    JobRunner& m_runner;
    bool m_gpu = false;
    QLabel* m_intro;
    QLabel* m_sizeLabel;
    QSpinBox* m_size;
    QLabel* m_seedLabel;
    QSpinBox* m_seed;
    QToolButton* m_runButton;
    TextTableModel* m_model;
    QTableView* m_table;
    QLabel* m_conclusion;
    QChartView* m_chartView;
    QBarSeries* m_bars;
    QBarCategoryAxis* m_axisX;
    QLogValueAxis* m_axisY;
    std::optional<Tf32JobResult> m_result;
};

} // namespace fplab::gui
