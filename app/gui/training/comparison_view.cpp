// The comparison table and its note: the tolerance, the steps outside it so far, and the verdict.
#include "app/gui/training/comparison_view.h"

#include "app/gui/training/comparison_table_model.h"

#include "app/gui/common/fitted_view_columns.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace fplab::gui {

using namespace fplab::training;

ComparisonView::ComparisonView(QWidget* parent) : QWidget(parent), m_model(new ComparisonTableModel(this)) {
    auto* table = new QTableView;
    table->setModel(m_model);
    fitViewColumnsToWidth(table); // never sideways: the Training tabs share the width with the form
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("trainingComparison"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addWidget(table, 1);
    retranslate();
}

ComparisonView::~ComparisonView() = default;

void ComparisonView::setGpuUnavailable(const std::optional<std::string>& reason) {
    m_gpuUnavailable = reason;
    showNote();
}

void ComparisonView::showRun(const TrainingRunData& run) {
    m_run = &run;
    if (run.id != m_runId) {
        m_model->clear();
        m_runId = run.id;
        m_read = 0;
        m_outside = 0;
    }
    if (m_read < run.comparisons.size()) {
        m_outside += int(std::count_if(run.comparisons.begin() + std::ptrdiff_t(m_read), run.comparisons.end(),
                                       [](const StepComparison& s) { return s.judged && !s.agrees(); }));
        m_model->append(
            std::vector<StepComparison>(run.comparisons.begin() + std::ptrdiff_t(m_read), run.comparisons.end()));
        m_read = run.comparisons.size();
    }
    showNote();
}

void ComparisonView::retranslate() { showNote(); }

void ComparisonView::showNote() {
    if (!m_run || m_run->empty() || !m_run->setup.onGpu) {
        const bool usable = m_gpuUnavailable && m_gpuUnavailable->empty();
        m_note->setText(usable ? tr("Choose the GPU backend and start a run: it then also runs on the GPU, and "
                                    "every step is compared with the CPU emulator here.")
                               : tr("No comparison: the GPU backend is not available (%1).")
                                     .arg(QString::fromStdString(m_gpuUnavailable.value_or(std::string()))));
        return;
    }
    const TrainingRunData& run = *m_run;
    const ComparisonTolerance& t = run.setup.tolerance;
    const RunState gpu = run.gpuState.value_or(RunState{});
    QString text = tr("Tolerance (relative): loss %1, weights %2, judged over the first %3 steps; the scale and the "
                      "skipped steps must match.")
                       .arg(t.loss)
                       .arg(t.weights)
                       .arg(t.judgedSteps);
    if (t.fp8 > 0)
        text += QLatin1Char('\n') + tr("FP8 casts: each operand's amax and scale within %1 (relative).").arg(t.fp8);
    // The verdict and the GPU run's own explanation come from core and gpu/ (English).
    // (Summarized once, at the end: while the run goes the counts grow with each update's new steps.)
    if (run.ended)
        text += QLatin1Char('\n') +
                tr("Verdict: %1")
                    .arg(QString::fromStdString(summarizeComparison(run.comparisons, run.state.stepsDone,
                                                                    run.state.status, gpu.stepsDone, gpu.status, t)
                                                    .verdict()));
    else
        text += QLatin1Char('\n') +
                tr("%1 steps compared, %2 outside the tolerance so far.").arg(m_read).arg(m_outside);
    if ((gpu.status == RunStatus::Cancelled || gpu.status == RunStatus::Failed) && !gpu.message.empty())
        text += QLatin1Char('\n') + tr("GPU run: %1").arg(QString::fromStdString(gpu.message));
    m_note->setText(text);
}

} // namespace fplab::gui
