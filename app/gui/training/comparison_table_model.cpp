// The comparison table's cells.
#include "app/gui/training/comparison_table_model.h"

#include <QColor>

namespace fplab::gui {

ComparisonTableModel::ComparisonTableModel(QObject* parent) : QAbstractTableModel(parent) {}

ComparisonTableModel::~ComparisonTableModel() = default;

void ComparisonTableModel::clear() {
    beginResetModel();
    m_steps.clear();
    endResetModel();
}

void ComparisonTableModel::append(const std::vector<training::StepComparison>& steps) {
    if (steps.empty()) return;
    beginInsertRows({}, int(m_steps.size()), int(m_steps.size() + steps.size()) - 1);
    m_steps.insert(m_steps.end(), steps.begin(), steps.end());
    endInsertRows();
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_steps.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_steps.size())) return {};
    const training::StepComparison& s = m_steps[std::size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case StepColumn: return s.step;
        // Six significant digits (a loss near 1e-7 keeps its digits too); every digit in the tooltip.
        case CpuLossColumn: return QString::number(double(s.lossA), 'g', 6);
        case GpuLossColumn: return QString::number(double(s.lossB), 'g', 6);
        case LossDifferenceColumn: return QString::number(s.lossDifference, 'e', 2);
        case CpuScaleColumn: return QString::number(double(s.scaleA), 'g', 9);
        case GpuScaleColumn: return QString::number(double(s.scaleB), 'g', 9);
        case SkippedColumn:
            return (s.skippedA ? tr("yes") : tr("no")) + QStringLiteral(" / ") + (s.skippedB ? tr("yes") : tr("no"));
        case WeightDifferenceColumn: return QString::number(s.weightDifference, 'e', 2);
        case VerdictColumn:
            if (!s.judged) return s.agrees() ? tr("within (not judged)") : tr("drifted (not judged)");
            return s.agrees() ? tr("within tolerance") : tr("differs");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && (index.column() == CpuLossColumn || index.column() == GpuLossColumn))
        return QString::number(double(index.column() == CpuLossColumn ? s.lossA : s.lossB), 'g', 9);
    if (role == Qt::ToolTipRole) return data(index, Qt::DisplayRole); // the whole text of a cell shown elided
    if (role == Qt::ForegroundRole && s.judged && !s.agrees()) return QColor(0xd6, 0x27, 0x28);
    if (role == Qt::TextAlignmentRole && index.column() != VerdictColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StepColumn: return tr("Step");
    case CpuLossColumn: return tr("CPU loss");
    case GpuLossColumn: return tr("GPU loss");
    case LossDifferenceColumn: return tr("Loss difference");
    case CpuScaleColumn: return tr("CPU scale");
    case GpuScaleColumn: return tr("GPU scale");
    case SkippedColumn: return tr("Skipped (CPU / GPU)");
    case WeightDifferenceColumn: return tr("Weight difference");
    case VerdictColumn: return tr("Verdict");
    default: return {};
    }
}

} // namespace fplab::gui
