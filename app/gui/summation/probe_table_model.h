// The probes of a reveal, one row each: where M and -M were, the units that came back and the terms
// joined at that node.
#pragma once

#include "core/reveal/revealer.h"

#include <QAbstractTableModel>

#include <vector>

namespace fplab::gui {

class ProbeTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProbeTableModel)

public:
    enum Column { NumberColumn, PositiveColumn, NegativeColumn, UnitsColumn, JoinedColumn, ColumnCount };

    explicit ProbeTableModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}
    void setProbes(std::vector<reveal::Probe> probes, int terms);
    const reveal::Probe& probe(int row) const { return m_probes[std::size_t(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<reveal::Probe> m_probes;
    int m_terms = 0;
};

} // namespace fplab::gui
