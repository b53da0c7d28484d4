#include "app/gui/training/update_ratio_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/series_decimator.h"
#include "app/gui/training/run_store.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fplab::gui {

using namespace fplab::training;

namespace {

constexpr int kBuckets = 500;

} // namespace

UpdateRatioView::UpdateRatioView(RunStore* store, QWidget* parent) : QWidget(parent), m_store(store) {
    m_run = new QComboBox;
    m_run->setObjectName(QStringLiteral("updateRatioRun"));
    m_run->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_ratioView = makeChartView(this);
    m_vanishedView = makeChartView(this);
    auto* top = new QHBoxLayout;
    top->addWidget(m_run);
    top->addWidget(m_note, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_ratioView, 3);
    layout->addWidget(m_vanishedView, 2);

    m_ratioX = new QValueAxis(this);
    m_ratioX->setLabelFormat(QStringLiteral("%d"));
    m_ratioY = new QLogValueAxis(this);
    m_ratioY->setBase(2);
    m_ratioY->setLabelFormat(QStringLiteral("%.3g"));
    m_ratioView->chart()->addAxis(m_ratioX, Qt::AlignBottom);
    m_ratioView->chart()->addAxis(m_ratioY, Qt::AlignLeft);
    m_vanishedX = new QValueAxis(this);
    m_vanishedX->setLabelFormat(QStringLiteral("%d"));
    m_vanishedY = new QValueAxis(this);
    m_vanishedY->setRange(0, 1);
    m_vanishedView->chart()->addAxis(m_vanishedX, Qt::AlignBottom);
    m_vanishedView->chart()->addAxis(m_vanishedY, Qt::AlignLeft);
    // Full tensor names beside the plots (a legend below would cut them); the same in both charts.
    for (QChartView* v : {m_ratioView, m_vanishedView}) v->chart()->legend()->setAlignment(Qt::AlignRight);

    connect(m_run, &QComboBox::currentIndexChanged, this, &UpdateRatioView::rebuildWhenShown);
    connect(m_store, &RunStore::runsChanged, this, &UpdateRatioView::fillRuns);
    fillRuns();
    retranslate();
}

UpdateRatioView::~UpdateRatioView() = default;

void UpdateRatioView::showRun(int row) { m_run->setCurrentIndex(row); }

void UpdateRatioView::fillRuns() {
    const int keep = m_run->currentIndex(), before = m_run->count();
    const QString name = m_run->currentText();
    {
        const QSignalBlocker blocker(m_run);
        m_run->clear();
        for (const StoredRun& r : m_store->runs()) m_run->addItem(r.name);
        // A new run is shown when it arrives; otherwise the same run stays chosen (or its neighbour).
        int at = m_run->count() > before ? m_run->count() - 1 : m_run->findText(name);
        if (at < 0) at = std::min(keep, m_run->count() - 1);
        m_run->setCurrentIndex(at);
    }
    rebuildWhenShown();
}

void UpdateRatioView::retranslate() {
    m_ratioView->chart()->setTitle(tr("Update-to-weight ratio ‖Δw‖ / ‖w‖ per tensor"));
    m_vanishedView->chart()->setTitle(tr("Updates that vanished (stored weight unchanged), fraction per tensor"));
    m_ratioX->setTitleText(tr("step"));
    m_vanishedX->setTitleText(tr("step"));
    m_run->setToolTip(tr("The kept run to show"));
    rebuildWhenShown();
}

void UpdateRatioView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
}

void UpdateRatioView::restyle() {
    const QPalette pal = palette();
    styleChart(m_ratioView->chart(), pal);
    styleChart(m_vanishedView->chart(), pal);
    for (std::size_t t = 0; t < m_ratio.size(); ++t) {
        QPen pen(runColor(int(t), pal));
        pen.setWidthF(1.2);
        m_ratio[t]->setPen(pen);
        m_vanished[t]->setPen(pen);
    }
    for (QLineSeries* line : {m_fp16Line, m_bf16Line})
        if (line) {
            QPen pen(pal.color(QPalette::WindowText)); // apart from every tensor's colour
            pen.setStyle(line == m_fp16Line ? Qt::DashLine : Qt::DotLine);
            pen.setWidthF(1.5);
            line->setPen(pen);
        }
}

