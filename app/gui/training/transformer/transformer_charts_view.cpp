#include "app/gui/training/transformer/transformer_charts_view.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/series_decimator.h"
#include "app/gui/training/run_store.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fplab::gui {

namespace {
constexpr int kBuckets = 400; // points per series, however long the run
} // namespace

TransformerChartsView::TransformerChartsView(QWidget* parent) : QWidget(parent) {
    auto* charts = new QHBoxLayout;
    m_lossView = makeChartView(this);
    m_accuracyView = makeChartView(this);
    for (QChartView* v : {m_lossView, m_accuracyView}) {
        v->setMinimumSize(200, 160);
        v->chart()->legend()->hide(); // one legend below both, which wraps rather than cutting names short
        charts->addWidget(v);
    }
    m_legend = new QLabel;
    m_legend->setObjectName(QStringLiteral("transformerRunsLegend"));
    m_legend->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(charts, 1);
    layout->addWidget(m_legend);
    m_lossX = new QValueAxis(this);
    m_accuracyX = new QValueAxis(this);
    for (QValueAxis* x : {m_lossX, m_accuracyX}) {
        x->setLabelFormat(QStringLiteral("%d"));
        x->setTickCount(3);
    }
    m_lossY = new QLogValueAxis(this);
    m_lossY->setLabelFormat(QStringLiteral("%.3g"));
    m_accuracyY = new QValueAxis(this);
    m_accuracyY->setRange(0, 100);
    m_accuracyY->setLabelFormat(QStringLiteral("%d"));
    m_lossView->chart()->addAxis(m_lossX, Qt::AlignBottom);
    m_lossView->chart()->addAxis(m_lossY, Qt::AlignLeft);
    m_accuracyView->chart()->addAxis(m_accuracyX, Qt::AlignBottom);
    m_accuracyView->chart()->addAxis(m_accuracyY, Qt::AlignLeft);
    retranslate();
    showRuns({});
}

TransformerChartsView::~TransformerChartsView() = default;

QChart* TransformerChartsView::lossChart() const { return m_lossView->chart(); }
QChart* TransformerChartsView::accuracyChart() const { return m_accuracyView->chart(); }

QLineSeries* TransformerChartsView::lossSeries(int index) const {
    return index >= 0 && index < int(m_loss.size()) ? m_loss[std::size_t(index)] : nullptr;
}

QLineSeries* TransformerChartsView::accuracySeries(int index) const {
    return index >= 0 && index < int(m_accuracy.size()) ? m_accuracy[std::size_t(index)] : nullptr;
}

void TransformerChartsView::retranslate() {
    m_lossView->chart()->setTitle(tr("Training loss"));
    const bool text = m_task == TransformerTask::Text;
    m_accuracyView->chart()->setTitle(text ? tr("Held-out next-character accuracy") : tr("Held-out exact match"));
    m_lossX->setTitleText(tr("step"));
    m_accuracyX->setTitleText(tr("step"));
    m_accuracyY->setTitleText(text ? tr("% of held-out characters") : tr("% of held-out sums"));
}

void TransformerChartsView::setTask(TransformerTask task) {
    if (task == m_task) return;
    m_task = task;
    retranslate();
}

void TransformerChartsView::showRuns(const std::vector<ShownTransformerRun>& runs) {
    m_lossView->chart()->removeAllSeries();
    m_accuracyView->chart()->removeAllSeries();
    m_loss.clear();
    m_accuracy.clear();
    m_colorSlots.clear();
    int maxStep = 2;
    double lossMin = std::numeric_limits<double>::infinity(), lossMax = 0;
    for (const ShownTransformerRun& run : runs) {
        SeriesDecimator loss(kBuckets), accuracy(kBuckets);
        for (const auto& [step, value] : run.record->loss) {
            maxStep = std::max(maxStep, step);
            if (!std::isfinite(value) || value <= 0) continue; // a NaN loss ends the line: the report says why
            loss.add(step, double(value));
            lossMin = std::min(lossMin, double(value));
            lossMax = std::max(lossMax, double(value));
        }
        for (const auto& [step, value] : run.record->accuracy) accuracy.add(step, 100.0 * value);
        auto* lossLine = new QLineSeries;
        auto* accuracyLine = new QLineSeries;
        lossLine->append(loss.points());
        accuracyLine->append(accuracy.points());
        for (QLineSeries* s : {lossLine, accuracyLine}) s->setName(run.name);
        m_lossView->chart()->addSeries(lossLine);
        lossLine->attachAxis(m_lossX);
        lossLine->attachAxis(m_lossY);
        m_accuracyView->chart()->addSeries(accuracyLine);
        accuracyLine->attachAxis(m_accuracyX);
        accuracyLine->attachAxis(m_accuracyY);
        m_loss.push_back(lossLine);
        m_accuracy.push_back(accuracyLine);
        m_colorSlots.push_back(run.colorSlot);
    }
    m_lossX->setRange(1, maxStep);
    m_accuracyX->setRange(1, maxStep);
    if (lossMax > 0)
        m_lossY->setRange(std::pow(10.0, std::floor(std::log10(lossMin))),
                          std::pow(10.0, std::ceil(std::log10(lossMax) + 1e-9)));
    else m_lossY->setRange(0.01, 10);
    restyle();
}

void TransformerChartsView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
}

void TransformerChartsView::restyle() {
    const QPalette pal = palette();
    styleChart(m_lossView->chart(), pal);
    styleChart(m_accuracyView->chart(), pal);
    for (std::size_t i = 0; i < m_loss.size(); ++i) {
        QPen pen(runColor(m_colorSlots[i], pal));
        pen.setWidthF(1.5);
        m_loss[i]->setPen(pen);
        m_accuracy[i]->setPen(pen);
    }
    QStringList entries;
    for (std::size_t i = 0; i < m_loss.size(); ++i)
        entries << QStringLiteral("<span style='color:%1'>■</span>&nbsp;%2")
                       .arg(runColor(m_colorSlots[i], pal).name(), m_loss[i]->name().toHtmlEscaped());
    m_legend->setText(entries.join(QStringLiteral(" &nbsp; ")));
    m_legend->setVisible(!entries.isEmpty());
}

} // namespace fplab::gui
