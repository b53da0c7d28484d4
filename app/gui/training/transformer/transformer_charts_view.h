// The transformer's loss and held-out accuracy (the task's: exact match or next-character accuracy) over the steps:
// the runs kept this session, one colour each, overlaid with the run in progress.
#pragma once

#include "app/gui/training/transformer/transformer_job.h"

#include <QWidget>

#include <vector>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace fplab::gui {

struct ShownTransformerRun {
    QString name;
    int colorSlot = 0;
    const TransformerRunRecord* record = nullptr;
};

class TransformerChartsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransformerChartsView)

public:
    explicit TransformerChartsView(QWidget* parent = nullptr);
    ~TransformerChartsView() override;

    void showRuns(const std::vector<ShownTransformerRun>& runs);
    // The accuracy chart's words: exact match of held-out sums or next-character accuracy.
    void setTask(TransformerTask task);
    QChart* lossChart() const;
    QChart* accuracyChart() const;
    // The series of run `index` of the last showRuns.
    QLineSeries* lossSeries(int index) const;
    QLineSeries* accuracySeries(int index) const;
    QLabel* legend() const { return m_legend; }
    void retranslate();

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    TransformerTask m_task = TransformerTask::Addition;
    QChartView* m_lossView;
    QChartView* m_accuracyView;
    QLabel* m_legend;
    QValueAxis* m_lossX;
    QValueAxis* m_accuracyX;
    QLogValueAxis* m_lossY;
    QValueAxis* m_accuracyY;
    std::vector<int> m_colorSlots;
    std::vector<QLineSeries*> m_loss, m_accuracy;
};

} // namespace fplab::gui
