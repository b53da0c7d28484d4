// The experiment panel: parameter edits start a run in the thread pool; only the newest
// run's result is shown, and results for a panel that is gone are dropped.
#include "app/gui/lessons/experiment_panel.h"

#include "app/gui/common/gpu_text.h"
#include "app/gui/common/job_runner.h"

#include "app/gui/common/lesson_language.h"
#include "app/gui/common/text_colour.h"
#include "app/gui/lessons/param_editor.h"
#include "app/gui/lessons/result_view.h"
#include "app/gui/shell/theme.h"
#include "app/lesson_counterparts/lesson_counterparts.h"
#include "lessons/side_by_side.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::lessons;

namespace {

std::shared_ptr<GpuCounterpart>& counterpartOverride() {
    static std::shared_ptr<GpuCounterpart> instance;
    return instance;
}

} // namespace

void ExperimentPanel::setGpuCounterpart(std::shared_ptr<GpuCounterpart> counterpart) {
    counterpartOverride() = std::move(counterpart);
}

ExperimentPanel::ExperimentPanel(const ExperimentCall& call, const ExperimentRun& initial, Language language,
                                 QWidget* parent)
    : QWidget(parent), m_call(call), m_run(initial), m_language(language), m_runner(new JobRunner(this)),
      m_title(new QLabel(this)), m_status(new QLabel(this)), m_params(nullptr), m_reset(new QPushButton(this)),
      m_results(new ResultView(this)), m_backendRow(new QWidget(this)), m_backendLabel(new QLabel(m_backendRow)),
      m_cpuButton(new QRadioButton(m_backendRow)), m_gpuButton(new QRadioButton(m_backendRow)),
      m_gpuReason(new QLabel(m_backendRow)) {
    setObjectName(QString::fromStdString("experiment_" + call.id));
    auto* layout = new QVBoxLayout(this);
    auto* head = new QHBoxLayout;
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    head->addWidget(m_title, 1);
    head->addWidget(m_reset);
    layout->addLayout(head);
    if (const ExperimentSpec* spec = findExperiment(call.name)) {
        m_params = new ParamEditor(*spec, call.params, this);
        layout->addWidget(m_params);
        connect(m_params, &ParamEditor::edited, this, &ExperimentPanel::startRun);
    }
    layout->addWidget(m_backendRow);
    setUpBackendSwitch();
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    layout->addWidget(m_results, 1);
    m_reset->setObjectName(QStringLiteral("reset"));
    connect(m_reset, &QPushButton::clicked, this, [this] {
        if (m_params) m_params->resetToLesson();
    });
    connect(m_results, &ResultView::openInExplorer, this, &ExperimentPanel::openInExplorer);
    connect(m_results, &ResultView::openInArithmetic, this, &ExperimentPanel::openInArithmetic);
    retranslate();
    showRun();
}

ExperimentPanel::~ExperimentPanel() {
    delete m_runner; // waits for a run in progress, before the members its callback uses go
}

void ExperimentPanel::setUpBackendSwitch() {
    std::shared_ptr<GpuCounterpart> counterpart = counterpartOverride() ? counterpartOverride()
                                                                        : gpu::lessonGpuCounterpart();
    m_backendRow->setObjectName(QStringLiteral("backendSwitch"));
    m_cpuButton->setObjectName(QStringLiteral("backendCpu"));
    m_gpuButton->setObjectName(QStringLiteral("backendGpu"));
    m_gpuReason->setObjectName(QStringLiteral("gpuReason"));
    // The choice on one line, why the GPU cannot be chosen on the next (a sentence that wraps).
    auto* column = new QVBoxLayout(m_backendRow);
    column->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->addWidget(m_backendLabel);
    row->addWidget(m_cpuButton);
    row->addWidget(m_gpuButton);
    row->addStretch(1);
    column->addLayout(row);
    column->addWidget(m_gpuReason);
    m_cpuButton->setChecked(true);
    m_gpuReason->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_gpuReason->setWordWrap(true);
    m_gpuReason->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    if (!counterpart || !counterpart->hasCounterpart(m_call.name) || !m_params) {
        m_backendRow->hide();
        return;
    }
    m_counterpart = std::move(counterpart);
    const std::string reason = m_counterpart->unavailableReason();
    m_gpuButton->setEnabled(reason.empty());
    m_gpuReason->setText(gpuReasonText(reason));
    m_gpuReason->setVisible(!reason.empty());
    connect(m_gpuButton, &QRadioButton::toggled, this, [this](bool) { startRun(); });
}

