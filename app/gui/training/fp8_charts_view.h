// The FP8 modes' charts: per FP8 tensor the amax, the scale, the fraction saturated and the fraction
// flushed to zero over the steps, and the loss against a BF16 run of the same configuration. Every
// series is decimated (SeriesDecimator, min and max per bucket) to fewer than kMaxPoints points.
#pragma once

#include "app/gui/common/series_decimator.h"
#include "app/gui/training/training_run_data.h"

#include <QList>
#include <QWidget>

class QLabel;

#include <string>
#include <utility>
#include <vector>

class QChartView;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace fplab::gui {

class Fp8ChartsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Fp8ChartsView)

public:
    static constexpr int kMaxPoints = 500;

    explicit Fp8ChartsView(QWidget* parent = nullptr);
    ~Fp8ChartsView() override;

    // The run's steps not shown yet (all of them when it is a new run).
    void showRun(const TrainingRunData& run);
    void retranslate();

    const std::vector<QLineSeries*>& scaleSeries() const { return m_scale; }
    const std::vector<QLineSeries*>& saturatedSeries() const { return m_saturated; }
    const std::vector<QLineSeries*>& flushedSeries() const { return m_flushed; }
    QLineSeries* lossSeries() const { return m_loss; }
    // amax, scale, saturated, flushed, loss.
    QList<QChartView*> chartViews() const;
    QLabel* tensorKey() const { return m_legend; }
    QLineSeries* bf16LossSeries() const { return m_bf16Loss; }

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Chart {
        QChartView* view = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;       // linear charts
        QLogValueAxis* logY = nullptr; // log charts
        double base = 10;              // of the log axis's ticks before a wide range coarsens them
        double low = 1, high = 1;
        bool seen = false;
    };
    // A new run: one series per FP8 tensor (none: the run is not in an FP8 mode).
    void clear(const std::vector<std::string>& tensors, int totalSteps);
    Chart makeChart(bool logY, double base);
    void attach(Chart& c, QLineSeries* s);
    void widen(Chart& c, double v);
    void restyle();
    void redraw();
    void fitStepAxes(int lastStep);

    Chart m_amaxChart, m_scaleChart, m_saturatedChart, m_flushedChart, m_lossChart;
    QLabel* m_legend = nullptr; // one legend for the four per-tensor charts (theirs would not fit)
    std::vector<std::string> m_tensors;
    std::vector<QLineSeries*> m_amax, m_scale, m_saturated, m_flushed;
    QLineSeries* m_loss = nullptr;
    QLineSeries* m_bf16Loss = nullptr;
    // Per series, in the order of m_amax, m_scale, m_saturated, m_flushed, then the loss and the BF16 loss.
    std::vector<SeriesDecimator> m_points;
    std::uint64_t m_runId = 0;
    std::size_t m_read = 0, m_readBf16 = 0; // the run's steps and BF16 losses appended so far
    int m_totalSteps = 2;
    int m_lastStep = 0;
    int m_stepAxisEnd = 0; // see stepAxisEnd
};

} // namespace fplab::gui
