// Rebuilt from the store on every change (at most eight runs x four series of 2 x kBuckets points).
#include "app/gui/training/compare_charts_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/series_decimator.h"
#include "app/gui/training/run_store.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fplab::gui {

using namespace fplab::training;

CompareChartsView::CompareChartsView(RunStore* store, QWidget* parent) : QWidget(parent), m_store(store) {
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (int c = 0; c < ChartCount; ++c) {
        m_views[c] = makeChartView(this);
        m_views[c]->setMinimumSize(180, 150); // four to a tab, beside the run list, within 1280x800
        layout->addWidget(m_views[c], c / 2, c % 2);
        m_x[c] = new QValueAxis(this);
        m_x[c]->setLabelFormat(QStringLiteral("%d"));
        m_x[c]->setTickCount(3); // first, middle and last step: four charts share the width
        m_views[c]->chart()->addAxis(m_x[c], Qt::AlignBottom);
        // The run list beside the charts is the legend (names in full, colours, check boxes).
        m_views[c]->chart()->legend()->hide();
    }
    m_lossY = new QLogValueAxis(this);
    m_lossY->setLabelFormat(QStringLiteral("%.3g"));
    m_scaleY = new QLogValueAxis(this);
    m_underflowY = new QValueAxis(this);
    m_underflowY->setRange(0, 1);
    m_accuracyY = new QValueAxis(this);
    m_accuracyY->setRange(0, 1);
    m_views[Loss]->chart()->addAxis(m_lossY, Qt::AlignLeft);
    m_views[Scale]->chart()->addAxis(m_scaleY, Qt::AlignLeft);
    applyPowerOfTwoAxis(m_views[Scale]->chart(), m_scaleY, 0.5, 2);
    m_views[Underflow]->chart()->addAxis(m_underflowY, Qt::AlignLeft);
    m_views[Accuracy]->chart()->addAxis(m_accuracyY, Qt::AlignLeft);
    connect(m_store, &RunStore::runsChanged, this, &CompareChartsView::storeChanged);
    retranslate();
    rebuild();
}

CompareChartsView::~CompareChartsView() = default;

QLineSeries* CompareChartsView::series(Chart chart, int row) {
    ensureBuilt();
    return row >= 0 && row < int(m_series.size()) ? m_series[std::size_t(row)][chart] : nullptr;
}

QChart* CompareChartsView::chart(Chart chart) {
    ensureBuilt();
    return m_views[chart]->chart();
}

void CompareChartsView::storeChanged() {
    if (isVisible()) rebuild();
    else m_stale = true;
}

void CompareChartsView::ensureBuilt() {
    if (m_stale) rebuild();
}

void CompareChartsView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    ensureBuilt();
}

void CompareChartsView::retranslate() {
    m_views[Loss]->chart()->setTitle(tr("Loss"));
    m_views[Scale]->chart()->setTitle(tr("Loss scale"));
    m_views[Underflow]->chart()->setTitle(tr("FP16 underflow"));
    m_views[Accuracy]->chart()->setTitle(tr("Accuracy"));
    for (QValueAxis* x : m_x) x->setTitleText(tr("step"));
    m_underflowY->setTitleText(tr("nonzero gradients → 0"));
    m_accuracyY->setTitleText(tr("of the step's examples"));
}

void CompareChartsView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
}

void CompareChartsView::restyle() {
    const QPalette pal = palette();
    for (QChartView* v : m_views) styleChart(v->chart(), pal);
    for (std::size_t row = 0; row < m_series.size() && row < m_store->runs().size(); ++row)
        for (QLineSeries* s : m_series[row]) {
            QPen pen(runColor(m_store->runs()[row].colorSlot, pal));
            pen.setWidthF(1.5);
            s->setPen(pen);
        }
}

void CompareChartsView::rebuild() {
    m_stale = false;
    for (QChartView* v : m_views) v->chart()->removeAllSeries();
    m_series.clear();
    int maxStep = 2;
    double lossMin = std::numeric_limits<double>::infinity(), lossMax = 0;
    double scaleMin = std::numeric_limits<double>::infinity(), scaleMax = 0;
    const auto positive = [](double v) { return std::isfinite(v) && v > 0; };
    for (const StoredRun& run : m_store->runs()) {
        std::array<SeriesDecimator, ChartCount> points{SeriesDecimator(kBuckets), SeriesDecimator(kBuckets),
                                                       SeriesDecimator(kBuckets), SeriesDecimator(kBuckets)};
        for (const StepRecord& r : run.steps) {
            const double x = r.step;
            if (positive(r.loss)) points[Loss].add(x, double(r.loss));
            if (positive(r.scale)) points[Scale].add(x, double(r.scale));
            if (run.columns.stats) points[Underflow].add(x, r.window.underflowFraction());
            points[Accuracy].add(x, double(r.accuracy));
            if (run.visible) {
                maxStep = std::max(maxStep, r.step);
                if (positive(r.loss))
                    lossMin = std::min(lossMin, double(r.loss)), lossMax = std::max(lossMax, double(r.loss));
                if (positive(r.scale))
                    scaleMin = std::min(scaleMin, double(r.scale)), scaleMax = std::max(scaleMax, double(r.scale));
            }
        }
        std::array<QLineSeries*, ChartCount> made{};
        for (int c = 0; c < ChartCount; ++c) {
            auto* s = new QLineSeries;
            s->setName(run.name);
            s->append(points[c].points());
            QChart* chart = m_views[c]->chart();
            chart->addSeries(s);
            for (QAbstractAxis* axis : chart->axes()) s->attachAxis(axis);
            s->setVisible(run.visible);
            made[c] = s;
        }
        m_series.push_back(made);
    }
    for (QValueAxis* x : m_x) x->setRange(1, maxStep);
    // Whole powers of ten / two around the data, so the log axes keep readable ticks.
    if (lossMax > 0)
        m_lossY->setRange(std::pow(10.0, std::floor(std::log10(lossMin))),
                          std::pow(10.0, std::ceil(std::log10(lossMax) + 1e-9)));
    else m_lossY->setRange(0.01, 10);
    const double lowExp = scaleMax > 0 ? std::floor(std::log2(scaleMin)) - 1 : -1;
    const double highExp = scaleMax > 0 ? std::ceil(std::log2(scaleMax)) + 1 : 1;
    applyPowerOfTwoAxis(m_views[Scale]->chart(), m_scaleY, std::exp2(lowExp), std::exp2(highExp), 4); // "2^k" labels
    restyle();
}

} // namespace fplab::gui
