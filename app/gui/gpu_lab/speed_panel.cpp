// The speed table and its bar chart; measuring runs on the worker, type by type.
#include "app/gui/gpu_lab/speed_panel.h"

#include "app/gui/common/gpu_text.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/chart_style.h"
#include "app/gui/gpu_lab/gpu_lab_settings.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/gpu_lab/lab_widgets.h"
#include "app/gui/gpu_lab/ladder_chart.h"
#include "app/gui/gpu_lab/speed_job.h"
#include "app/gui/gpu_lab/text_table_model.h"
#include "core/tensor_core/measured_gemm.h"
#include "gpu/datasheet.h"
#include "gpu/ladder_results.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLogValueAxis>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

namespace fplab::gui {

using namespace fplab::gpu;

namespace {

QString latin(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

const BenchRow* measuredRow(const std::vector<BenchRow>& rows, GemmType type) {
    for (const BenchRow& r : rows)
        if (r.type == type && r.ran) return &r;
    return nullptr;
}

// A row of this type whose sampled cells failed their check (it has no TFLOPS).
const BenchRow* wrongRow(const std::vector<BenchRow>& rows, GemmType type) {
    for (const BenchRow& r : rows)
        if (r.type == type && !r.wrong.empty()) return &r;
    return nullptr;
}

// The committed H100 record's cuBLAS rows at `size`, as a run here would give them (shown until one does).
std::vector<BenchRow> recordedRows(int size) {
    std::vector<BenchRow> rows;
    for (const tc::MeasuredGemm& m : tc::recordedH100Bench().rows) {
        const auto type = findGemmType(m.type);
        if (!type || m.impl != "cublas" || m.size != size) continue;
        BenchRow r;
        r.type = *type;
        r.impl = m.impl;
        r.size = m.size;
        r.ran = m.ran;
        r.skipped = m.ran ? std::string() : m.status;
        r.medianMs = m.medianMs;
        r.tflops = m.tflops;
        r.datasheetPeak = m.datasheetTflops;
        rows.push_back(std::move(r));
    }
    return rows;
}

} // namespace

SpeedPanel::SpeedPanel(GpuLabSettings& settings, JobRunner& runner, QAction* measureAction, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_runner(runner), m_measureAction(measureAction) {
    m_sheetLabel = new QLabel;
    m_sheet = new QComboBox;
    m_sheet->setObjectName(QStringLiteral("gpuDatasheet"));
    for (const DatasheetEntry& e : datasheetTable()) m_sheet->addItem(qs(std::string(e.name)), qs(std::string(e.name)));
    const QString saved = m_settings.datasheet.get().isEmpty() ? QStringLiteral("H100 SXM5")
                                                               : m_settings.datasheet.get();
    m_sheet->setCurrentIndex(std::max(0, m_sheet->findData(saved)));
    m_sizeLabel = new QLabel;
    m_size = new QComboBox;
    for (int s : {1024, 2048, 4096, 8192}) m_size->addItem(QString::number(s), s);
    if (m_size->findData(m_settings.benchSize.get()) < 0)
        m_size->addItem(QString::number(m_settings.benchSize.get()), m_settings.benchSize.get());
    m_size->setCurrentIndex(m_size->findData(m_settings.benchSize.get()));
    m_measureButton = new QToolButton;
    m_measureButton->setDefaultAction(measureAction);
    m_measureButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_sheetLabel);
    controls->addWidget(m_sheet);
    controls->addSpacing(12);
    controls->addWidget(m_sizeLabel);
    controls->addWidget(m_size);
    controls->addSpacing(12);
    controls->addWidget(m_measureButton);
    controls->addStretch(1);

    m_note = makeNoteLabel(QStringLiteral("gpuSpeedNote"));

    m_model = new TextTableModel(this);
    m_model->setNumericColumns({Measured, Peak, PercentOfPeak});
    m_table = makeResultsView(m_model);
    m_table->setObjectName(QStringLiteral("gpuSpeedTable"));

    m_chartView = makeChartView(this);
    m_chartView->setMinimumHeight(160); // above the ladder, within a 1280x720 window
    QChart* chart = m_chartView->chart();
    m_bars = new QBarSeries(this);
    chart->addSeries(m_bars);
    m_axisX = new QBarCategoryAxis(this);
    m_axisY = new QLogValueAxis(this);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_bars->attachAxis(m_axisX);
    m_bars->attachAxis(m_axisY);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_table);
    split->addWidget(m_chartView);
    split->setStretchFactor(1, 1);
    split->setSizes({480, 760});
    m_ladder = new LadderChart;
    auto* vertical = new QSplitter(Qt::Vertical);
    vertical->addWidget(split);
    vertical->addWidget(m_ladder);
    vertical->setStretchFactor(0, 1);
    vertical->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_note);
    layout->addWidget(vertical, 1);
    connect(m_ladder, &LadderChart::measureRequested, this, &SpeedPanel::startLadder);

