// The CPU-vs-GPU comparison of a run, one row per step: both losses and scales, skipped steps, the
// relative differences and whether the step is within the tolerance (rows that differ are tinted).
#pragma once

#include "core/training/run_comparison.h"

#include <QAbstractTableModel>

#include <vector>

namespace fplab::gui {

class ComparisonTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonTableModel)

public:
    enum Column {
        StepColumn,
        CpuLossColumn,
        GpuLossColumn,
        LossDifferenceColumn,
        CpuScaleColumn,
        GpuScaleColumn,
        SkippedColumn,
        WeightDifferenceColumn,
        VerdictColumn,
        ColumnCount
    };

    explicit ComparisonTableModel(QObject* parent = nullptr);
    ~ComparisonTableModel() override;

    void clear();
    void append(const std::vector<training::StepComparison>& steps);
    const std::vector<training::StepComparison>& steps() const { return m_steps; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<training::StepComparison> m_steps;
};

} // namespace fplab::gui
