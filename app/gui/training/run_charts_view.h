// The loss and the loss scale over the steps of a run (skipped steps marked), as two charts. The loss
// chart draws each step's loss faintly and a smoothed line (an exponential moving average) over it.
// Every series is decimated (SeriesDecimator: at most about 600 points, min and max per bucket), so an
// update costs the same at step 100 and step 100,000; the full data stays in the run (TrainingRunData).
#pragma once

#include "app/gui/common/series_decimator.h"
#include "app/gui/training/training_run_data.h"

#include <QWidget>

class QChartView;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace fplab::gui {

class RunChartsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunChartsView)

public:
    static constexpr int kMaxBuckets = 300; // per series: at most 2 * kMaxBuckets + 1 points

    explicit RunChartsView(QWidget* parent = nullptr);
    ~RunChartsView() override;

    // The run's steps not shown yet (all of them when it is a new run).
    void showRun(const TrainingRunData& run);
    void retranslate();
    // Names the run in the charts' titles (empty: no run shown); call after retranslate().
    void setRunName(const QString& name);
    // The smoothing span for a run of `totalSteps` steps: the moving average's weight 1 - 1/span.
    static int smoothingSpan(int totalSteps);

    QLineSeries* lossSeries() const { return m_loss; }
    QLineSeries* smoothedLossSeries() const { return m_smoothed; }
    QLineSeries* scaleSeries() const { return m_scale; }
    QScatterSeries* skippedSeries() const { return m_skipped; }
    QValueAxis* stepAxis() const { return m_lossX; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void clear(int totalSteps);
    void add(const training::StepRecord& r);
    void redraw();
    void fitStepAxes(int lastStep);
    void restyle();

    QChartView* m_lossView;
    QChartView* m_scaleView;
    QLineSeries* m_loss;
    QLineSeries* m_smoothed;
    QLineSeries* m_scale;
    QScatterSeries* m_skipped;
    QValueAxis* m_lossX;
    QLogValueAxis* m_lossY;
    QValueAxis* m_scaleX;
    QLogValueAxis* m_scaleY;
    int m_totalSteps = 100;
    int m_lastStep = 0;
    int m_stepAxisEnd = 0; // the step axes' end: grows by doubling with the steps done, up to the run's length
    SeriesDecimator m_lossPoints{kMaxBuckets}, m_smoothedPoints{kMaxBuckets}, m_scalePoints{kMaxBuckets},
        m_skippedPoints{kMaxBuckets};
    double m_lossMin = 1, m_lossMax = 1, m_scaleMin = 1, m_scaleMax = 1;
    bool m_seenLoss = false, m_seenScale = false;
    int m_span = 1;
    double m_ema = 0, m_emaWeight = 0; // the moving average before its bias correction, and 1 - beta^n
    std::uint64_t m_runId = 0;
    std::size_t m_read = 0; // the run's steps added so far
};

} // namespace fplab::gui