    connect(m_sheet, &QComboBox::currentIndexChanged, this, &SpeedPanel::fill);
    connect(m_size, &QComboBox::currentIndexChanged, this, &SpeedPanel::fill); // the record's rows of that size
    retranslate();
}

SpeedPanel::~SpeedPanel() = default;

const DatasheetEntry* SpeedPanel::selectedEntry() const {
    const std::string name = m_sheet->currentData().toString().toStdString();
    for (const DatasheetEntry& e : datasheetTable())
        if (e.name == name) return &e;
    return nullptr;
}

void SpeedPanel::setDevice(const DeviceQuery& query) {
    m_query = query;
    if (query.available && m_settings.datasheet.get().isEmpty())
        if (const DatasheetEntry* e = findDatasheetEntry(query.devices.front().name))
            m_sheet->setCurrentIndex(std::max(0, m_sheet->findData(qs(std::string(e->name)))));
    if (!m_ladderMeasured) {
        if (auto recorded = latestRecordedLadder(recordedResultsDir()))
            m_ladder->showRecord(std::move(*recorded), true);
        else m_ladder->showNone();
    }
    fill();
}

bool SpeedPanel::startLadder() {
    if (!m_query || !m_query->available) {
        emit message(
            tr("Measuring needs a GPU: %1").arg(m_query ? qs(m_query->reason) : tr("the device is not known yet")),
            6000);
        return false;
    }
    const int size = m_size->currentData().toInt();
    const std::string device = m_query->devices.front().name;
    auto rows = std::make_shared<std::vector<BenchRow>>();
    const bool started = m_runner.startJob(
        tr("GEMM ladder"), [size, rows](const JobControl& control) { *rows = runLadderJob(size, control); },
        [this, rows, device] {
            m_ladderMeasured = true;
            const QString today = QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate);
            m_ladder->showRecord(ladderRecordFromRows(*rows, device, today.toStdString()), false);
        },
        {tr("Measuring the ladder was cancelled."), tr("Measuring the ladder failed: %1"), tr("Ladder measured.")},
        [this](const QString& text, int ms) { emit message(text, ms); });
    if (started) saveSettings();
    return started;
}

bool SpeedPanel::startMeasuring() {
    if (!m_query || !m_query->available) {
        emit message(tr("Measuring needs a GPU: %1")
                         .arg(m_query ? gpuReasonText(m_query->reason) : tr("the device is not known yet")),
                     6000);
        return false;
    }
    BenchConfig config;
    config.sizes = {m_size->currentData().toInt()};
    auto rows = std::make_shared<std::vector<BenchRow>>();
    const bool started = m_runner.startJob(
        tr("Speed"), [config, rows](const JobControl& control) { *rows = runSpeedJob(config, control); },
        [this, rows] { showMeasured(std::move(*rows)); },
        {tr("Measuring was cancelled."), tr("Measuring failed: %1"), tr("Speeds measured.")},
        [this](const QString& text, int ms) { emit message(text, ms); });
    if (started) saveSettings();
    return started;
}

