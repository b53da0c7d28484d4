#include "app/gui/summation/probe_table_model.h"

namespace fplab::gui {

void ProbeTableModel::setProbes(std::vector<reveal::Probe> probes, int terms) {
    beginResetModel();
    m_probes = std::move(probes);
    m_terms = terms;
    endResetModel();
}

int ProbeTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_probes.size()); }

int ProbeTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ProbeTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || role != Qt::DisplayRole) {
        if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    const reveal::Probe& p = m_probes[std::size_t(index.row())];
    switch (index.column()) {
    case NumberColumn: return index.row() + 1;
    case PositiveColumn: return p.positive;
    case NegativeColumn: return p.negative;
    case UnitsColumn: return m_terms - p.joined;
    case JoinedColumn: return p.joined;
    default: return {};
    }
}

QVariant ProbeTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NumberColumn: return tr("Probe");
    case PositiveColumn: return tr("M at term");
    case NegativeColumn: return tr("−M at term");
    case UnitsColumn: return tr("Units left");
    case JoinedColumn: return tr("Terms joined");
    default: return {};
    }
}

} // namespace fplab::gui
