// The loss and the loss scale over the steps of a run (skipped steps marked), as two charts.
#pragma once

#include "app/gui/training/training_run_data.h"

#include <QWidget>

#include <vector>

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
    explicit RunChartsView(QWidget* parent = nullptr);
    ~RunChartsView() override;

    // The run's steps not shown yet (all of them when it is a new run).
    void showRun(const TrainingRunData& run);
    void clear(int totalSteps);
    void append(const std::vector<training::StepRecord>& steps);
    void retranslate();

    // For tests.
    QLineSeries* lossSeries() const { return m_loss; }
    QLineSeries* scaleSeries() const { return m_scale; }
    QScatterSeries* skippedSeries() const { return m_skipped; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    QChartView* m_lossView;
    QChartView* m_scaleView;
    QLineSeries* m_loss;
    QLineSeries* m_scale;
    QScatterSeries* m_skipped;
    QValueAxis* m_lossX;
    QLogValueAxis* m_lossY;
    QValueAxis* m_scaleX;
    QLogValueAxis* m_scaleY;
    double m_lossMin = 1, m_lossMax = 1, m_scaleMin = 1, m_scaleMax = 1;
    int m_points = 0;
    std::uint64_t m_runId = 0;
    std::size_t m_read = 0; // the run's steps appended so far
};

} // namespace fplab::gui