void SpeedPanel::showMeasured(std::vector<BenchRow> rows) {
    m_measured = std::move(rows);
    fill();
}

void SpeedPanel::saveSettings() {
    // The entry is remembered only when it is not simply the detected GPU's.
    const DatasheetEntry* detected = m_query && m_query->available ? findDatasheetEntry(m_query->devices.front().name)
                                                                   : nullptr;
    const DatasheetEntry* chosen = selectedEntry();
    m_settings.datasheet.set(chosen && chosen != detected ? qs(std::string(chosen->name)) : QString());
    m_settings.benchSize.set(m_size->currentData().toInt());
}

const std::vector<BenchRow>& SpeedPanel::shownRows() const { return m_measured.empty() ? m_recorded : m_measured; }

void SpeedPanel::fill() {
    const DatasheetEntry* entry = selectedEntry();
    const bool gpu = m_query && m_query->available;
    m_recorded = recordedRows(m_size->currentData().toInt());
    const std::vector<BenchRow>& shown = shownRows();
    m_measureAction->setEnabled(gpu && !m_runner.isBusy());
    m_ladder->setMeasureEnabled(gpu && !m_runner.isBusy(),
                                m_query ? tr("Measuring needs a GPU: %1").arg(qs(m_query->reason)) : QString());
    QList<QStringList> rows;
    for (GemmType type : defaultBenchTypes()) {
        QStringList row(ColumnCount, QStringLiteral("—"));
        row[Type] = latin(gemmTypeInfo(type).benchLabel) + (isIntegerType(type) ? tr(" (TOPS)") : QString());
        const double peak = entry ? datasheetPeak(*entry, type) : 0;
        row[Peak] = peak > 0 ? approxText(peak, 5) : QStringLiteral("—");
        if (const BenchRow* w = wrongRow(shown, type)) {
            row[Measured] = tr("WRONG: %1").arg(qs(w->wrong));
        } else if (const BenchRow* m = measuredRow(shown, type)) {
            row[Measured] = QString::number(m->tflops, 'f', 1);
            if (peak > 0) row[PercentOfPeak] = QString::number(100.0 * m->tflops / peak, 'f', 0) + QLatin1Char('%');
        }
        rows << row;
    }
    m_model->setRows(rows);
    const QString entryText = entry ? tr("Datasheet: %1 (%2), dense peaks at boost clock%3. Source: %4.")
                                          .arg(qs(std::string(entry->name)), qs(std::string(entry->architecture)),
                                               entry->uncertain ? tr(", some values not confirmed") : QString(),
                                               qs(std::string(entry->source)))
                                    : QString();
    QString status;
    const tc::MeasuredBench& record = tc::recordedH100Bench();
    // Until a run here, the committed record's figures, marked with its GPU and date.
    const QString recorded = m_measured.empty() && !shown.empty()
                                 ? tr("Measured column: cuBLAS on %1 on %2 (the record in %3), square GEMMs of size "
                                      "%4; "
                                      "measuring here replaces it.")
                                       .arg(qs(record.device), qs(record.date), qs(record.source))
                                       .arg(m_size->currentData().toInt())
                             : m_measured.empty() ? tr("The record of %1 (%2) has no GEMMs of size %3.")
                                                        .arg(qs(record.device), qs(record.date))
                                                        .arg(m_size->currentData().toInt())
                                                  : QString();
    if (!m_query) status = tr("Looking for a GPU…");
    else if (!gpu)
        status = recorded.isEmpty() || !m_measured.empty()
                     ? tr("Measurements need a GPU (%1); the table shows the datasheet only.")
                           .arg(gpuReasonText(m_query->reason))
                     : tr("Measurements need a GPU (%1).").arg(gpuReasonText(m_query->reason));
    else if (m_measured.empty())
        status = tr("Press Measure (F6) to time cuBLAS GEMMs on %1.").arg(qs(m_query->devices.front().name));
    else
        status = tr("Measured with cuBLAS on %1: square GEMMs of size %2, median of %3 timed runs after %4 warm-up "
                    "runs.")
                     .arg(qs(m_query->devices.front().name))
                     .arg(m_measured.front().size)
                     .arg(BenchConfig{}.repeats)
                     .arg(BenchConfig{}.warmup);
    if (!recorded.isEmpty()) status += QLatin1Char('\n') + recorded;
    m_note->setText(status + QLatin1Char('\n') + entryText);
    fillChart();
}

