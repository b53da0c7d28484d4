// The trace table's cells.
#include "app/gui/training/trace_table_model.h"

#include "app/gui/common/lesson_language.h"
#include "lessons/experiments/autocast_text.h"

#include <QColor>

namespace fplab::gui {

using training::TensorRole;

TraceTableModel::TraceTableModel(QObject* parent) : QAbstractTableModel(parent) {}

TraceTableModel::~TraceTableModel() = default;

void TraceTableModel::setTrace(std::vector<training::TraceEntry> trace) {
    beginResetModel();
    m_trace = std::move(trace);
    endResetModel();
}

void TraceTableModel::setLanguage(lessons::Language language) {
    if (language == m_language) return;
    m_language = language;
    if (!m_trace.empty()) emit dataChanged(index(0, TensorColumn), index(int(m_trace.size()) - 1, TensorColumn));
}

int TraceTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_trace.size()); }

int TraceTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString TraceTableModel::roleText(TensorRole role) {
    switch (role) {
    case TensorRole::Input: return tr("input");
    case TensorRole::Parameter: return tr("parameter");
    case TensorRole::WeightCopy: return tr("autocast copy of a parameter");
    case TensorRole::Activation: return tr("activation");
    case TensorRole::Output: return tr("model output");
    case TensorRole::Loss: return tr("loss");
    case TensorRole::Gradient: return tr("gradient");
    case TensorRole::ParameterGradient: return tr("parameter gradient");
    }
    return {};
}

QVariant TraceTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_trace.size())) return {};
    const training::TraceEntry& e = m_trace[std::size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case TensorColumn: return uiText(m_language, lessons::experiments::tensorNameText(e.name));
        case DtypeColumn: return QString::fromLatin1(training::dtypeName(e.dtype).data());
        case ShapeColumn: return QStringLiteral("%1×%2").arg(e.rows).arg(e.cols);
        case RoleColumn: return roleText(e.role);
        case SavedColumn: return e.savedForBackward ? tr("yes") : QString();
        default: return {};
        }
    }
    if (role == Qt::ForegroundRole && index.column() == DtypeColumn && e.dtype != training::DType::Float32)
        return QColor(0xd6, 0x27, 0x28);
    return {};
}

QVariant TraceTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TensorColumn: return tr("Tensor");
    case DtypeColumn: return tr("dtype");
    case ShapeColumn: return tr("Shape");
    case RoleColumn: return tr("Role");
    case SavedColumn: return tr("Kept for backward");
    default: return {};
    }
}

} // namespace fplab::gui
