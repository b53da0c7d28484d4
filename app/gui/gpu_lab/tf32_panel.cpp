// The TF32 demonstration's controls, run and table.
#include "app/gui/gpu_lab/tf32_panel.h"

#include "app/gui/common/number_text.h"
#include "app/gui/common/chart_style.h"
#include "app/gui/common/gpu_text.h"
#include "app/gui/gpu_lab/gpu_lab_settings.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/gpu_lab/lab_widgets.h"
#include "app/gui/gpu_lab/text_table_model.h"
#include "gpu/backend_choice.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLogValueAxis>
#include <QSpinBox>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

namespace fplab::gui {

Tf32Panel::Tf32Panel(GpuLabSettings& settings, JobRunner& runner, QAction* runAction, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_runner(runner) {
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    m_sizeLabel = new QLabel;
    m_size = new QSpinBox;
    m_size->setRange(16, GpuLabSettings::kMaxDimension);
    m_size->setValue(m_settings.tf32Size.get());
    m_seedLabel = new QLabel;
    m_seed = new QSpinBox;
    m_seed->setRange(0, 1000000000);
    m_seed->setValue(m_settings.tf32Seed.get());
    m_runButton = new QToolButton;
    m_runButton->setDefaultAction(runAction);
    m_runButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_sizeLabel);
    controls->addWidget(m_size);
    controls->addSpacing(12);
    controls->addWidget(m_seedLabel);
    controls->addWidget(m_seed);
    controls->addSpacing(12);
    controls->addWidget(m_runButton);
    controls->addStretch(1);

    m_model = new TextTableModel(this);
    m_model->setNumericColumns({MaxError, RelativeError, MeanUlps, Time, Tflops});
    m_table = makeResultsView(m_model);
    m_table->setObjectName(QStringLiteral("gpuTf32Table"));
    m_conclusion = makeNoteLabel(QStringLiteral("gpuTf32Conclusion"));

    m_table->setMaximumHeight((fontMetrics().height() + 6) * 5 + 8);
    m_chartView = makeChartView(this);
    m_bars = new QBarSeries(this);
    m_chartView->chart()->addSeries(m_bars);
    m_chartView->chart()->legend()->hide();
    m_axisX = new QBarCategoryAxis(this);
    m_axisY = new QLogValueAxis(this);
    m_chartView->chart()->addAxis(m_axisX, Qt::AlignBottom);
    m_chartView->chart()->addAxis(m_axisY, Qt::AlignLeft);
    m_bars->attachAxis(m_axisX);
    m_bars->attachAxis(m_axisY);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_intro);
    layout->addLayout(controls);
    layout->addWidget(m_table);
    layout->addWidget(m_chartView, 1);
    layout->addWidget(m_conclusion);
    retranslate();
}

Tf32Panel::~Tf32Panel() = default;

Tf32JobRequest Tf32Panel::requestFromControls() const {
    Tf32JobRequest r;
    r.size = m_size->value();
    r.seed = std::uint64_t(m_seed->value());
    r.arch = gpu::defaultModelArch();
    r.useGpu = m_gpu;
    r.speedSize = m_settings.benchSize.get();
    return r;
}

bool Tf32Panel::startRun() {
    const Tf32JobRequest request = requestFromControls();
    auto result = std::make_shared<Tf32JobResult>();
    const bool started = m_runner.startJob(
        tr("TF32"), [request, result](const JobControl& control) { *result = runTf32Job(request, control); },
        [this, result] { showResult(std::move(*result)); },
        {tr("The TF32 comparison was cancelled."), tr("The TF32 comparison failed: %1"), tr("TF32 comparison done.")},
        [this](const QString& text, int ms) { emit message(text, ms); });
    if (started) saveSettings();
    return started;
}

void Tf32Panel::runNow(const Tf32JobRequest& request) {
    m_size->setValue(request.size);
    m_seed->setValue(int(request.seed));
    showResult(runTf32Job(request));
}

void Tf32Panel::saveSettings() {
    m_settings.tf32Size.set(m_size->value());
    m_settings.tf32Seed.set(m_seed->value());
}

void Tf32Panel::showResult(Tf32JobResult result) {
    m_result = std::move(result);
    fill();
}

