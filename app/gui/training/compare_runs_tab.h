// The Training section's "Compare runs" tab: every finished run kept (up to eight) in a run list, and
// three views of them: the runs overlaid (loss, scale, underflow, accuracy), one run's update-to-weight
// ratios per tensor, and the memory by category of each mode. The section hands it the steps of the
// run in progress (and of its GPU twin); the run is kept when it ends.
#pragma once

#include "core/training/mode_memory.h"
#include "core/training/step_csv.h"
#include "core/training/training_run.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QTabWidget;

namespace fplab::gui {

class CompareChartsView;
class MemoryByModeView;
class RunListView;
class RunStore;
class UpdateRatioView;
struct StoredRun;

class CompareRunsTab final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompareRunsTab)

public:
    explicit CompareRunsTab(QWidget* parent = nullptr);
    ~CompareRunsTab() override;

    void retranslate();

    // A run starts under `name`; with `withGpu` the GPU's run of it is kept too, as a second series.
    void beginRun(const QString& name, const training::TrainingConfig& config,
                  const training::StepCsvColumns& columns, bool withGpu);
    void addSteps(const std::vector<training::StepRecord>& steps, const std::vector<training::StepRecord>& gpuSteps);
    // The run ended: kept when it made at least one step (and the GPU run likewise).
    void endRun(const training::RunState& state, const std::optional<training::RunState>& gpuState);

    RunStore* store() const { return m_store; }
    RunListView* runList() const { return m_list; }
    CompareChartsView* charts() const { return m_charts; }
    UpdateRatioView* ratios() const { return m_ratios; }
    MemoryByModeView* memory() const { return m_memory; }
    QTabWidget* views() const { return m_views; }

private:
    RunStore* m_store;
    RunListView* m_list;
    QTabWidget* m_views;
    CompareChartsView* m_charts;
    UpdateRatioView* m_ratios;
    MemoryByModeView* m_memory;
    std::unique_ptr<StoredRun> m_cpu;
    std::unique_ptr<StoredRun> m_gpu;
};

} // namespace fplab::gui
