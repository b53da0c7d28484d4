#include "app/gui/training/transformer/transformer_panel.h"

#include "app/gui/training/transformer/attention_heatmap_view.h"
#include "app/gui/training/transformer/dtype_trace_view.h"
#include "app/gui/training/transformer/layer_series_view.h"
#include "app/gui/training/transformer/overflow_report_view.h"
#include "app/gui/training/transformer/transformer_charts_view.h"
#include "app/gui/training/transformer/transformer_form.h"
#include "app/gui/training/transformer/transformer_run_json.h"
#include "app/gui/training/transformer/transformer_text_file.h"
#include "core/platform/atomic_file.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::training;

TransformerPanel::TransformerPanel(SettingsStore& store, QWidget* parent)
    : QWidget(parent), m_form(new TransformerForm(store)), m_state(std::make_shared<TransformerJobState>()) {
    m_start = new QPushButton;
    m_pause = new QPushButton;
    m_cancel = new QPushButton;
    m_clear = new QPushButton;
    m_everyPreset = new QPushButton;
    m_exportCsv = new QPushButton;
    m_exportCsv->setObjectName(QStringLiteral("transformerExportCsv"));
    m_everyPreset->setObjectName(QStringLiteral("transformerEveryPreset"));
    m_start->setObjectName(QStringLiteral("transformerStart"));
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("transformerStatus"));
    m_status->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_start, m_pause, m_cancel, m_clear}) buttons->addWidget(b);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(m_form);
    leftLayout->addLayout(buttons);
    auto* moreButtons = new QHBoxLayout;
    moreButtons->addWidget(m_everyPreset);
    moreButtons->addWidget(m_exportCsv);
    leftLayout->addLayout(moreButtons);
    leftLayout->addWidget(m_progress);
    leftLayout->addWidget(m_status);
    leftLayout->addStretch(1);
    m_scroll = new QScrollArea;
    m_scroll->setWidget(left);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_charts = new TransformerChartsView;
    m_overflow = new OverflowReportView;
    m_attention = new AttentionHeatmapView;
    m_layers = new LayerSeriesView;
    m_trace = new DtypeTraceView;
    m_tabs = new QTabWidget;
    for (QWidget* tab : std::initializer_list<QWidget*>{m_charts, m_overflow, m_attention, m_layers, m_trace})
        m_tabs->addTab(tab, {});
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_scroll);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    m_poll = new QTimer(this);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &TransformerPanel::poll);
    connect(m_start, &QPushButton::clicked, this, &TransformerPanel::start);
    connect(m_pause, &QPushButton::clicked, this, &TransformerPanel::togglePause);
    connect(m_cancel, &QPushButton::clicked, this, &TransformerPanel::cancel);
    connect(m_clear, &QPushButton::clicked, this, &TransformerPanel::clearRuns);
    connect(m_everyPreset, &QPushButton::clicked, this, &TransformerPanel::runEveryPreset);
    connect(m_exportCsv, &QPushButton::clicked, this, &TransformerPanel::exportCsvAs);
    connect(&m_runner, &JobRunner::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_form, &TransformerForm::edited, this, [this] {
        if (m_kept.empty() && m_currentKept) m_charts->setTask(m_form->config().task);
    });
    retranslate();
    showRuns();
}

TransformerPanel::~TransformerPanel() = default;

bool TransformerPanel::isPaused() const { return m_runner.isBusy() && m_state->paused(); }

int TransformerPanel::runCount() const { return int(m_kept.size()) + (m_currentKept ? 0 : 1); }

const TransformerRunRecord& TransformerPanel::lastRun() const { return m_current; }

double TransformerPanel::stepsPerSecond() const {
    const qint64 ms = m_activeMs + (m_active.isValid() ? m_active.elapsed() : 0);
    return ms > 0 ? 1000.0 * m_current.stepsDone / double(ms) : 0.0;
}

namespace {

// The task of a run: null for addition (the run makes it), else the text file's, read here (on the worker thread).
std::shared_ptr<const TokenTask> loadTask(const TransformerRunConfig& config) {
    if (config.task == TransformerTask::Addition) return nullptr;
    return TransformerTextFile::load(QString::fromStdString(config.textPath), config.run.shape.context);
}

} // namespace

