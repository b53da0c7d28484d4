// The run's life cycle (start, pause, step, cancel, reset), the hand-over of the worker's updates at a
// bounded rate, and the status and summary lines.
#include "app/gui/training/run_controls.h"

#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_form.h"

#include <QAction>
#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace fplab::gui {

using namespace fplab::training;

namespace {

QString percent(double fraction) { return QString::number(100.0 * fraction, 'f', 1) + QLatin1Char('%'); }

QString powerOfTwoText(double v) {
    int e = 0;
    if (v > 0 && std::frexp(v, &e) == 0.5) return QStringLiteral("2^%1").arg(e - 1);
    return QString::number(v, 'g', 6);
}

// A loss as a learner reads it (4 significant digits); the float's every digit goes to the tooltip.
QString shortLoss(float loss) { return QString::number(double(loss), 'g', 4); }
QString fullLoss(float loss) { return QString::number(double(loss), 'g', 9); }

QString typeWord(DType type) {
    switch (type) {
    case DType::Float32: return QStringLiteral("FP32");
    case DType::Float16: return QStringLiteral("FP16");
    case DType::BFloat16: return QStringLiteral("BF16");
    case DType::Float8E4M3: return QStringLiteral("FP8 E4M3");
    case DType::Float8E5M2: return QStringLiteral("FP8 E5M2");
    }
    return {};
}

} // namespace

