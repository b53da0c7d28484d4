// The two tables of the Tensors tab, filled when a run starts.
#include "app/gui/training/tensors_view.h"

#include "app/gui/training/memory_table_model.h"
#include "app/gui/training/trace_table_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace fplab::gui {

namespace {

QTableView* tableOf(QAbstractItemModel* model, const QFontMetrics& fm) {
    auto* view = new QTableView;
    view->setModel(model);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(fm.height() + 6);
    return view;
}

} // namespace

TensorsView::TensorsView(QWidget* parent)
    : QWidget(parent), m_traceModel(new TraceTableModel(this)), m_memoryModel(new MemoryTableModel(this)) {
    m_note = new QLabel;
    m_note->setWordWrap(true);
    QTableView* memory = tableOf(m_memoryModel, fontMetrics());
    memory->setMinimumHeight((fontMetrics().height() + 6) * (MemoryTableModel::RowCount + 1) + 8);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addWidget(tableOf(m_traceModel, fontMetrics()), 3);
    layout->addWidget(memory, 1);
    retranslate();
}

TensorsView::~TensorsView() = default;

void TensorsView::showRun(const TrainingRunData& run) {
    if (run.id == m_runId) return;
    m_runId = run.id;
    m_traceModel->setTrace(run.setup.trace);
    m_memoryModel->setReport(run.setup.memory);
}

void TensorsView::retranslate() {
    m_note->setText(tr("The type of every tensor of one training step, in the order the step makes it, and the "
                       "bytes the run holds."));
}

} // namespace fplab::gui