bool TransformerPanel::start() {
    if (m_runner.isBusy()) return false;
    TransformerRunConfig config = m_form->config();
    TransformerRunSettings settings = config.run;
    settings.precision = config.precision();
    if (const QString problem = TransformerForm::overridesProblem(config); !problem.isEmpty()) {
        m_failure.clear();
        m_status->setText(problem);
        return false;
    }
    if (config.task == TransformerTask::Text) {
        // The file's size, its characters and the context are checked when it is read, off this thread.
        if (const QString problem = TransformerTextFile::quickProblem(QString::fromStdString(config.textPath));
            !problem.isEmpty()) {
            m_failure.clear();
            m_status->setText(problem);
            return false;
        }
    } else if (const std::string error = checkTransformerRunSettings(settings); !error.empty()) {
        m_status->setText(tr("These settings cannot run: %1.").arg(QString::fromStdString(error)));
        return false;
    }
    m_state->reset(config);
    m_current = m_state->snapshot();
    m_currentKept = false;
    m_failure.clear();
    m_activeMs = 0;
    m_active.start();
    m_progress->setValue(0);
    const std::shared_ptr<TransformerJobState> state = m_state;
    const bool started = m_runner.start(
        tr("Transformer run"),
        [state, config](const JobControl& control) { runTransformer(config, *state, control, loadTask(config)); },
        [this](const JobOutcome& outcome) { finished(outcome); });
    if (!started) return false;
    m_poll->start();
    refresh();
    return true;
}

void TransformerPanel::togglePause() {
    if (!m_runner.isBusy()) return;
    const bool pause = !m_state->paused();
    m_state->setPaused(pause);
    if (pause) {
        m_activeMs += m_active.elapsed();
        m_active.invalidate();
    } else m_active.start();
    refresh();
}

void TransformerPanel::cancel() {
    if (!m_runner.isBusy()) return;
    m_presetQueue.clear(); // the queue stops with the run
    m_runner.cancel();
    refresh();
}

bool TransformerPanel::runEveryPreset() {
    if (m_runner.isBusy() || runningEveryPreset()) return false;
    m_presetQueue.assign(std::begin(kAllTransformerPresets), std::end(kAllTransformerPresets));
    m_presetRestore = m_form->config().preset;
    m_presetIndex = 0;
    nextPreset();
    return runningEveryPreset();
}

void TransformerPanel::nextPreset() {
    if (m_presetQueue.empty()) return endPresetQueue();
    TransformerRunConfig config = m_form->config();
    config.preset = m_presetQueue.front();
    m_presetQueue.pop_front();
    ++m_presetIndex;
    m_form->setConfig(config);
    if (!start()) endPresetQueue(); // the status line says why
}

void TransformerPanel::endPresetQueue() {
    m_presetQueue.clear();
    if (m_presetRestore && !m_runner.isBusy()) {
        TransformerRunConfig config = m_form->config();
        config.preset = *m_presetRestore;
        m_form->setConfig(config);
    }
    m_presetRestore.reset();
    refresh();
}

void TransformerPanel::clearRuns() {
    m_kept.clear();
    if (m_currentKept) m_current = TransformerRunRecord{};
    showRuns();
    refresh();
}

void TransformerPanel::poll() {
    m_current = m_state->snapshot();
    showRuns();
    refresh();
}

void TransformerPanel::finished(const JobOutcome& outcome) {
    m_poll->stop();
    if (m_active.isValid()) m_activeMs += m_active.elapsed();
    m_active.invalidate();
    m_current = m_state->snapshot();
    m_failure = outcome.error;
    if (!m_current.empty()) keep(m_current);
    m_currentKept = true;
    showRuns();
    refresh();
    if (runningEveryPreset()) {
        // Outside the runner's signal; a cancelled or failed run ends the queue (Cancel emptied it already).
        if (outcome.cancelled || !outcome.error.isEmpty()) m_presetQueue.clear();
        QTimer::singleShot(0, this, &TransformerPanel::nextPreset);
        return;
    }
    if (m_current.overflow && !m_current.overflowSkipped) {
        m_tabs->setCurrentWidget(m_overflow);
        emit statusMessage(tr("The transformer run stopped at step %1: an operation overflowed or was invalid.")
                               .arg(m_current.overflowStep),
                           0);
    }
}

