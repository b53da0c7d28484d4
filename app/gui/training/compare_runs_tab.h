// The Training section's "Compare runs" tab: every finished run kept (up to eight) in a run list, and
// three views of them: the runs overlaid (loss, scale, underflow, accuracy), one run's update-to-weight
// ratios per tensor, and the memory by category of each mode. It reads the shown run like the other
// tabs and keeps it when it has ended (and, with the GPU backend, the GPU's run of it as a second run).
#pragma once

#include <QWidget>

#include <cstdint>

class QTabWidget;

namespace fplab::gui {

class CompareChartsView;
class MemoryByModeView;
class RunListView;
class RunStore;
class TrainingForm;
class UpdateRatioView;
struct TrainingRunData;

class CompareRunsTab final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompareRunsTab)

public:
    // `form` names the runs (its words for the modes) and gives the settings the memory view shows.
    explicit CompareRunsTab(const TrainingForm* form, QWidget* parent = nullptr);
    ~CompareRunsTab() override;

    void retranslate();
    // Keeps `run` once it has ended with at least one step (once per run).
    void showRun(const TrainingRunData& run);
    // The memory view for the form's current settings.
    void refreshMemory();

    RunStore* store() const { return m_store; }
    RunListView* runList() const { return m_list; }
    CompareChartsView* charts() const { return m_charts; }
    UpdateRatioView* ratios() const { return m_ratios; }
    MemoryByModeView* memory() const { return m_memory; }
    QTabWidget* views() const { return m_views; }

private:
    QString modeText(int mode) const;

    const TrainingForm* m_form;
    RunStore* m_store;
    RunListView* m_list;
    QTabWidget* m_views;
    CompareChartsView* m_charts;
    UpdateRatioView* m_ratios;
    MemoryByModeView* m_memory;
    std::uint64_t m_keptRun = 0; // the id of the last run kept
    bool m_memoryShown = false;
};

} // namespace fplab::gui
