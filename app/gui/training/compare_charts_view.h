// The kept runs overlaid: loss, loss scale, the FP16 underflow fraction and accuracy over the steps,
// one coloured series per run in each chart (hidden runs' series hidden), at most 2 x kBuckets + 1
// points per series however long the run (common/series_decimator).
#pragma once

#include <QWidget>

#include <array>
#include <vector>

class QChart;
class QChartView;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace fplab::gui {

class RunStore;

class CompareChartsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompareChartsView)

public:
    enum Chart { Loss, Scale, Underflow, Accuracy, ChartCount };
    static constexpr int kBuckets = 500;

    explicit CompareChartsView(RunStore* store, QWidget* parent = nullptr);
    ~CompareChartsView() override;

    void retranslate();

    // The series of the run in `row` of the store (built first if the store changed while hidden).
    QLineSeries* series(Chart chart, int row);
    QChart* chart(Chart chart);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    // Rebuilds now when shown, else when next shown: a run that ends while another tab is open costs
    // the GUI thread nothing.
    void storeChanged();
    void ensureBuilt();
    void restyle();

    RunStore* m_store;
    std::array<QChartView*, ChartCount> m_views{};
    std::array<QValueAxis*, ChartCount> m_x{};
    QLogValueAxis* m_lossY;
    QLogValueAxis* m_scaleY;
    QValueAxis* m_underflowY;
    QValueAxis* m_accuracyY;
    std::vector<std::array<QLineSeries*, ChartCount>> m_series; // per run
    bool m_stale = false;
};

} // namespace fplab::gui
