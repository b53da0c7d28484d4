// The FP8 modes' charts: per FP8 tensor the amax, the scale, the fraction saturated and the fraction
// flushed to zero over the steps, and the loss against a BF16 run of the same configuration. Long
// runs are thinned to at most about kMaxPoints points per series, appended in batches.
#pragma once

#include "app/gui/training/training_run_data.h"

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
    // A new run: one series per FP8 tensor (none: the run is not in an FP8 mode).
    void clear(const std::vector<std::string>& tensors, int totalSteps);
    // The steps, and the BF16 run's loss at the same steps (step, loss).
    void append(const std::vector<training::StepRecord>& steps, const std::vector<std::pair<int, float>>& bf16Loss);
    void retranslate();

    // For tests.
    const std::vector<QLineSeries*>& scaleSeries() const { return m_scale; }
    const std::vector<QLineSeries*>& saturatedSeries() const { return m_saturated; }
    const std::vector<QLineSeries*>& flushedSeries() const { return m_flushed; }
    QLineSeries* lossSeries() const { return m_loss; }
    QLineSeries* bf16LossSeries() const { return m_bf16Loss; }

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Chart {
        QChartView* view = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;    // linear charts
        QLogValueAxis* logY = nullptr; // log charts
        double base = 10;              // of the log axis's ticks before a wide range coarsens them
        double low = 1, high = 1;
        bool seen = false;
    };
    Chart makeChart(bool logY, double base);
    void attach(Chart& c, QLineSeries* s);
    void widen(Chart& c, double v);
    void restyle();
    bool wanted(int step) const { return step % m_stride == 0 || step == m_totalSteps; }

    Chart m_amaxChart, m_scaleChart, m_saturatedChart, m_flushedChart, m_lossChart;
    QLabel* m_legend = nullptr; // one legend for the four per-tensor charts (theirs would not fit)
    std::vector<std::string> m_tensors;
    std::vector<QLineSeries*> m_amax, m_scale, m_saturated, m_flushed;
    QLineSeries* m_loss = nullptr;
    QLineSeries* m_bf16Loss = nullptr;
    int m_stride = 1;
    std::uint64_t m_runId = 0;
    std::size_t m_read = 0, m_readBf16 = 0; // the run's steps and BF16 losses appended so far
    int m_totalSteps = 1;
};

} // namespace fplab::gui