void TransformerPanel::showCompletedRun(const TransformerRunConfig& config) {
    if (m_runner.isBusy()) return;
    m_state->reset(config);
    m_failure.clear();
    m_activeMs = 0;
    m_active.start();
    try {
        runTransformer(config, *m_state, JobControl{}, loadTask(config));
    } catch (const std::exception& e) {
        m_failure = QString::fromStdString(e.what());
    }
    m_activeMs = m_active.elapsed();
    m_active.invalidate();
    m_current = m_state->snapshot();
    m_progress->setValue(1000 * m_current.stepsDone / std::max(1, config.steps));
    if (!m_current.empty()) keep(m_current);
    m_currentKept = true;
    showRuns();
    refresh();
}

int TransformerPanel::freeColorSlot() const {
    for (int slot = 0; slot < kMaxKeptRuns; ++slot)
        if (std::none_of(m_kept.begin(), m_kept.end(), [slot](const KeptRun& k) { return k.colorSlot == slot; }))
            return slot;
    return 0;
}

void TransformerPanel::keep(const TransformerRunRecord& record, const QString& given) {
    if (int(m_kept.size()) == kMaxKeptRuns) m_kept.erase(m_kept.begin()); // the oldest goes
    const QString base = given.isEmpty() ? runName(record.config) : given;
    QString name = base;
    for (int n = 2; std::any_of(m_kept.begin(), m_kept.end(), [&name](const KeptRun& k) { return k.name == name; });
         ++n)
        name = QStringLiteral("%1 #%2").arg(base).arg(n);
    m_kept.push_back({name, freeColorSlot(), record});
}

QString TransformerPanel::runName(const TransformerRunConfig& config) const {
    const QString preset = TransformerForm::presetText(config.preset);
    return config.softmaxSubtractsMax ? preset : tr("%1, softmax without max subtraction").arg(preset);
}

void TransformerPanel::showRuns() {
    std::vector<ShownTransformerRun> shown;
    for (const KeptRun& k : m_kept) shown.push_back({k.name, k.colorSlot, &k.record});
    if (!m_currentKept) shown.push_back({runName(m_current.config), freeColorSlot(), &m_current});
    m_charts->showRuns(shown);
    const TransformerRunRecord& last = shownRun();
    m_overflow->showReport(last.overflow, last.overflowStep, !last.empty(), last.overflowSkipped);
    if (m_currentKept || last.finished) m_attention->showExample(last.attention);
    m_layers->showRun(last);
    m_trace->showTrace(last.dtypeTrace);
    const TransformerTask task = last.empty() ? m_form->config().task : last.config.task;
    m_charts->setTask(task);
}

const TransformerRunRecord& TransformerPanel::shownRun() const {
    return m_currentKept && !m_kept.empty() ? m_kept.back().record : m_current;
}

QString TransformerPanel::exportCsv(const QString& path) {
    const TransformerRunRecord& run = shownRun();
    QString error;
    if (run.csvRows.empty()) error = tr("The shown run has no steps to export.");
    else {
        platform::AtomicFile file(QFile::encodeName(path).toStdString());
        std::optional<std::string> problem = file.open();
        if (!problem) {
            file.stream() << transformerCsvHeader(run.config.run.shape.layers);
            for (const TransformerCsvRow& row : run.csvRows) file.stream() << transformerCsvLine(row);
            problem = file.commit();
        }
        if (problem)
            error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), QString::fromStdString(*problem));
    }
    m_status->setText(
        error.isEmpty()
            ? tr("%n step(s) written to %1.", nullptr, int(run.csvRows.size())).arg(QDir::toNativeSeparators(path))
            : error);
    return error;
}

void TransformerPanel::exportCsvAs() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the run as CSV"), QStringLiteral("transformer.csv"), tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty()) exportCsv(path);
}

