// The memory table's cells.
#include "app/gui/training/memory_table_model.h"

#include <QLocale>

namespace fplab::gui {

MemoryTableModel::MemoryTableModel(QObject* parent) : QAbstractTableModel(parent) {}

MemoryTableModel::~MemoryTableModel() = default;

void MemoryTableModel::setReport(const training::MemoryReport& report) {
    m_report = report;
    emit dataChanged(index(0, 0), index(RowCount - 1, ColumnCount - 1));
}

int MemoryTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : RowCount; }

int MemoryTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MemoryTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || role != Qt::DisplayRole) {
        if (role == Qt::TextAlignmentRole && index.isValid() && index.column() != CategoryColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    std::int64_t bytes = 0;
    QString name;
    switch (index.row()) {
    case WeightsRow:
        name = tr("Weights as stored");
        bytes = m_report.weights;
        break;
    case MasterRow:
        name = tr("FP32 master weights");
        bytes = m_report.master;
        break;
    case GradientsRow:
        name = tr("Gradients");
        bytes = m_report.gradients;
        break;
    case OptimizerRow:
        name = tr("Optimizer state");
        bytes = m_report.optimizer;
        break;
    case WeightCopiesRow:
        name = tr("Low-precision weight copies, forward to backward (one micro-batch)");
        bytes = m_report.weightCopies;
        break;
    case ActivationsRow:
        name = tr("Activations kept for backward (one micro-batch)");
        bytes = m_report.activations;
        break;
    case TotalRow:
        name = tr("Total");
        bytes = m_report.total();
        break;
    default: return {};
    }
    switch (index.column()) {
    case CategoryColumn: return name;
    case BytesColumn: return QLocale().toString(qlonglong(bytes));
    case PerParameterColumn:
        if (index.row() == ActivationsRow || index.row() == TotalRow || m_report.parameters == 0) return QString();
        return QString::number(double(bytes) / double(m_report.parameters), 'g', 4);
    default: return {};
    }
}

QVariant MemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CategoryColumn: return tr("Memory");
    case BytesColumn: return tr("Bytes");
    case PerParameterColumn: return tr("Bytes per parameter");
    default: return {};
    }
}

} // namespace fplab::gui
