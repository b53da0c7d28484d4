#include "app/gui/training/compare_runs_tab.h"

#include "app/gui/common/enum_combo.h"
#include "app/gui/training/compare_charts_view.h"
#include "app/gui/training/memory_by_mode_view.h"
#include "app/gui/training/run_list_view.h"
#include "app/gui/training/run_store.h"
#include "app/gui/training/training_form.h"
#include "app/gui/training/training_run_data.h"
#include "app/gui/training/update_ratio_view.h"
#include "core/training/mode_memory.h"

#include <QComboBox>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::training;

CompareRunsTab::CompareRunsTab(const TrainingForm* form, QWidget* parent)
    : QWidget(parent), m_form(form), m_store(new RunStore(this)) {
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
    splitter->setSizes({m_list->minimumSizeHint().width(), 10000}); // the charts take the rest
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connect(m_list, &RunListView::runChosen, m_ratios, &UpdateRatioView::showRun);
    // Four runs' memory models are worked out when the view is first looked at, not at start-up.
    connect(m_views, &QTabWidget::currentChanged, this, [this] {
        if (m_views->currentWidget() == m_memory && !m_memoryShown) refreshMemory();
    });
    connect(m_store, &RunStore::runsChanged, this, [this] {
        if (m_memoryShown) refreshMemory();
    });
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
    if (m_memoryShown) refreshMemory(); // the mode labels
}

QString CompareRunsTab::modeText(int mode) const {
    const QComboBox* modes = m_form->modeCombo();
    const int i = modes->findData(QVariant::fromValue(mode));
    return i >= 0 ? modes->itemText(i) : QString::fromLatin1(modeName(TrainingMode(mode)));
}

void CompareRunsTab::refreshMemory() {
    QStringList labels;
    std::vector<ModeMemory> memory;
    // The runs the list shows (a run dropped from it leaves the chart too); FP8 runs included.
    for (const StoredRun& run : m_store->runs()) {
        labels << run.name;
        memory.push_back({run.config.mode, TrainingRun(run.config).memory()});
    }
    const bool kept = !memory.empty();
    if (!kept) {
        for (TrainingMode mode : standardComparisonModes()) labels << modeText(int(mode));
        memory = memoryByMode(m_form->config(), standardComparisonModes());
    }
    m_memory->setMemory(memory, labels, kept);
    m_memoryShown = true;
}

void CompareRunsTab::showRun(const TrainingRunData& run) {
    if (run.empty() || !run.ended || run.id == m_keptRun || run.steps.empty()) return;
    m_keptRun = run.id;
    const TrainingSetup& setup = run.setup;
    const QString name = modeText(int(setup.config.mode));
    StoredRun cpu;
    cpu.name = setup.onGpu ? tr("%1 (CPU)").arg(name) : name;
    cpu.config = setup.config;
    // The run in the GUI is the emulator's: its CSV has the gradient statistics, as `--backend cpu`.
    cpu.columns = {true, setup.parameterNames, setup.fp8Tensors};
    cpu.steps = run.steps;
    cpu.state = run.state;
    m_store->add(std::move(cpu));
    if (setup.onGpu && !run.gpuSteps.empty()) {
        StoredRun gpu;
        gpu.name = tr("%1 (GPU)").arg(name);
        gpu.config = setup.config;
        gpu.onGpu = true;
        gpu.columns = {false, setup.parameterNames, {}}; // the GPU's kernels measure no gradient statistics
        gpu.steps = run.gpuSteps;
        gpu.state = run.gpuState.value_or(RunState{});
        m_store->add(std::move(gpu));
    }
}

} // namespace fplab::gui
