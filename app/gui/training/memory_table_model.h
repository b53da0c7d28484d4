// Bytes a run holds by category (static: weights, master weights, gradients, optimizer state; one
// micro-batch: autocast's weight copies, activations) as a table model.
#pragma once

#include "core/training/training_run.h"

#include <QAbstractTableModel>

namespace fplab::gui {

class MemoryTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryTableModel)

public:
    enum Column { CategoryColumn, BytesColumn, PerParameterColumn, ColumnCount };
    enum Row { WeightsRow, MasterRow, GradientsRow, OptimizerRow, WeightCopiesRow, ActivationsRow, TotalRow, RowCount };

    explicit MemoryTableModel(QObject* parent = nullptr);
    ~MemoryTableModel() override;

    void setReport(const training::MemoryReport& report);
    const training::MemoryReport& report() const { return m_report; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    training::MemoryReport m_report;
};

} // namespace fplab::gui
