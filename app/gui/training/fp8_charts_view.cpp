// Five small charts in a grid; the series per tensor are made when a run starts.
#include "app/gui/training/fp8_charts_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/training/step_axis.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

Fp8ChartsView::Fp8ChartsView(QWidget* parent) : QWidget(parent) {
    m_amaxChart = makeChart(true, 10);
    m_scaleChart = makeChart(true, 2);
    m_saturatedChart = makeChart(false, 0);
    m_flushedChart = makeChart(false, 0);
    m_lossChart = makeChart(true, 10);
    for (Chart* c : {&m_amaxChart, &m_scaleChart, &m_saturatedChart, &m_flushedChart})
        c->view->chart()->legend()->hide();
    m_legend = new QLabel(this);
    m_legend->setWordWrap(true);
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_legend, 0, 0, 1, 2);
    grid->addWidget(m_amaxChart.view, 1, 0);
    grid->addWidget(m_scaleChart.view, 1, 1);
    grid->addWidget(m_saturatedChart.view, 2, 0);
    grid->addWidget(m_flushedChart.view, 2, 1);
    grid->addWidget(m_lossChart.view, 3, 0, 1, 2);
    m_loss = new QLineSeries(this);
    m_bf16Loss = new QLineSeries(this);
    attach(m_lossChart, m_loss);
    attach(m_lossChart, m_bf16Loss);
    retranslate();
    clear({}, 100);
}

Fp8ChartsView::~Fp8ChartsView() = default;

Fp8ChartsView::Chart Fp8ChartsView::makeChart(bool logY, double base) {
    Chart c;
    c.view = makeChartView(this);
    c.view->setMinimumSize(240, 150); // five charts in two columns, within a 1280x720 window
    c.x = new QValueAxis(this);
    c.x->setLabelFormat(QStringLiteral("%d"));
    c.view->chart()->addAxis(c.x, Qt::AlignBottom);
    if (logY) {
        c.logY = new QLogValueAxis(this);
        c.logY->setBase(base);
        c.base = base;
        c.logY->setLabelFormat(QStringLiteral("%.3g"));
        c.view->chart()->addAxis(c.logY, Qt::AlignLeft);
    } else {
        c.y = new QValueAxis(this);
        c.y->setRange(0, 1);
        c.view->chart()->addAxis(c.y, Qt::AlignLeft);
    }
    return c;
}

void Fp8ChartsView::attach(Chart& c, QLineSeries* s) {
    c.view->chart()->addSeries(s);
    s->attachAxis(c.x);
    if (c.logY) s->attachAxis(c.logY);
    else s->attachAxis(c.y);
}

void Fp8ChartsView::widen(Chart& c, double v) {
    if (!(v > 0) || !std::isfinite(v)) return;
    if (!c.seen) c.low = c.high = v;
    c.seen = true;
    c.low = std::min(c.low, v);
    c.high = std::max(c.high, v);
}

void Fp8ChartsView::retranslate() {
    m_amaxChart.view->chart()->setTitle(tr("amax per FP8 tensor"));
    m_scaleChart.view->chart()->setTitle(tr("Scale per FP8 tensor (x ≈ code × scale)"));
    m_saturatedChart.view->chart()->setTitle(tr("Fraction saturated (clamped to ±max)"));
    m_flushedChart.view->chart()->setTitle(tr("Fraction of nonzero values rounded to zero"));
    m_lossChart.view->chart()->setTitle(tr("Loss against the same run in BF16"));
    for (Chart* c : {&m_amaxChart, &m_scaleChart, &m_saturatedChart, &m_flushedChart, &m_lossChart})
        c->x->setTitleText(tr("step"));
    m_loss->setName(tr("this run"));
    m_bf16Loss->setName(tr("BF16"));
}

void Fp8ChartsView::restyle() {
    // The active colours even while the tab is disabled (no FP8 run): the first FP8 run starts while it
    // still is, and the charts kept the disabled grey once it was enabled.
    QPalette pal = palette();
    pal.setCurrentColorGroup(QPalette::Active);
    for (Chart* c : {&m_amaxChart, &m_scaleChart, &m_saturatedChart, &m_flushedChart, &m_lossChart})
        styleChart(c->view->chart(), pal);
    for (const std::vector<QLineSeries*>* group : {&m_amax, &m_scale, &m_saturated, &m_flushed})
        for (std::size_t i = 0; i < group->size(); ++i) {
            QPen pen(seriesColor(int(i), pal));
            pen.setWidthF(1.5);
            (*group)[i]->setPen(pen);
        }
    QString legend;
    for (std::size_t i = 0; i < m_tensors.size(); ++i)
        legend += QStringLiteral("<span style=\"color:%1\">■</span> %2&nbsp;&nbsp; ")
                      .arg(seriesColor(int(i), pal).name(), QString::fromStdString(m_tensors[i]).toHtmlEscaped());
    m_legend->setText(legend);
    QPen pen(seriesColor(0, pal));
    pen.setWidthF(1.5);
    m_loss->setPen(pen);
    pen.setColor(seriesColor(1, pal));
    m_bf16Loss->setPen(pen);
}

void Fp8ChartsView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::EnabledChange) restyle();
}

QList<QChartView*> Fp8ChartsView::chartViews() const {
    return {m_amaxChart.view, m_scaleChart.view, m_saturatedChart.view, m_flushedChart.view, m_lossChart.view};
}

