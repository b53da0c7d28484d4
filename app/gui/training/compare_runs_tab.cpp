#include "app/gui/training/compare_runs_tab.h"

#include "app/gui/training/compare_charts_view.h"
#include "app/gui/training/memory_by_mode_view.h"
#include "app/gui/training/run_list_view.h"
#include "app/gui/training/run_store.h"
#include "app/gui/training/update_ratio_view.h"

#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::training;

CompareRunsTab::CompareRunsTab(QWidget* parent) : QWidget(parent), m_store(new RunStore(this)) {
    m_list = new RunListView(m_store);
    m_charts = new CompareChartsView(m_store);
    m_ratios = new UpdateRatioView(m_store);
    m_memory = new MemoryByModeView;
    m_views = new QTabWidget;
    m_views->setDocumentMode(true);
    m_views->addTab(m_charts, QString());
    m_views->addTab(m_ratios, QString());
    m_views->addTab(m_memory, QString());
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_views);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connect(m_list, &RunListView::runChosen, m_ratios, &UpdateRatioView::showRun);
    retranslate();
}

CompareRunsTab::~CompareRunsTab() = default;

void CompareRunsTab::retranslate() {
    m_views->setTabText(0, tr("Runs overlaid"));
    m_views->setTabText(1, tr("Update-to-weight ratio"));
    m_views->setTabText(2, tr("Memory by mode"));
    m_list->retranslate();
    m_charts->retranslate();
    m_ratios->retranslate();
    m_memory->retranslate();
}

void CompareRunsTab::beginRun(const QString& name, const TrainingConfig& config, const StepCsvColumns& columns,
                              bool withGpu) {
    m_cpu = std::make_unique<StoredRun>();
    m_cpu->name = withGpu ? tr("%1 (CPU)").arg(name) : name;
    m_cpu->config = config;
    m_cpu->columns = columns;
    m_gpu.reset();
    if (withGpu) {
        m_gpu = std::make_unique<StoredRun>(*m_cpu);
        m_gpu->name = tr("%1 (GPU)").arg(name);
        m_gpu->onGpu = true;
        m_gpu->columns.stats = false; // the GPU's kernels measure no gradient statistics
        m_gpu->columns.fp8Tensors.clear();
    }
}

void CompareRunsTab::addSteps(const std::vector<StepRecord>& steps, const std::vector<StepRecord>& gpuSteps) {
    if (m_cpu) m_cpu->steps.insert(m_cpu->steps.end(), steps.begin(), steps.end());
    if (m_gpu) m_gpu->steps.insert(m_gpu->steps.end(), gpuSteps.begin(), gpuSteps.end());
}

void CompareRunsTab::endRun(const RunState& state, const std::optional<RunState>& gpuState) {
    if (m_cpu && !m_cpu->steps.empty()) {
        m_cpu->state = state;
        m_store->add(std::move(*m_cpu));
    }
    if (m_gpu && !m_gpu->steps.empty()) {
        m_gpu->state = gpuState.value_or(RunState{});
        m_store->add(std::move(*m_gpu));
    }
    m_cpu.reset();
    m_gpu.reset();
}

} // namespace fplab::gui
