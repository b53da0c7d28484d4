// The experiment panel: parameter edits start a run in the thread pool; only the newest
// run's result is shown, and results for a panel that is gone are dropped.
#include "app/gui/lessons/experiment_panel.h"

#include "app/gui/lessons/lesson_language.h"
#include "app/gui/lessons/param_editor.h"
#include "app/gui/lessons/result_view.h"
#include "app/gui/shell/theme.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QThreadPool>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::lessons;

ExperimentPanel::ExperimentPanel(const ExperimentCall& call, const ExperimentRun& initial, Language language, QWidget* parent)
    : QWidget(parent), m_call(call), m_run(initial), m_language(language), m_title(new QLabel(this)),
      m_status(new QLabel(this)), m_params(nullptr), m_reset(new QPushButton(this)), m_results(new ResultView(this)) {
    setObjectName(QString::fromStdString("experiment_" + call.id));
    auto* layout = new QVBoxLayout(this);
    auto* head = new QHBoxLayout;
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    head->addWidget(m_title, 1);
    head->addWidget(m_reset);
    layout->addLayout(head);
    if (const ExperimentSpec* spec = findExperiment(call.name)) {
        m_params = new ParamEditor(*spec, call.params, this);
        layout->addWidget(m_params);
        connect(m_params, &ParamEditor::edited, this, &ExperimentPanel::startRun);
    }
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

ExperimentPanel::~ExperimentPanel() = default;

void ExperimentPanel::setLanguage(Language language) {
    m_language = language;
    retranslate();
    showRun();
}

void ExperimentPanel::retranslate() {
    const ExperimentSpec* spec = findExperiment(m_call.name);
    m_title->setText(spec ? uiText(m_language, spec->title) : QString::fromStdString(m_call.name));
    m_title->setToolTip(spec ? uiText(m_language, spec->summary) : QString());
    m_reset->setText(tr("Reset"));
    m_reset->setToolTip(tr("Back to the lesson's values"));
    if (m_params) m_params->retranslate(m_language);
}

void ExperimentPanel::startRun() {
    const std::uint64_t generation = ++m_generation;
    m_running = true;
    m_status->setText(tr("Computing…"));
    m_reset->setEnabled(true);
    const ParamList params = m_params->values();
    // The worker gets its own copy of the block: the lesson may be gone before it finishes.
    QPointer<ExperimentPanel> self(this);
    QThreadPool::globalInstance()->start([self, call = m_call, params, generation] {
        ExperimentRun run = runCall(call, params);
        run.call = nullptr;
        // Delivered on the GUI thread through the application object, which outlives every panel.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, generation, run = std::move(run)]() mutable {
                if (self) self->finishRun(generation, std::move(run));
            },
            Qt::QueuedConnection);
    });
}

void ExperimentPanel::finishRun(std::uint64_t generation, ExperimentRun run) {
    if (generation != m_generation) return; // a newer edit is on its way
    m_running = false;
    m_run = std::move(run);
    m_run.call = &m_call;
    showRun();
    emit runChanged();
}

void ExperimentPanel::showRun() {
    if (!m_run.error.empty()) {
        m_status->setText(tr("Error: %1").arg(QString::fromStdString(m_run.error)));
        m_status->setStyleSheet(QStringLiteral("color: %1;").arg(warningColor(palette()).name()));
        m_status->show();
    } else {
        m_status->setStyleSheet({});
        const bool modified = m_params && m_params->isModified();
        m_status->setText(modified ? tr("Your values (the narration follows them).") : QString());
        m_status->setVisible(modified);
        if (m_run.result) m_results->setResult(*m_run.result, m_language);
    }
    m_reset->setEnabled(m_params && m_params->isModified());
}

} // namespace fplab::gui
