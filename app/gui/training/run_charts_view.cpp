// Loss (log axis) and scale (log2 axis) charts, appended to in batches as the run goes.
#include "app/gui/training/run_charts_view.h"

#include "app/gui/common/chart_style.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
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
    lc->addSeries(m_loss);
    m_lossX = new QValueAxis(this);
    m_lossX->setLabelFormat(QStringLiteral("%d"));
    m_lossY = new QLogValueAxis(this);
    m_lossY->setLabelFormat(QStringLiteral("%.3g"));
    lc->addAxis(m_lossX, Qt::AlignBottom);
    lc->addAxis(m_lossY, Qt::AlignLeft);
    m_loss->attachAxis(m_lossX);
    m_loss->attachAxis(m_lossY);
    lc->legend()->hide();

    QChart* sc = m_scaleView->chart();
    m_scale = new QLineSeries(this);
    m_skipped = new QScatterSeries(this);
    m_skipped->setMarkerSize(7);
    sc->addSeries(m_scale);
    sc->addSeries(m_skipped);
    m_scaleX = new QValueAxis(this);
    m_scaleX->setLabelFormat(QStringLiteral("%d"));
    m_scaleY = new QLogValueAxis(this);
    m_scaleY->setBase(2);
    // Scales are powers of two: enough digits to print them exactly (65536, 0.0009765625), not 6.55e+04.
    m_scaleY->setLabelFormat(QStringLiteral("%.8g"));
    sc->addAxis(m_scaleX, Qt::AlignBottom);
    sc->addAxis(m_scaleY, Qt::AlignLeft);
    for (QXYSeries* s : {static_cast<QXYSeries*>(m_scale), static_cast<QXYSeries*>(m_skipped)}) {
        s->attachAxis(m_scaleX);
        s->attachAxis(m_scaleY);
    }
    retranslate();
    restyle();
    clear(100);
}

RunChartsView::~RunChartsView() = default;

void RunChartsView::retranslate() {
    m_lossView->chart()->setTitle(tr("Loss (mean cross-entropy of each step)"));
    m_lossX->setTitleText(tr("step"));
    m_scaleView->chart()->setTitle(tr("Loss scale"));
    m_scaleX->setTitleText(tr("step"));
    m_scale->setName(tr("scale used"));
    m_skipped->setName(tr("skipped step (inf/NaN gradients)"));
}

void RunChartsView::restyle() {
    const QPalette pal = palette();
    styleChart(m_lossView->chart(), pal);
    styleChart(m_scaleView->chart(), pal);
    QPen pen(seriesColor(0, pal));
    pen.setWidthF(1.5);
    m_loss->setPen(pen);
    pen.setColor(seriesColor(1, pal));
    m_scale->setPen(pen);
    m_skipped->setColor(highlightColor(pal));
    m_skipped->setBorderColor(highlightColor(pal));
}

void RunChartsView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
}

void RunChartsView::showRun(const TrainingRunData& run) {
    if (run.id != m_runId) {
        clear(run.empty() ? 100 : run.setup.config.steps);
        m_runId = run.id;
        m_read = 0;
    }
    if (m_read >= run.steps.size()) return;
    append(std::vector<training::StepRecord>(run.steps.begin() + std::ptrdiff_t(m_read), run.steps.end()));
    m_read = run.steps.size();
}

void RunChartsView::clear(int totalSteps) {
    m_loss->clear();
    m_scale->clear();
    m_skipped->clear();
    m_points = 0;
    m_lossMin = m_lossMax = 1;
    m_scaleMin = m_scaleMax = 1;
    m_lossX->setRange(1, std::max(2, totalSteps));
    m_scaleX->setRange(1, std::max(2, totalSteps));
    m_lossY->setRange(0.01, 10);
    m_scaleY->setRange(0.5, 2);
}

void RunChartsView::append(const std::vector<training::StepRecord>& steps) {
    QList<QPointF> loss, scale, skipped;
    for (const training::StepRecord& r : steps) {
        if (std::isfinite(r.loss) && r.loss > 0) {
            if (m_points == 0 && loss.isEmpty()) m_lossMin = m_lossMax = r.loss;
            loss.push_back({double(r.step), double(r.loss)});
            m_lossMin = std::min(m_lossMin, double(r.loss));
            m_lossMax = std::max(m_lossMax, double(r.loss));
        }
        if (m_points == 0 && scale.isEmpty()) m_scaleMin = m_scaleMax = r.scale;
        scale.push_back({double(r.step), double(r.scale)});
        if (r.skipped) skipped.push_back({double(r.step), double(r.scale)});
        m_scaleMin = std::min(m_scaleMin, double(r.scale));
        m_scaleMax = std::max(m_scaleMax, double(r.scale));
    }
    m_points += int(steps.size());
    m_loss->append(loss);
    m_scale->append(scale);
    m_skipped->append(skipped);
    // Whole powers of ten / two around the data, so the log axes keep readable ticks.
    m_lossY->setRange(std::pow(10.0, std::floor(std::log10(m_lossMin))), std::pow(10.0, std::ceil(std::log10(m_lossMax) + 1e-9)));
    m_scaleY->setRange(std::exp2(std::floor(std::log2(m_scaleMin)) - 1), std::exp2(std::ceil(std::log2(m_scaleMax)) + 1));
}

} // namespace fplab::gui
