#include "app/gui/training/transformer/layer_series_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/enum_combo.h"
#include "app/gui/common/series_decimator.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

namespace {

constexpr int kBuckets = 400;

double valueOf(const LayerPoint& p, LayerStatistic s) {
    switch (s) {
    case LayerStatistic::MaxAttentionLogit: return p.maxAttentionLogit;
    case LayerStatistic::SoftmaxSaturation: return 100.0 * p.saturatedFraction;
    case LayerStatistic::OutlierChannels: return p.outlierChannels;
    case LayerStatistic::ResidualRms: return p.residualRms;
    case LayerStatistic::UpdateRatio: return p.updateRatio;
    }
    return 0;
}

} // namespace

LayerSeriesView::LayerSeriesView(QWidget* parent) : QWidget(parent) {
    m_statisticLabel = new QLabel;
    m_statistic = new QComboBox;
    m_statistic->setObjectName(QStringLiteral("transformerLayerStatistic"));
    m_statisticLabel->setBuddy(m_statistic);
    m_view = makeChartView(this);
    m_view->setMinimumSize(200, 160);
    m_x = new QValueAxis(this);
    m_x->setLabelFormat(QStringLiteral("%d"));
    m_x->setTickCount(3);
    m_y = new QValueAxis(this);
    m_view->chart()->addAxis(m_x, Qt::AlignBottom);
    m_view->chart()->addAxis(m_y, Qt::AlignLeft);
    auto* choice = new QHBoxLayout;
    choice->addWidget(m_statisticLabel);
    choice->addWidget(m_statistic);
    choice->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(choice);
    layout->addWidget(m_view, 1);
    retranslate();
    connect(m_statistic, &QComboBox::currentIndexChanged, this, &LayerSeriesView::rebuild);
}

LayerSeriesView::~LayerSeriesView() = default;

QChart* LayerSeriesView::chart() const { return m_view->chart(); }

QLineSeries* LayerSeriesView::series(int block) const {
    return block >= 0 && block < int(m_series.size()) ? m_series[std::size_t(block)] : nullptr;
}

void LayerSeriesView::showRun(const TransformerRunRecord& run) {
    m_run = run;
    rebuild();
}

void LayerSeriesView::setStatistic(LayerStatistic statistic) { selectEnum(m_statistic, statistic); }

void LayerSeriesView::retranslate() {
    m_statisticLabel->setText(tr("&Series"));
    {
        const QSignalBlocker blocker(m_statistic);
        const LayerStatistic current = currentEnum(m_statistic, LayerStatistic::MaxAttentionLogit);
        m_statistic->clear();
        addEnumItem(m_statistic, tr("Max attention logit"), LayerStatistic::MaxAttentionLogit);
        addEnumItem(m_statistic, tr("Softmax rows saturated (%)"), LayerStatistic::SoftmaxSaturation);
        addEnumItem(m_statistic, tr("Outlier channels of the MLP input"), LayerStatistic::OutlierChannels);
        addEnumItem(m_statistic, tr("Residual stream RMS"), LayerStatistic::ResidualRms);
        addEnumItem(m_statistic, tr("Update-to-weight ratio"), LayerStatistic::UpdateRatio);
        selectEnum(m_statistic, current);
    }
    m_x->setTitleText(tr("step"));
    rebuild();
}

void LayerSeriesView::rebuild() {
    m_view->chart()->removeAllSeries();
    m_series.clear();
    const LayerStatistic statistic = currentEnum(m_statistic, LayerStatistic::MaxAttentionLogit);
    const int blocks = m_run.layers.empty() ? 0 : int(m_run.layers.front().size());
    double lo = 0, hi = 1;
    for (int block = 0; block < blocks; ++block) {
        SeriesDecimator points(kBuckets);
        for (std::size_t i = 0; i < m_run.layers.size(); ++i) {
            if (block >= int(m_run.layers[i].size())) continue;
            const double v = valueOf(m_run.layers[i][std::size_t(block)], statistic);
            if (!std::isfinite(v)) continue;
            points.add(double(i < m_run.layerSteps.size() ? m_run.layerSteps[i] : int(i) + 1), v);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        auto* line = new QLineSeries;
        line->setName(tr("block %1").arg(block));
        line->append(points.points());
        m_view->chart()->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        m_series.push_back(line);
    }
    m_x->setRange(1, std::max(2, m_run.layerSteps.empty() ? int(m_run.layers.size()) : m_run.layerSteps.back()));
    applyNiceAxis(m_y, lo, hi);
    m_view->chart()->setTitle(m_statistic->currentText());
    restyle();
}

void LayerSeriesView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
}

void LayerSeriesView::restyle() {
    const QPalette pal = palette();
    styleChart(m_view->chart(), pal);
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        QPen pen(seriesColor(int(i), pal));
        pen.setWidthF(1.5);
        m_series[i]->setPen(pen);
    }
    fitLegend(m_view->chart());
}

} // namespace fplab::gui
