// The "CPU vs GPU" tab: with the GPU backend, every step of the run compared with the GPU's
// (ComparisonTableModel) and the tolerance and verdict above it; otherwise why there is nothing.
#pragma once

#include "app/gui/training/training_run_data.h"

#include <QWidget>

#include <optional>
#include <string>

class QLabel;

namespace fplab::gui {

class ComparisonTableModel;

class ComparisonView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonView)

public:
    explicit ComparisonView(QWidget* parent = nullptr);
    ~ComparisonView() override;

    void showRun(const TrainingRunData& run);
    // Why the GPU backend cannot be chosen (empty: it can; unset: not asked yet).
    void setGpuUnavailable(const std::optional<std::string>& reason);
    void retranslate();
    ComparisonTableModel* model() const { return m_model; }
    QLabel* note() const { return m_note; }

private:
    void showNote();

    ComparisonTableModel* m_model;
    QLabel* m_note;
    std::optional<std::string> m_gpuUnavailable;
    const TrainingRunData* m_run = nullptr; // the run last shown (owned by the run controls)
    std::uint64_t m_runId = 0;
    std::size_t m_read = 0;
    int m_outside = 0; // judged steps outside the tolerance among those read
};

} // namespace fplab::gui