void UpdateRatioView::rebuildWhenShown() {
    if (isVisible()) rebuild();
    else m_stale = true;
}

void UpdateRatioView::ensureBuilt() {
    if (m_stale) rebuild();
}

void UpdateRatioView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    ensureBuilt();
}

void UpdateRatioView::rebuild() {
    m_stale = false;
    m_ratioView->chart()->removeAllSeries();
    m_vanishedView->chart()->removeAllSeries();
    m_ratio.clear();
    m_vanished.clear();
    m_fp16Line = m_bf16Line = nullptr;
    const int row = m_run->currentIndex();
    const StoredRun* run = row >= 0 && row < int(m_store->runs().size()) ? &m_store->runs()[std::size_t(row)] : nullptr;
    const bool measured = run && run->columns.stats && !run->columns.parameters.empty();
    if (!run) m_note->setText(tr("Keep a run first: every finished run is kept for comparison."));
    else if (!measured) m_note->setText(tr("This run has no per-tensor statistics (the GPU run measures none)."));
    else
        m_note->setText(tr("Below the dashed line an FP16 weight's update is rounded away (2^-11), below the dotted "
                           "line a BF16 weight's (2^-8)."));
    const int lastStep = run && !run->steps.empty() ? std::max(2, run->steps.back().step) : 2;
    double low = kFp16Swamping, high = kBf16Swamping;
    if (measured) {
        for (std::size_t t = 0; t < run->columns.parameters.size(); ++t) {
            SeriesDecimator ratio(kBuckets), vanished(kBuckets);
            for (const StepRecord& r : run->steps) {
                if (t < r.updateRatio.size() && r.updateRatio[t] > 0 && std::isfinite(r.updateRatio[t])) {
                    ratio.add(double(r.step), r.updateRatio[t]);
                    low = std::min(low, r.updateRatio[t]);
                    high = std::max(high, r.updateRatio[t]);
                }
                if (t < r.vanishedPerTensor.size()) vanished.add(double(r.step), r.vanishedPerTensor[t]);
            }
            const QString name = QString::fromStdString(run->columns.parameters[t]);
            auto* rs = new QLineSeries;
            rs->setName(name);
            rs->append(ratio.points());
            auto* vs = new QLineSeries;
            vs->setName(name);
            vs->append(vanished.points());
            m_ratio.push_back(rs);
            m_vanished.push_back(vs);
        }
    }
    const auto add = [](QChartView* view, QLineSeries* s) {
        view->chart()->addSeries(s);
        for (QAbstractAxis* axis : view->chart()->axes()) s->attachAxis(axis);
    };
    for (QLineSeries* s : m_ratio) add(m_ratioView, s);
    for (QLineSeries* s : m_vanished) add(m_vanishedView, s);
    m_fp16Line = new QLineSeries;
    m_fp16Line->setName(tr("FP16 swamping 2^-11"));
    m_bf16Line = new QLineSeries;
    m_bf16Line->setName(tr("BF16 swamping 2^-8"));
    for (auto [line, y] : {std::pair{m_fp16Line, kFp16Swamping}, std::pair{m_bf16Line, kBf16Swamping}}) {
        line->append(1, y);
        line->append(lastStep, y);
        add(m_ratioView, line);
    }
    // The vanished chart's legend would list the lines too: the tensors only.
    m_vanishedView->chart()->legend()->setVisible(!m_vanished.empty());
    m_ratioX->setRange(1, lastStep);
    m_vanishedX->setRange(1, lastStep);
    const double lowExp = std::floor(std::log2(low)) - 1, highExp = std::ceil(std::log2(high)) + 1;
    m_ratioY->setBase(std::exp2(std::max(1.0, std::ceil((highExp - lowExp) / 4)))); // at most four intervals
    m_ratioY->setRange(std::exp2(lowExp), std::exp2(highExp));
    restyle();
}

} // namespace fplab::gui