RunControls::RunControls(TrainingForm* form, QWidget* parent)
    : QWidget(parent), m_form(form), m_controller(new TrainingController(this)) {
    m_start = new QAction(this);
    m_start->setShortcut(QKeySequence(Qt::Key_F5));
    m_pause = new QAction(this);
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_step = new QAction(this);
    m_step->setShortcut(QKeySequence(Qt::Key_F7));
    m_cancel = new QAction(this);
    m_cancel->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_reset = new QAction(this);
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
    // The Training menu shows each shortcut next to its action; the buttons show it in the tooltip.
    for (QAction* a : actions()) a->setShortcutVisibleInContextMenu(true);
    connect(m_start, &QAction::triggered, this, [this] { start(false); });
    connect(m_pause, &QAction::triggered, this, &RunControls::togglePause);
    connect(m_step, &QAction::triggered, this, &RunControls::stepOnce);
    connect(m_cancel, &QAction::triggered, this, &RunControls::cancel);
    connect(m_reset, &QAction::triggered, this, &RunControls::reset);

    auto* buttons = new QHBoxLayout;
    for (QAction* a : actions()) {
        auto* b = new QToolButton;
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        buttons->addWidget(b);
        m_buttons << b;
    }
    // Where focus goes when the focused button is disabled and no safe button is enabled (see keepFocusSafe).
    setFocusPolicy(Qt::NoFocus);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("trainingStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_summary);

    m_coalesce = new QTimer(this);
    m_coalesce->setSingleShot(true);
    connect(m_coalesce, &QTimer::timeout, this, &RunControls::applyPending);
    m_sinceApply.start();
    connect(m_controller, &TrainingController::updated, this, &RunControls::onWorkerUpdated);
    connect(m_controller, &TrainingController::finished, this, [this] {
        m_coalesce->stop();
        applyPending(); // the last update, then the phase without the worker
        refresh();
    });
    retranslate();
}

RunControls::~RunControls() = default;

QList<QAction*> RunControls::actions() const { return {m_start, m_pause, m_step, m_cancel, m_reset}; }

RunPhase RunControls::phase() const {
    if (!m_controller->isRunning()) return m_run.empty() ? RunPhase::Empty : RunPhase::Ended;
    if (m_controller->isCancelling()) return RunPhase::Stopping;
    if (m_controller->isPaused()) return m_run.paused ? RunPhase::Paused : RunPhase::Pausing;
    return RunPhase::Running;
}

bool RunControls::start(bool paused) {
    if (!enabledActions(phase()).start && !(paused && enabledActions(phase()).step)) return false;
    QString error;
    const TrainingConfig config = m_form->config();
    if (!m_controller->start(config, paused, &error, m_form->backend() == gpu::TrainingBackend::Gpu)) {
        m_refusal = error;
        emit statusMessage(error, 6000);
        refresh();
        return false;
    }
    m_refusal.clear();
    m_form->save();
    m_run.begin(m_controller->setup());
    m_sinceApply.restart();
    m_sinceStart.start();
    m_progress.clear();
    emit runChanged();
    refresh();
    return true;
}

void RunControls::showCompletedRun(const TrainingConfig& config) {
    if (m_controller->isRunning()) return;
    m_form->setConfig(config);
    TrainingRun run(config);
    m_run.begin(setupOf(run, false));
    TrainingUpdate update;
    while (const StepRecord* r = run.step()) update.steps.push_back(*r);
    if (run.policy().fp8Gemms()) {
        TrainingConfig reference = config;
        reference.mode = TrainingMode::Bf16;
        reference.collectStats = false;
        TrainingRun bf16(reference);
        while (const StepRecord* r = bf16.step()) update.bf16Loss.push_back({r->step, r->loss});
    }
    update.state = run.state();
    update.evaluation = run.evaluate();
    update.grid = run.predictionGrid(TrainingController::kGridSize, TrainingController::kGridSize);
    update.ended = true;
    m_run.apply(std::move(update));
    emit runChanged();
    refresh();
}

void RunControls::reset() {
    if (!enabledActions(phase()).reset) return;
    m_run.clear();
    m_refusal.clear();
    emit runChanged();
    refresh();
}

void RunControls::onWorkerUpdated() {
    if (m_coalesce->isActive()) return; // already due
    const qint64 wait = kMinUpdateIntervalMs - m_sinceApply.elapsed();
    if (wait <= 0) applyPending();
    else m_coalesce->start(int(wait));
}

void RunControls::applyPending() {
    m_run.apply(m_controller->takeUpdate());
    noteProgress();
    m_sinceApply.restart();
    emit runChanged();
    refresh();
}

void RunControls::noteProgress() {
    if (phase() != RunPhase::Running) {
        m_progress.clear(); // a pause is not slow stepping: the rate starts again on Resume
        return;
    }
    const qint64 now = m_sinceStart.elapsed();
    m_progress.emplace_back(now, m_run.state.stepsDone);
    constexpr qint64 kWindowMs = 5000;
    while (m_progress.size() > 2 && now - m_progress.front().first > kWindowMs) m_progress.pop_front();
}

double RunControls::stepsPerSecond() const {
    if (m_progress.size() < 2) return 0;
    const auto& [t0, s0] = m_progress.front();
    const auto& [t1, s1] = m_progress.back();
    if (t1 - t0 < 500 || s1 <= s0) return 0; // too short to tell
    return 1000.0 * double(s1 - s0) / double(t1 - t0);
}

// "0.45 steps/s, about 3 h 40 min left": a large run's pace, so that a learner can decide to wait or cancel.
QString RunControls::rateText() const {
    const double rate = stepsPerSecond();
    if (rate <= 0) return {};
    const QString speed = tr("%1 steps/s").arg(QLocale().toString(rate, 'g', rate < 10 ? 2 : 3));
    const double left = double(m_run.state.totalSteps - m_run.state.stepsDone) / rate;
    const qint64 seconds = qint64(std::ceil(left));
    QString remaining;
    if (seconds < 60) remaining = tr("about %n s left", nullptr, int(seconds));
    else if (seconds < 3600) remaining = tr("about %n min left", nullptr, int((seconds + 59) / 60));
    else remaining = tr("about %1 h %2 min left").arg(seconds / 3600).arg((seconds % 3600) / 60);
    return tr("%1, %2.").arg(speed, remaining);
}

void RunControls::togglePause() {
    const RunPhase p = phase();
    if (p == RunPhase::Paused) {
        m_run.paused = false;
        m_controller->resume();
    } else if (p == RunPhase::Running) {
        m_controller->pause();
    }
    refresh();
}

void RunControls::stepOnce() {
    const RunPhase p = phase();
    if (p == RunPhase::Paused) {
        m_run.paused = false; // until the worker reports the new step
        m_controller->stepOnce();
    } else if (p == RunPhase::Empty || p == RunPhase::Ended) {
        if (start(true)) m_controller->stepOnce();
    }
    refresh();
}

void RunControls::setCancelConfirmer(CancelConfirmer confirm, int afterMs) {
    m_confirmCancel = std::move(confirm);
    m_confirmCancelAfterMs = afterMs;
}

bool RunControls::confirmCancel() {
    if (!m_sinceStart.isValid() || m_sinceStart.elapsed() < m_confirmCancelAfterMs) return true;
    const int steps = m_controller->workerSteps();
    if (m_confirmCancel) return m_confirmCancel(steps);
    QMessageBox box(QMessageBox::Question, tr("Cancel the run?"),
                    tr("The run has done %n step(s). Cancelling ends it; it cannot be resumed.", nullptr, steps),
                    QMessageBox::NoButton, this);
    QPushButton* stop = box.addButton(tr("Cancel the run"), QMessageBox::DestructiveRole);
    QPushButton* keep = box.addButton(tr("Keep running"), QMessageBox::RejectRole);
    box.setDefaultButton(keep);
    box.setEscapeButton(keep);
    box.exec();
    return box.clickedButton() == stop;
}

void RunControls::cancel() {
    if (!enabledActions(phase()).cancel) return;
    if (!confirmCancel() || !enabledActions(phase()).cancel) return; // the run may have ended meanwhile
    m_controller->cancel();
    refresh();
}

// Disabling the focused button hands the focus to the next one in the chain: after Pause that was Cancel,
// and the Space a user pressed next cancelled the run. The focus goes to a harmless enabled button instead,
// or to this widget, where Space does nothing.
void RunControls::keepFocusSafe(int focusedBefore, const RunActions& enabled) {
    if (focusedBefore < 0) return;
    const bool on[] = {enabled.start, enabled.pause, enabled.step, enabled.cancel, enabled.reset};
    if (on[focusedBefore]) return;
    for (int i : {1, 2, 0}) // Pause/Resume, Step, Start: never Cancel or Reset
        if (on[i]) {
            m_buttons[i]->setFocus(Qt::OtherFocusReason);
            return;
        }
    setFocus(Qt::OtherFocusReason);
}

void RunControls::refresh() {
    const RunPhase p = phase();
    const RunActions enabled = enabledActions(p);
    const int focusedButton = int(m_buttons.indexOf(qobject_cast<QToolButton*>(QApplication::focusWidget())));
    m_start->setEnabled(enabled.start);
    m_pause->setEnabled(enabled.pause);
    m_step->setEnabled(enabled.step);
    m_cancel->setEnabled(enabled.cancel);
    m_reset->setEnabled(enabled.reset);
    keepFocusSafe(focusedButton, enabled);
    m_pause->setText(p == RunPhase::Paused ? tr("Resume") : tr("Pause"));
    m_form->setLocked(!settingsEditable(p));
    showStatus();
    showSummary();
}

void RunControls::retranslate() {
    m_start->setText(tr("Start"));
    m_start->setToolTip(tr("Start a new run with these settings (F5)"));
    m_step->setText(tr("Step"));
    m_step->setToolTip(tr("One optimizer step, then pause (F7)"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the run (Shift+F5)"));
    m_pause->setToolTip(tr("Pause or resume the run (F6)"));
    m_reset->setText(tr("Reset"));
    m_reset->setToolTip(tr("Clear the run and its charts; the settings stay (Ctrl+F5)"));
    refresh();
}

void RunControls::showStatus() {
    if (!m_refusal.isEmpty()) {
        m_status->setText(m_refusal);
        return;
    }
    const RunPhase p = phase();
    const RunState& state = m_run.state;
    QString status;
    switch (p) {
    case RunPhase::Empty: status = tr("Choose the settings and press Start."); break;
    case RunPhase::Running: status = tr("Running."); break;
    case RunPhase::Pausing: status = tr("Pausing…"); break;
    case RunPhase::Paused: status = tr("Paused."); break;
    case RunPhase::Stopping: status = tr("Cancelling…"); break;
    case RunPhase::Ended:
        switch (state.status) {
        case RunStatus::Ready:
        case RunStatus::Running: status = tr("Ready."); break;
        case RunStatus::Finished: status = tr("Finished."); break;
        case RunStatus::Diverged: status = tr("Diverged."); break;
        case RunStatus::ScaleCollapsed: status = tr("The loss scale collapsed."); break;
        case RunStatus::Cancelled: status = tr("Cancelled."); break;
        case RunStatus::Invalid: status = tr("Refused."); break;
        case RunStatus::Failed: status = tr("Failed."); break;
        }
        break;
    }
    if (p != RunPhase::Empty && state.totalSteps > 0)
        status += QLatin1Char(' ') + tr("Step %1 of %2.").arg(state.stepsDone).arg(state.totalSteps);
    if (p == RunPhase::Running)
        if (const QString rate = rateText(); !rate.isEmpty()) status += QLatin1Char(' ') + rate;
    // The run's own explanation (English, from core) when it ended early.
    if (state.status == RunStatus::Diverged || state.status == RunStatus::ScaleCollapsed ||
        state.status == RunStatus::Invalid || state.status == RunStatus::Failed)
        status += QLatin1Char('\n') + QString::fromStdString(state.message);
    m_status->setText(status);
}

void RunControls::showSummary() {
    QStringList lines, full;
    if (!m_run.steps.empty()) {
        const StepRecord& last = m_run.steps.back();
        lines << tr("Last step: loss %1, scale %2%3.")
                     .arg(shortLoss(last.loss), powerOfTwoText(last.scale),
                          last.skipped ? tr(" (skipped: inf/NaN gradients)") : QString());
        full << tr("Loss of step %1: %2").arg(last.step).arg(fullLoss(last.loss));
        lines << tr("Skipped steps: %1.").arg(m_run.skipped);
        lines << (m_run.policy.lowType == DType::Float16 ? tr("Nonzero gradients rounded to zero in FP16: %1.")
                                                         : tr("Nonzero gradients FP16 would round to zero: %1."))
                     .arg(percent(last.window.underflowFraction()));
        if (last.updatesAttempted > 0) {
            const DType stored = m_run.policy.parameterType();
            lines << (m_run.policy.autocast() && m_run.policy.masterWeights
                          ? tr("Updates lost in the FP32 master weights: %1 of this step's nonzero updates were "
                               "smaller "
                               "than half the spacing of FP32 at their weight, which did not change.")
                                .arg(percent(last.vanishedFraction()))
                          : tr("Updates lost in the %2 weights: %1 of this step's nonzero updates were smaller than "
                               "half the spacing of %2 at their weight, which did not change.")
                                .arg(percent(last.vanishedFraction()), typeWord(stored)));
        }
    }
    if (m_run.evaluation) {
        lines << tr("All data: loss %1, accuracy %2.")
                     .arg(shortLoss(m_run.evaluation->loss), percent(m_run.evaluation->accuracy));
        full << tr("Loss over all data: %1").arg(fullLoss(m_run.evaluation->loss));
    }
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_summary->setToolTip(full.join(QLatin1Char('\n')));
}

} // namespace fplab::gui