void SpeedPanel::fillChart() {
    m_bars->clear();
    QStringList categories;
    for (GemmType type : defaultBenchTypes()) categories << latin(gemmTypeInfo(type).benchLabel);
    m_axisX->clear();
    m_axisX->append(categories);
    const DatasheetEntry* entry = selectedEntry();
    auto* peaks = new QBarSet(entry ? tr("Datasheet peak, %1").arg(qs(std::string(entry->name)))
                                    : tr("Datasheet peak"));
    double lo = 1e9, hi = 1;
    // A log axis cannot show 0: a value the datasheet lacks is drawn at the axis floor.
    for (GemmType type : defaultBenchTypes()) {
        const double v = entry ? datasheetPeak(*entry, type) : 0;
        if (v > 0) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    std::vector<double> measured;
    const std::vector<BenchRow>& shown = shownRows();
    for (GemmType type : defaultBenchTypes()) {
        const BenchRow* m = measuredRow(shown, type);
        measured.push_back(m ? m->tflops : 0);
        if (m && m->tflops > 0) lo = std::min(lo, m->tflops), hi = std::max(hi, m->tflops);
    }
    const double floor = lo > hi ? 0.1 : std::pow(10.0, std::floor(std::log10(lo)));
    for (GemmType type : defaultBenchTypes()) {
        const double v = entry ? datasheetPeak(*entry, type) : 0;
        *peaks << (v > 0 ? v : floor);
    }
    peaks->setColor(seriesColor(0, palette()));
    m_bars->append(peaks);
    if (std::any_of(measured.begin(), measured.end(), [](double v) { return v > 0; })) {
        const tc::MeasuredBench& record = tc::recordedH100Bench();
        auto* set = new QBarSet(m_measured.empty() ? tr("Measured on %1, %2").arg(qs(record.device), qs(record.date))
                                                   : tr("Measured"));
        for (double v : measured) *set << (v > 0 ? v : floor);
        set->setColor(highlightColor(palette()));
        m_bars->append(set);
    }
    applyLogAxis(m_axisY, floor, std::max(hi, floor * 10));
    // The plot is about 65 pixels high at 1280x720, room for a word: the ticks show the log scale, the table beside
    // the chart INT8's unit (TOPS), and a category "INT8 (TOPS)" would be cut in its slot.
    m_axisY->setTitleText(tr("TFLOPS"));
    styleChart(m_chartView->chart(), palette());
    fitLegend(m_chartView->chart());
}

void SpeedPanel::retranslate() {
    m_sheetLabel->setText(tr("Datasheet of:"));
    m_sheet->setToolTip(tr("The GPU whose published peaks the table shows; with a GPU, the detected one."));
    m_sizeLabel->setText(tr("GEMM size:"));
    m_size->setToolTip(tr("Square GEMMs M = N = K of this size are timed; larger ones come closer to the peak."));
    m_model->setHeaders({tr("Type"), tr("Measured TFLOPS"), tr("Datasheet TFLOPS"), tr("% of datasheet")});
    m_ladder->retranslate();
    fill();
}

void SpeedPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) fillChart();
    QWidget::changeEvent(event);
}

} // namespace fplab::gui
