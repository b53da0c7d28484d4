// The text table: resets on new rows, header changes signalled as such.
#include "app/gui/gpu_lab/text_table_model.h"

#include <QFont>

namespace fplab::gui {

TextTableModel::TextTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TextTableModel::setHeaders(const QStringList& headers) {
    if (headers.size() == m_headers.size()) {
        m_headers = headers;
        if (!m_headers.isEmpty()) emit headerDataChanged(Qt::Horizontal, 0, int(m_headers.size()) - 1);
        return;
    }
    beginResetModel();
    m_headers = headers;
    for (QStringList& row : m_rows) row.resize(m_headers.size());
    endResetModel();
}

void TextTableModel::setRows(const QList<QStringList>& rows, const QStringList& rowToolTips) {
    beginResetModel();
    m_rows = rows;
    for (QStringList& row : m_rows) row.resize(m_headers.size());
    m_toolTips = rowToolTips;
    m_emphasized.clear();
    endResetModel();
}

void TextTableModel::setEmphasizedRows(const QSet<int>& rows) {
    m_emphasized = rows;
    if (!m_rows.isEmpty() && !m_headers.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, int(m_headers.size()) - 1), {Qt::FontRole});
}

QString TextTableModel::text(int row, int column) const {
    if (row < 0 || row >= m_rows.size() || column < 0 || column >= m_headers.size()) return {};
    return m_rows[row][column];
}

int TextTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int TextTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_headers.size());
}

QVariant TextTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    switch (role) {
    case Qt::DisplayRole: return m_rows[index.row()][index.column()];
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignVCenter |
                                   (m_numeric.contains(index.column()) ? Qt::AlignRight : Qt::AlignLeft));
    case Qt::ToolTipRole: {
        // The cell's whole text (the view may elide it), then the row's tooltip.
        const QString& text = m_rows[index.row()][index.column()];
        if (index.row() < m_toolTips.size() && !m_toolTips[index.row()].isEmpty())
            return text.isEmpty() ? m_toolTips[index.row()] : text + QStringLiteral("\n\n") + m_toolTips[index.row()];
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
    case Qt::FontRole:
        if (m_emphasized.contains(index.row())) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default: return {};
    }
}

QVariant TextTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < m_headers.size())
        return m_headers[section];
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace fplab::gui
