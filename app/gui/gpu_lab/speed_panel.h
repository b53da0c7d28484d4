// The GPU Lab's speed table: GEMM throughput per data type measured on the GPU (on the worker)
// next to the datasheet's dense peak, as a table and a bar chart. Without a GPU it shows the
// datasheet of a GPU the user picks and says that measurements need one. Below, the GEMM ladder
// (LadderChart): measured here with a GPU, otherwise the recorded results of docs/gpu-results/.
#pragma once

#include "gpu/bench.h"
#include "gpu/device_info.h"

#include <QWidget>

#include <optional>
#include <vector>

class QAction;
class QBarCategoryAxis;
class QBarSeries;
class QChartView;
class QComboBox;
class QLabel;
class QLogValueAxis;
class QTableView;
class QToolButton;

namespace fplab::gpu {
struct DatasheetEntry;
}

namespace fplab::gui {

class GpuLabSettings;
class LadderChart;
class JobRunner;
class TextTableModel;

class SpeedPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SpeedPanel)

public:
    enum Column { Type, Measured, Peak, PercentOfPeak, ColumnCount };

    SpeedPanel(GpuLabSettings& settings, JobRunner& runner, QAction* measureAction, QWidget* parent = nullptr);
    ~SpeedPanel() override;

    // The device is known: pick its datasheet entry and enable measuring when there is a GPU.
    void setDevice(const gpu::DeviceQuery& query);
    bool startMeasuring();
    // Times cuBLAS and the ladder's rungs at the chosen size (on the worker).
    bool startLadder();
    // Shows measured rows as if a run had produced them (tests and screenshots of a GPU's table).
    void showMeasured(std::vector<gpu::BenchRow> rows);
    void saveSettings();
    void retranslate();

    // For tests.
    QComboBox* datasheetCombo() const { return m_sheet; }
    QComboBox* sizeCombo() const { return m_size; }
    TextTableModel* model() const { return m_model; }
    QLabel* noteLabel() const { return m_note; }
    QBarSeries* barSeries() const { return m_bars; }
    LadderChart* ladderChart() const { return m_ladder; }
    const gpu::DatasheetEntry* selectedEntry() const;
    // This session's measurements, else the committed record's at the chosen size (m_recorded).
    const std::vector<gpu::BenchRow>& shownRows() const;

signals:
    void message(const QString& text, int timeoutMs);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();
    void fillChart();

    GpuLabSettings& m_settings;
    JobRunner& m_runner;
    QAction* m_measureAction;
    std::optional<gpu::DeviceQuery> m_query;
    std::vector<gpu::BenchRow> m_measured;
    std::vector<gpu::BenchRow> m_recorded; // the committed H100 record's rows at the chosen size
    QLabel* m_sheetLabel;
    QComboBox* m_sheet;
    QLabel* m_sizeLabel;
    QComboBox* m_size;
    QToolButton* m_measureButton;
    QLabel* m_note;
    TextTableModel* m_model;
    QTableView* m_table;
    QChartView* m_chartView;
    QBarSeries* m_bars;
    QBarCategoryAxis* m_axisX;
    QLogValueAxis* m_axisY;
    LadderChart* m_ladder;
    bool m_ladderMeasured = false;
};

} // namespace fplab::gui