void Fp8ChartsView::showRun(const TrainingRunData& run) {
    if (run.id != m_runId) {
        clear(run.setup.fp8Tensors, run.empty() ? 100 : run.setup.config.steps);
        m_runId = run.id;
        m_read = m_readBf16 = 0;
        m_lastStep = 0;
    }
    if (!run.policy.fp8Gemms() || (m_read >= run.steps.size() && m_readBf16 >= run.bf16Loss.size())) return;
    const std::size_t n = m_tensors.size();
    SeriesDecimator& loss = m_points[4 * n];
    SeriesDecimator& reference = m_points[4 * n + 1];
    for (; m_read < run.steps.size(); ++m_read) {
        const training::StepRecord& r = run.steps[m_read];
        m_lastStep = r.step;
        if (std::isfinite(r.loss) && r.loss > 0) {
            loss.add(r.step, r.loss);
            widen(m_lossChart, r.loss);
        }
        for (std::size_t t = 0; t < std::min(n, r.fp8.size()); ++t) {
            const training::Fp8TensorStats& s = r.fp8[t];
            if (s.amax > 0 && std::isfinite(s.amax)) m_points[t].add(r.step, s.amax);
            m_points[n + t].add(r.step, s.scale);
            m_points[2 * n + t].add(r.step, s.saturatedFraction());
            m_points[3 * n + t].add(r.step, s.flushedFraction());
            widen(m_amaxChart, s.amax);
            widen(m_scaleChart, s.scale);
        }
    }
    for (; m_readBf16 < run.bf16Loss.size(); ++m_readBf16) {
        const auto [step, value] = run.bf16Loss[m_readBf16];
        if (std::isfinite(value) && value > 0) {
            reference.add(step, value);
            widen(m_lossChart, value);
        }
    }
    redraw();
}

void Fp8ChartsView::clear(const std::vector<std::string>& tensors, int totalSteps) {
    for (std::vector<QLineSeries*>* group : {&m_amax, &m_scale, &m_saturated, &m_flushed}) {
        for (QLineSeries* s : *group) delete s; // removes it from its chart
        group->clear();
    }
    m_tensors = tensors;
    const auto add = [&](Chart& c, std::vector<QLineSeries*>& group) {
        for (const std::string& t : tensors) {
            auto* s = new QLineSeries(this);
            s->setName(QString::fromStdString(t));
            attach(c, s);
            group.push_back(s);
        }
    };
    add(m_amaxChart, m_amax);
    add(m_scaleChart, m_scale);
    add(m_saturatedChart, m_saturated);
    add(m_flushedChart, m_flushed);
    m_loss->clear();
    m_bf16Loss->clear();
    m_points.assign(4 * tensors.size() + 2, SeriesDecimator((kMaxPoints - 1) / 2));
    m_totalSteps = std::max(2, totalSteps);
    m_stepAxisEnd = 0;
    fitStepAxes(0);
    for (Chart* c : {&m_amaxChart, &m_scaleChart, &m_saturatedChart, &m_flushedChart, &m_lossChart}) {
        c->seen = false;
        if (c == &m_scaleChart) {
            applyPowerOfTwoAxis(c->view->chart(), c->logY, 0.5, 2);
        } else if (c->logY) {
            c->logY->setBase(c->base);
            c->logY->setRange(0.01, 10);
        }
    }
    restyle();
}

void Fp8ChartsView::fitStepAxes(int lastStep) {
    const int end = stepAxisEnd(m_totalSteps, lastStep);
    if (end == m_stepAxisEnd) return;
    m_stepAxisEnd = end;
    for (Chart* c : {&m_amaxChart, &m_scaleChart, &m_saturatedChart, &m_flushedChart, &m_lossChart})
        applyNiceAxis(c->x, 0, end, true);
}

void Fp8ChartsView::redraw() {
    const std::size_t n = m_tensors.size();
    for (std::size_t t = 0; t < n; ++t) {
        m_amax[t]->replace(m_points[t].points());
        m_scale[t]->replace(m_points[n + t].points());
        m_saturated[t]->replace(m_points[2 * n + t].points());
        m_flushed[t]->replace(m_points[3 * n + t].points());
    }
    m_loss->replace(m_points[4 * n].points());
    m_bf16Loss->replace(m_points[4 * n + 1].points());
    fitStepAxes(m_lastStep);
    // Whole powers of the axis base around the data, so the log axes keep readable ticks.
    // At most four intervals: a wide range takes a power of the chart's own base as the axis base.
    for (Chart* c : {&m_amaxChart, &m_scaleChart, &m_lossChart}) {
        if (!c->seen) continue;
        const double b = c->base;
        const double lo = std::floor(std::log(c->low) / std::log(b)),
                     hi = std::ceil(std::log(c->high) / std::log(b) + 1e-9);
        const double step = std::max(1.0, std::ceil((std::max(hi, lo + 1) - lo) / 4));
        const double first = step * std::floor(lo / step), last = step * std::ceil(std::max(hi, lo + 1) / step);
        if (c == &m_scaleChart) { // powers of two, labelled 2^k
            applyPowerOfTwoAxis(c->view->chart(), c->logY, std::exp2(first), std::exp2(last), 4);
            continue;
        }
        c->logY->setBase(std::pow(b, step));
        c->logY->setRange(std::pow(b, first), std::pow(b, last));
    }
}

} // namespace fplab::gui
