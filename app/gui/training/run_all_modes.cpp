#include "app/gui/training/run_all_modes.h"

#include "app/gui/training/run_controls.h"
#include "app/gui/training/training_controller.h"
#include "app/gui/training/training_form.h"
#include "core/training/mode_memory.h"

#include <QAction>
#include <QCheckBox>
#include <QKeySequence>
#include <QTimer>

namespace fplab::gui {

using namespace fplab::training;

RunAllModes::RunAllModes(TrainingForm* form, RunControls* controls, QObject* parent)
    : QObject(parent), m_form(form), m_controls(controls), m_action(new QAction(this)) {
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5));
    m_action->setShortcutVisibleInContextMenu(true);
    connect(m_action, &QAction::triggered, this, [this] { start(); });
    // After RunControls has taken the last update (it connected first), and outside the signal.
    connect(m_controls->controller(), &TrainingController::finished, this,
            [this] { QTimer::singleShot(0, this, &RunAllModes::onRunFinished); });
    connect(m_controls, &RunControls::runChanged, this, &RunAllModes::updateEnabled);
    retranslate();
    updateEnabled();
}

RunAllModes::~RunAllModes() = default;

void RunAllModes::retranslate() {
    m_action->setText(tr("Run all modes"));
    m_action->setToolTip(tr("FP32, FP16 without scaling, FP16 with the dynamic scaler and BF16 with these settings, "
                            "one after another; each is kept for the comparison (Ctrl+Shift+F5)"));
}

void RunAllModes::updateEnabled() {
    const RunPhase p = m_controls->phase();
    m_action->setEnabled(!active() && (p == RunPhase::Empty || p == RunPhase::Ended));
}

bool RunAllModes::start() {
    if (active() || m_controls->controller()->isRunning()) return false;
    const TrainingConfig base = m_form->config();
    m_queue.clear();
    for (TrainingMode mode : standardComparisonModes()) {
        TrainingConfig c = base;
        c.mode = mode;
        // The box's choice for the 16-bit modes (FP32 keeps float32 weights whatever it says).
        c.masterWeights = !policyFor(mode).autocast() || m_form->masterWeightsCheck()->isChecked();
        m_queue.push_back(c);
    }
    m_restore = base;
    next();
    return active();
}

void RunAllModes::next() {
    if (m_queue.empty()) return finish();
    m_form->setConfig(m_queue.front());
    m_queue.pop_front();
    if (!m_controls->start()) finish(); // the status line says why
    updateEnabled();
}

void RunAllModes::onRunFinished() {
    if (!active() || m_controls->controller()->isRunning()) return;
    if (m_controls->run().state.status == RunStatus::Cancelled) return finish(); // Cancel stops the queue too
    next();
}

void RunAllModes::finish() {
    m_queue.clear();
    if (m_restore && !m_controls->controller()->isRunning()) m_form->setConfig(*m_restore);
    m_restore.reset();
    updateEnabled();
}

} // namespace fplab::gui
