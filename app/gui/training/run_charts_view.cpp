// Loss (log axis) and scale (log2 axis) charts: the run's new steps go into the decimators, and the
// series are replaced by the decimators' bounded points once per update.
#include "app/gui/training/run_charts_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/training/step_axis.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

RunChartsView::RunChartsView(QWidget* parent) : QWidget(parent) {
    m_lossView = makeChartView(this);
    m_scaleView = makeChartView(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_lossView, 3);
    layout->addWidget(m_scaleView, 2);

    QChart* lc = m_lossView->chart();
    m_loss = new QLineSeries(this);
    m_smoothed = new QLineSeries(this);
    lc->addSeries(m_loss);
    lc->addSeries(m_smoothed);
    m_lossX = new QValueAxis(this);
    m_lossX->setLabelFormat(QStringLiteral("%d"));
    m_lossY = new QLogValueAxis(this);
    m_lossY->setLabelFormat(QStringLiteral("%.3g"));
    lc->addAxis(m_lossX, Qt::AlignBottom);
    lc->addAxis(m_lossY, Qt::AlignLeft);
    for (QXYSeries* s : {static_cast<QXYSeries*>(m_loss), static_cast<QXYSeries*>(m_smoothed)}) {
        s->attachAxis(m_lossX);
        s->attachAxis(m_lossY);
    }
    lc->legend()->setAlignment(Qt::AlignBottom);

    QChart* sc = m_scaleView->chart();
    m_scale = new QLineSeries(this);
    m_skipped = new QScatterSeries(this);
    m_skipped->setMarkerSize(7);
    sc->addSeries(m_scale);
    sc->addSeries(m_skipped);
    m_scaleX = new QValueAxis(this);
    m_scaleX->setLabelFormat(QStringLiteral("%d"));
    m_scaleY = new QLogValueAxis(this);
    sc->addAxis(m_scaleX, Qt::AlignBottom);
    sc->addAxis(m_scaleY, Qt::AlignLeft);
    // Scales are powers of two: labelled 2^16, not 65536 or 2.1474836e+09.
    applyPowerOfTwoAxis(sc, m_scaleY, 0.5, 2);
    for (QXYSeries* s : {static_cast<QXYSeries*>(m_scale), static_cast<QXYSeries*>(m_skipped)}) {
        s->attachAxis(m_scaleX);
        s->attachAxis(m_scaleY);
    }
    clear(100);
    retranslate();
    restyle();
}

RunChartsView::~RunChartsView() = default;

int RunChartsView::smoothingSpan(int totalSteps) { return std::clamp(totalSteps / 50, 1, 500); }

void RunChartsView::retranslate() {
    m_lossView->chart()->setTitle(tr("Loss (mean cross-entropy of each step)"));
    m_lossX->setTitleText(tr("step"));
    m_loss->setName(tr("each step"));
    // The span belongs to a run: before the first one there is nothing to average.
    m_smoothed->setName(m_span > 1 && m_runId != 0 ? tr("smoothed (moving average over about %1 steps)").arg(m_span)
                                                   : tr("smoothed"));
    m_scaleView->chart()->setTitle(tr("Loss scale"));
    m_scaleX->setTitleText(tr("step"));
    m_scale->setName(tr("scale used"));
    m_skipped->setName(tr("skipped step (inf/NaN gradients)"));
}

void RunChartsView::setRunName(const QString& name) {
    if (name.isEmpty()) {
        m_lossView->chart()->setTitle(tr("Loss (mean cross-entropy of each step)"));
        m_scaleView->chart()->setTitle(tr("Loss scale"));
        return;
    }
    m_lossView->chart()->setTitle(tr("Loss of the %1 run").arg(name));
    m_scaleView->chart()->setTitle(tr("Loss scale of the %1 run").arg(name));
}

void RunChartsView::restyle() {
    const QPalette pal = palette();
    styleChart(m_lossView->chart(), pal);
    styleChart(m_scaleView->chart(), pal);
    fitLegend(m_scaleView->chart());
    // The raw loss faint and thin, the smoothed line over it in the same colour, strong.
    QColor faint = seriesColor(0, pal);
    faint.setAlphaF(0.35);
    QPen pen(faint);
    pen.setWidthF(1.0);
    m_loss->setPen(pen);
    pen.setColor(seriesColor(0, pal));
    pen.setWidthF(2.0);
    m_smoothed->setPen(pen);
    pen.setColor(seriesColor(1, pal));
    pen.setWidthF(1.5);
    m_scale->setPen(pen);
    m_skipped->setColor(highlightColor(pal));
    m_skipped->setBorderColor(highlightColor(pal));
}

