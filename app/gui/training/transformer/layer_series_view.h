// The transformer run's per-block statistics over the steps (core's TransformerStats): one chart, one line per
// block, of the statistic chosen: max attention logit, softmax saturation, outlier channels of the MLP input,
// residual stream RMS or update-to-weight ratio.
#pragma once

#include "app/gui/training/transformer/transformer_job.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QValueAxis;

namespace fplab::gui {

enum class LayerStatistic : std::uint8_t {
    MaxAttentionLogit,
    SoftmaxSaturation,
    OutlierChannels,
    ResidualRms,
    UpdateRatio
};

class LayerSeriesView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LayerSeriesView)

public:
    explicit LayerSeriesView(QWidget* parent = nullptr);
    ~LayerSeriesView() override;

    void showRun(const TransformerRunRecord& run);
    void setStatistic(LayerStatistic statistic);
    QComboBox* statisticCombo() const { return m_statistic; }
    QChart* chart() const;
    int seriesCount() const { return int(m_series.size()); }
    QLineSeries* series(int block) const;
    void retranslate();

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void restyle();

    TransformerRunRecord m_run;
    QLabel* m_statisticLabel;
    QComboBox* m_statistic;
    QChartView* m_view;
    QValueAxis* m_x;
    QValueAxis* m_y;
    std::vector<QLineSeries*> m_series;
};

} // namespace fplab::gui