void Tf32Panel::fill() {
    if (!m_result) {
        m_model->setRows({});
        m_conclusion->setText(tr("Press Compare (F7)."));
        fillChart();
        return;
    }
    QList<QStringList> rows;
    for (const Tf32Row& r : m_result->rows) {
        QStringList row(ColumnCount);
        row[Precision] = r.tf32 ? tr("\"high\": TF32 on") : tr("\"highest\": FP32");
        row[ComputedBy] = r.onGpu  ? tr("GPU, %1").arg(qs(r.backend))
                          : r.tf32 ? tr("CPU model of the TF32 tensor cores (%1, inputs rounded to nearest even as by "
                                        "cuBLAS)")
                                         .arg(qs(r.backend))
                                   : tr("CPU, FP32 FMA chain (%1)").arg(qs(r.backend));
        row[MaxError] = approxText(r.maxAbsError, 3);
        row[RelativeError] = approxText(r.relativeError, 3);
        row[MeanUlps] = approxText(r.meanAbsUlps, 3);
        row[Time] = approxText(r.milliseconds, 3);
        row[Tflops] = r.tflops ? QString::number(*r.tflops, 'f', 1) : QStringLiteral("—");
        rows << row;
    }
    m_model->setRows(rows);
    QStringList lines;
    const Tf32Row* off = nullptr;
    const Tf32Row* on = nullptr;
    for (const Tf32Row& r : m_result->rows)
        if (!r.onGpu) (r.tf32 ? on : off) = &r;
    if (off && on && off->relativeError > 0)
        lines << tr("With TF32 the error against FP64 is %1 times FP32's (%2 against %3): TF32 keeps 10 fraction bits "
                    "of "
                    "each input, FP32 23.")
                     .arg(QString::number(on->relativeError / off->relativeError, 'f', 0),
                          approxText(on->relativeError, 3), approxText(off->relativeError, 3));
    if (!m_result->gpuError.empty()) lines << tr("The GPU part failed: %1").arg(gpuReasonText(m_result->gpuError));
    else if (!m_gpu) lines << tr("Speed needs a GPU: the CPU rows show the error only.");
    lines << tr("Error columns: the largest |D − R| over the cells and ‖D − R‖ / ‖R‖, with R the same GEMM in FP64; "
                "ulps are counted from R rounded to FP32.");
    m_conclusion->setText(lines.join(QLatin1Char('\n')));
    fillChart();
}

void Tf32Panel::fillChart() {
    m_bars->clear();
    m_axisX->clear();
    m_axisY->setTitleText(tr("Relative error against FP64, log scale"));
    if (!m_result || m_result->rows.empty()) return;
    auto* set = new QBarSet(tr("Relative error"));
    QStringList categories;
    double lo = 1, hi = 1e-30;
    for (const Tf32Row& r : m_result->rows) {
        categories << (r.tf32 ? tr("TF32") : tr("FP32")) + QStringLiteral(", ") + (r.onGpu ? tr("GPU") : tr("CPU"));
        *set << r.relativeError;
        if (r.relativeError > 0) lo = std::min(lo, r.relativeError), hi = std::max(hi, r.relativeError);
    }
    set->setColor(seriesColor(0, palette()));
    m_bars->append(set);
    m_axisX->append(categories);
    applyLogAxis(m_axisY, lo / 10, std::max(hi, lo));
    styleChart(m_chartView->chart(), palette());
}

void Tf32Panel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) fillChart();
    QWidget::changeEvent(event);
}

void Tf32Panel::retranslate() {
    m_intro->setText(
        tr("PyTorch's torch.set_float32_matmul_precision(\"highest\") keeps FP32 matrix products in FP32; "
           "\"high\" lets them run on TF32 tensor cores, which round each input to 10 fraction bits and sum "
           "in FP32. Here one FP32 GEMM (M = N = K) runs both ways and is compared with FP64."));
    m_sizeLabel->setText(tr("Size:"));
    m_seedLabel->setText(tr("Seed:"));
    m_model->setHeaders({tr("Precision"), tr("Computed by"), tr("Max |error|"), tr("Relative error"), tr("Mean |ulps|"),
                         tr("Time (ms)"), tr("TFLOPS")});
    fill();
}

} // namespace fplab::gui
