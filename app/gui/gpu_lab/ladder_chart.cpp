// The ladder chart: the largest size of the record's first type, rung by rung.
#include "app/gui/gpu_lab/ladder_chart.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/common/gpu_text.h"
#include "app/gui/common/number_text.h"
#include "app/gui/gpu_lab/lab_widgets.h"
#include "app/gui/gpu_lab/ladder_text.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPen>
#include <QToolButton>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <filesystem>

namespace fplab::gui {

using namespace fplab::gpu;

namespace {

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

} // namespace

LadderChart::LadderChart(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("gpuLadder"));
    m_note = makeNoteLabel(QStringLiteral("gpuLadderNote"));
    m_measure = new QToolButton;
    m_measure->setObjectName(QStringLiteral("gpuLadderMeasure"));
    connect(m_measure, &QToolButton::clicked, this, &LadderChart::measureRequested);
    auto* top = new QHBoxLayout;
    top->addWidget(m_note, 1);
    top->addWidget(m_measure, 0, Qt::AlignTop);

    m_chartView = makeChartView(this);
    QChart* chart = m_chartView->chart();
    m_bars = new QBarSeries(this);
    m_cublas = new QLineSeries(this);
    m_peak = new QLineSeries(this);
    chart->addSeries(m_bars);
    chart->addSeries(m_cublas);
    chart->addSeries(m_peak);
    m_axisX = new QBarCategoryAxis(this);
    m_axisY = new QValueAxis(this);
    m_axisY->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(m_bars), static_cast<QAbstractSeries*>(m_cublas),
                               static_cast<QAbstractSeries*>(m_peak)}) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    m_chartView->setMinimumHeight(150); // under the speed table and chart, within a 1280x720 window

    m_ideas = makeNoteLabel(QStringLiteral("gpuLadderIdeas"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_chartView, 1);
    layout->addWidget(m_ideas);
    retranslate();
}

LadderChart::~LadderChart() = default;

void LadderChart::showRecord(LadderRecord record, bool recorded) {
    m_record = std::move(record);
    m_recorded = recorded;
    fill();
}

void LadderChart::showNone() {
    m_record.reset();
    fill();
}

void LadderChart::setMeasureEnabled(bool enabled, const QString& why) {
    m_measure->setEnabled(enabled);
    m_measure->setToolTip(enabled ? tr("Time cuBLAS and the five rungs at the GEMM size chosen above.") : why);
}

void LadderChart::fill() {
    m_bars->clear(); // deletes the old set
    m_rungBars = nullptr;
    m_cublas->clear();
    m_peak->clear();
    const LadderResult* rows[kLadderRungCount + 1] = {};
    if (m_record && !m_record->rows.empty()) {
        // The first type's largest size: the size where the ladder is read (the bench runs 4096 and 8192).
        const GemmType type = m_record->rows.front().type;
        int size = 0;
        for (const LadderResult& r : m_record->rows)
            if (r.type == type) size = std::max(size, r.size);
        for (const LadderResult& r : m_record->rows)
            if (r.type == type && r.size == size && r.rung >= 0 && r.rung <= kLadderRungCount) rows[r.rung] = &r;
        const std::filesystem::path source(m_record->source);
        const QString file = qs((source.parent_path().filename() / source.filename()).generic_string());
        const QString where =
            tr("%1, m = n = k = %2, on %3").arg(text(gemmTypeName(type))).arg(size).arg(qs(m_record->device));
        m_note->setText(m_recorded
                            ? tr("Recorded on %1, %2 (%3): %4. No GPU run in this session.")
                                  .arg(qs(m_record->device), qs(m_record->date), file, where)
                            : tr("Measured on %1, %2: %3.").arg(qs(m_record->device), qs(m_record->date), where));
    } else {
        m_note->setText(tr("No ladder results recorded yet: none in docs/gpu-results/, and no run in this session. "
                           "With a GPU, press Measure ladder (or run fplab-cli gpu bench --impl ladder)."));
    }

    // A rung whose sampled cells failed their check has no bar: its category says WRONG.
    QStringList categories;
    for (const LadderRungInfo& r : ladderRungs())
        categories << (rows[r.number] && rows[r.number]->wrong ? tr("%1 WRONG").arg(r.number)
                                                               : QString::number(r.number));
    m_axisX->clear();
    m_axisX->append(categories);

    QStringList ideas;
    if (rows[0] && rows[0]->wrong) ideas << tr("cuBLAS: WRONG, no TFLOPS (%1)").arg(qs(rows[0]->status));
    for (const LadderRungInfo& r : ladderRungs()) {
        QString line = tr("%1 %2: %3").arg(r.number).arg(text(r.name), ladderIdeaText(r));
        const LadderResult* row = rows[r.number];
        if (row && row->wrong) line = tr("%1 (WRONG, no TFLOPS: %2)").arg(line, qs(row->status));
        else if (row && !row->ran) line = tr("%1 (not run: %2)").arg(line, qs(row->status));
        ideas << line;
    }
    m_ideas->setText(ideas.join(QLatin1Char('\n')));

    double hi = 1;
    m_rungBars = new QBarSet(tr("TFLOPS per rung"));
    for (int rung = 1; rung <= kLadderRungCount; ++rung) {
        const double v = rows[rung] && rows[rung]->ran ? rows[rung]->tflops : 0;
        *m_rungBars << v;
        hi = std::max(hi, v);
    }
    m_rungBars->setColor(highlightColor(palette()));
    m_bars->append(m_rungBars);
    const double cublas = rows[0] && rows[0]->ran ? rows[0]->tflops : 0;
    double peak = 0;
    for (const LadderResult* r : rows)
        if (r) peak = std::max(peak, r->datasheetTflops);
    // Horizontal lines across the five categories (the category axis runs from -0.5 to 4.5).
    auto line = [&](QLineSeries* s, double v, const QString& name, int colour) {
        s->setName(name);
        s->setVisible(v > 0);
        if (v > 0) s->append({QPointF(-0.5, v), QPointF(kLadderRungCount - 0.5, v)});
        QPen pen(seriesColor(colour, palette()));
        pen.setWidthF(2);
        s->setPen(pen);
        hi = std::max(hi, v);
    };
    line(m_cublas, cublas, tr("cuBLAS"), 0);
    line(m_peak, peak, tr("Datasheet peak"), 1);
    m_axisY->setRange(0, hi * 1.08);
    m_axisY->applyNiceNumbers();
    m_axisY->setTitleText(tr("TFLOPS"));
    // Whether the rungs' bit-checks have passed on hardware (docs/gpu-results/verified.tsv), on the chart itself.
    const QString mark = gpuMeasurementMark("ladder-rung-");
    m_axisX->setTitleText(mark.isEmpty() ? tr("Rung") : tr("Rung (%1)").arg(mark));
    styleChart(m_chartView->chart(), palette());
}

void LadderChart::retranslate() {
    m_measure->setText(tr("Measure ladder"));
    fill();
}

void LadderChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) fill();
    QWidget::changeEvent(event);
}

} // namespace fplab::gui