void TransformerPanel::refresh() {
    const bool busy = m_runner.isBusy();
    const bool paused = isPaused();
    m_form->setLocked(busy);
    m_start->setEnabled(!busy);
    m_pause->setEnabled(busy);
    m_cancel->setEnabled(busy);
    m_clear->setEnabled(!busy && !m_kept.empty());
    m_everyPreset->setEnabled(!busy && !runningEveryPreset());
    const TransformerRunRecord& shown = shownRun();
    m_exportCsv->setEnabled(!busy && !shown.csvRows.empty());
    m_exportCsv->setToolTip(!shown.empty() && shown.csvRows.empty()
                                ? tr("This run was restored from a session without its steps' rows (a session "
                                     "saved by an older version, or a run of more than %1 steps): run it again to "
                                     "export it.")
                                      .arg(TransformerRunJson::kMaxSavedCsvRows)
                                : tr("Every step of the shown run as CSV, the columns of fplab-cli train --model "
                                     "transformer --csv: loss, scale, updates lost and each block's series."));
    m_pause->setText(paused ? tr("&Resume") : tr("&Pause"));
    const TransformerRunRecord& r = m_current;
    const int steps = r.config.steps;
    const QString rate = QString::number(stepsPerSecond(), 'f', 1);
    // Run every preset names the preset that runs first.
    const int presets = int(std::size(kAllTransformerPresets));
    const QString queue = runningEveryPreset() && busy ? tr("Preset %1 of %2, %3: ")
                                                             .arg(m_presetIndex)
                                                             .arg(presets)
                                                             .arg(TransformerForm::presetText(r.config.preset))
                                                       : QString();
    if (busy && paused) m_status->setText(queue + tr("Paused at step %1 of %2.").arg(r.stepsDone).arg(steps));
    else if (busy) m_status->setText(queue + tr("Step %1 of %2, %3 steps/s.").arg(r.stepsDone).arg(steps).arg(rate));
    else if (!m_failure.isEmpty()) m_status->setText(tr("The run failed: %1").arg(m_failure));
    else if (r.empty()) m_status->setText(tr("Start trains the transformer on the CPU emulator."));
    else if (r.overflow && !r.overflowSkipped)
        m_status->setText(
            tr("Stopped at step %1: an operation overflowed or was invalid (see First overflow).").arg(r.overflowStep));
    else if (!r.finished) m_status->setText(tr("Cancelled at step %1 of %2.").arg(r.stepsDone).arg(steps));
    else
        m_status->setText(
            tr("Finished %1 steps at %2 steps/s: held-out %3 %4%.")
                .arg(r.stepsDone)
                .arg(QString::number(stepsPerSecond(), 'f', 1), TransformerForm::accuracyText(r.config.task))
                .arg(QString::number(r.accuracy.empty() ? 0.0 : 100.0 * r.accuracy.back().second, 'f', 1)));
}

void TransformerPanel::retranslate() {
    m_form->retranslate();
    m_start->setText(tr("&Start"));
    m_cancel->setText(tr("&Cancel"));
    m_clear->setText(tr("Clear runs"));
    m_everyPreset->setText(tr("Run every preset"));
    m_exportCsv->setText(tr("Export CSV…"));
    m_everyPreset->setToolTip(tr("Runs the %1 presets one after another with the form's other settings and overlays "
                                 "their loss and accuracy; Cancel stops the queue.")
                                  .arg(std::size(kAllTransformerPresets)));
    m_clear->setToolTip(tr("Removes the kept runs from the charts (up to %1 are kept).").arg(kMaxKeptRuns));
    m_tabs->setTabText(m_tabs->indexOf(m_charts), tr("Loss and accuracy"));
    m_tabs->setTabText(m_tabs->indexOf(m_overflow), tr("First overflow"));
    m_tabs->setTabText(m_tabs->indexOf(m_attention), tr("Attention"));
    m_tabs->setTabText(m_tabs->indexOf(m_layers), tr("Per layer"));
    m_tabs->setTabText(m_tabs->indexOf(m_trace), tr("Dtype trace"));
    m_layers->retranslate();
    m_charts->retranslate();
    m_overflow->retranslate();
    m_attention->retranslate();
    m_trace->retranslate();
    refresh();
    fitFormWidth();
}

// As wide as the form in the current language and font, plus the vertical scroll bar: it never scrolls sideways.
void TransformerPanel::fitFormWidth() {
    QWidget* form = m_scroll->widget();
    form->adjustSize();
    m_scroll->setMinimumWidth(form->minimumSizeHint().width() + m_scroll->verticalScrollBar()->sizeHint().width());
}

void TransformerPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitFormWidth(); // Present mode's zoom
}

} // namespace fplab::gui
