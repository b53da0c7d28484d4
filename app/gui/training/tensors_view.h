// The "Tensors and memory" tab: the type of every tensor of one training step (TraceTableModel) and
// the bytes the run holds by category (MemoryTableModel).
#pragma once

#include "app/gui/training/training_run_data.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace fplab::gui {

class MemoryTableModel;
class TraceTableModel;

class TensorsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorsView)

public:
    explicit TensorsView(QWidget* parent = nullptr);
    ~TensorsView() override;

    void showRun(const TrainingRunData& run);
    void retranslate();
    TraceTableModel* traceModel() const { return m_traceModel; }
    MemoryTableModel* memoryModel() const { return m_memoryModel; }

private:
    TraceTableModel* m_traceModel;
    MemoryTableModel* m_memoryModel;
    QLabel* m_note;
    std::uint64_t m_runId = 0;
};

} // namespace fplab::gui