void RunChartsView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
}

void RunChartsView::clear(int totalSteps) {
    for (SeriesDecimator* d : {&m_lossPoints, &m_smoothedPoints, &m_scalePoints, &m_skippedPoints}) d->clear();
    m_loss->clear();
    m_smoothed->clear();
    m_scale->clear();
    m_skipped->clear();
    m_seenLoss = m_seenScale = false;
    m_lossMin = m_lossMax = 1;
    m_scaleMin = m_scaleMax = 1;
    m_span = smoothingSpan(totalSteps);
    m_ema = m_emaWeight = 0;
    m_totalSteps = std::max(2, totalSteps);
    m_stepAxisEnd = m_lastStep = 0;
    fitStepAxes(0);
    m_lossY->setRange(0.01, 10);
    applyPowerOfTwoAxis(m_scaleView->chart(), m_scaleY, 0.5, 2);
}

void RunChartsView::showRun(const TrainingRunData& run) {
    if (run.id != m_runId) {
        clear(run.empty() ? 100 : run.setup.config.steps);
        m_runId = run.id;
        retranslate(); // the smoothing span is in the legend
        m_read = 0;
    }
    if (m_read >= run.steps.size()) return;
    for (; m_read < run.steps.size(); ++m_read) add(run.steps[m_read]);
    redraw();
}

void RunChartsView::add(const training::StepRecord& r) {
    const double x = r.step;
    m_lastStep = r.step;
    if (std::isfinite(r.loss) && r.loss > 0) {
        if (!m_seenLoss) m_lossMin = m_lossMax = r.loss;
        m_seenLoss = true;
        m_lossPoints.add(x, r.loss);
        m_lossMin = std::min(m_lossMin, double(r.loss));
        m_lossMax = std::max(m_lossMax, double(r.loss));
        // An exponential moving average with the start-up bias divided out (as TensorBoard smooths).
        const double beta = 1.0 - 1.0 / m_span;
        m_ema = beta * m_ema + (1.0 - beta) * r.loss;
        m_emaWeight = beta * m_emaWeight + (1.0 - beta);
        m_smoothedPoints.add(x, m_ema / m_emaWeight);
    }
    if (!m_seenScale) m_scaleMin = m_scaleMax = r.scale;
    m_seenScale = true;
    m_scalePoints.add(x, r.scale);
    if (r.skipped) m_skippedPoints.add(x, r.scale);
    m_scaleMin = std::min(m_scaleMin, double(r.scale));
    m_scaleMax = std::max(m_scaleMax, double(r.scale));
}

void RunChartsView::fitStepAxes(int lastStep) {
    const int end = stepAxisEnd(m_totalSteps, lastStep);
    if (end == m_stepAxisEnd) return;
    m_stepAxisEnd = end;
    applyNiceAxis(m_lossX, 0, end, true);
    applyNiceAxis(m_scaleX, 0, end, true);
}

void RunChartsView::redraw() {
    fitStepAxes(m_lastStep);
    m_loss->replace(m_lossPoints.points());
    m_smoothed->replace(m_smoothedPoints.points());
    m_scale->replace(m_scalePoints.points());
    m_skipped->replace(m_skippedPoints.points());
    // Whole powers of ten / two around the data, so the log axes keep readable ticks.
    if (m_seenLoss)
        m_lossY->setRange(std::pow(10.0, std::floor(std::log10(m_lossMin))),
                          std::pow(10.0, std::ceil(std::log10(m_lossMax) + 1e-9)));
    if (m_seenScale)
        applyPowerOfTwoAxis(m_scaleView->chart(), m_scaleY, std::exp2(std::floor(std::log2(m_scaleMin)) - 1),
                            std::exp2(std::ceil(std::log2(m_scaleMax)) + 1), 6);
}

} // namespace fplab::gui
