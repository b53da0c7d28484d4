// The GEMM ladder in the GPU Lab's speed panel: TFLOPS per rung as bars, cuBLAS and the datasheet peak as
// lines, each rung's one-line idea below. It shows a measured run, or the recorded results of
// docs/gpu-results/ labelled "recorded on <device>, <date>", or says that there are none yet.
#pragma once

#include "gpu/ladder_results.h"

#include <QWidget>

#include <optional>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChartView;
class QLabel;
class QLineSeries;
class QToolButton;
class QValueAxis;

namespace fplab::gui {

class LadderChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LadderChart)

public:
    explicit LadderChart(QWidget* parent = nullptr);
    ~LadderChart() override;

    // recorded: read from a results file (labelled "recorded on"); otherwise measured in this session.
    void showRecord(gpu::LadderRecord record, bool recorded);
    // Nothing to show: no run in this session and no recorded results.
    void showNone();
    void setMeasureEnabled(bool enabled, const QString& why);
    void retranslate();

    // For tests.
    QLabel* noteLabel() const { return m_note; }
    QLabel* ideasLabel() const { return m_ideas; }
    QBarCategoryAxis* rungAxis() const { return m_axisX; }
    QBarSet* rungBars() const { return m_rungBars; }
    QLineSeries* cublasLine() const { return m_cublas; }
    QLineSeries* peakLine() const { return m_peak; }
    QToolButton* measureButton() const { return m_measure; }

signals:
    void measureRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();

    std::optional<gpu::LadderRecord> m_record;
    bool m_recorded = false;
    QLabel* m_note;
    QToolButton* m_measure;
    QChartView* m_chartView;
    QBarSeries* m_bars;
    QBarSet* m_rungBars = nullptr;
    QLineSeries* m_cublas;
    QLineSeries* m_peak;
    QBarCategoryAxis* m_axisX;
    QValueAxis* m_axisY;
    QLabel* m_ideas;
};

} // namespace fplab::gui