void ExperimentPanel::setLanguage(Language language) {
    m_language = language;
    retranslate();
    showRun();
}

void ExperimentPanel::retranslate() {
    const ExperimentSpec* spec = findExperiment(m_call.name);
    m_title->setText(spec ? uiText(m_language, spec->title) : QString::fromStdString(m_call.name));
    m_title->setToolTip(spec ? uiText(m_language, spec->summary) : QString());
    m_backendLabel->setText(tr("Run on:"));
    m_cpuButton->setText(tr("CPU (emulated)"));
    // The lessons' GPU counterparts have not all run on hardware (docs/gpu-results/verified.tsv): the switch says so.
    const QString mark = gpuMeasurementMark("lesson-");
    m_gpuButton->setText(mark.isEmpty() ? tr("GPU (side by side)") : tr("GPU (side by side; %1)").arg(mark));
    m_gpuButton->setToolTip(tr("Runs the experiment on this machine's GPU as well and shows both results, "
                               "the differing ones highlighted"));
    m_gpuReason->setToolTip(tr("Why the GPU cannot be used"));
    m_reset->setText(tr("Reset"));
    m_reset->setToolTip(tr("Back to the lesson's values"));
    if (m_params) m_params->retranslate(m_language);
}

void ExperimentPanel::startRun() {
    m_running = true;
    m_status->setText(tr("Computing…"));
    m_reset->setEnabled(true);
    if (m_runner->isBusy()) { // the newest values run as soon as the run in progress has ended
        m_rerun = true;
        return;
    }
    m_rerun = false;
    const ParamList params = m_params->values();
    // Only a chosen GPU runs; the counterpart object is shared with the worker.
    std::shared_ptr<GpuCounterpart> counterpart = m_gpuButton->isChecked() ? m_counterpart : nullptr;
    // The worker gets its own copy of the block and fills `out`, which the GUI thread reads once it has ended.
    auto out = std::make_shared<std::pair<ExperimentRun, std::optional<GpuSide>>>();
    m_runner->start(
        tr("Experiment"),
        [call = m_call, params, counterpart, out](const JobControl&) {
            out->first = runCall(call, params);
            out->first.call = nullptr;
            if (counterpart && out->first.result)
                out->second = runCounterpart(*counterpart, call.name, out->first.params);
        },
        [this, out](const JobOutcome& outcome) {
            if (m_rerun) {
                startRun();
                return;
            }
            if (!outcome.error.isEmpty()) out->first.error = outcome.error.toStdString();
            finishRun(std::move(out->first), std::move(out->second));
        });
}

void ExperimentPanel::finishRun(ExperimentRun run, std::optional<GpuSide> gpu) {
    m_running = false;
    m_run = std::move(run);
    m_run.call = &m_call;
    m_gpu = std::move(gpu);
    showRun();
    emit runChanged();
}

void ExperimentPanel::showRun() {
    if (!m_run.error.empty()) {
        m_status->setText(tr("Error: %1").arg(QString::fromStdString(m_run.error)));
        setTextColour(m_status, warningColor);
        m_status->show();
    } else {
        setTextColour(m_status, nullptr);
        const bool modified = m_params && m_params->isModified();
        QStringList status;
        if (modified) status.push_back(tr("Your values (the narration follows them)."));
        if (m_gpu && m_gpu->result && m_run.result) {
            const SideBySide sides = compareResults(*m_run.result, *m_gpu->result);
            const std::size_t differing = sides.count(Match::Differs);
            status.push_back(
                differing == 0
                    ? tr("CPU-emulated and GPU results side by side: every result computed on both "
                         "agrees bit for bit.")
                    : tr("CPU-emulated and GPU results side by side: %1 differ (highlighted).").arg(differing));
            m_results->setSideBySide(*m_run.result, sides, m_language);
        } else {
            if (m_gpu) status.push_back(tr("GPU side not run: %1").arg(QString::fromStdString(m_gpu->error)));
            if (m_run.result) m_results->setResult(*m_run.result, m_language);
        }
        m_status->setText(status.join(QLatin1Char(' ')));
        m_status->setVisible(!status.isEmpty());
    }
    m_reset->setEnabled(m_params && m_params->isModified());
}

} // namespace fplab::gui
