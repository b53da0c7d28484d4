#include "app/gui/explorer/block_element_model.h"

#include "app/gui/explorer/block_number_text.h"
#include "app/gui/common/chart_style.h"

#include <QApplication>
#include <QBrush>
#include <QFont>
#include <QPalette>

namespace fplab::gui {

BlockElementModel::BlockElementModel(const BlockResult& result, QObject* parent) : BlockResultModel(result, parent) {}

int BlockElementModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_result.quantized ? 0 : int(m_result.values.size());
}

int BlockElementModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BlockElementModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_result.quantized) return {};
    const std::size_t i = std::size_t(index.row());
    if (role == Qt::BackgroundRole && int(m_result.blockOf(i)) == m_result.highlightBlock)
        return QBrush(highlightedRowColor(QApplication::palette()));
    if (role == Qt::FontRole && index.row() == m_result.highlightElement) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    // The tooltip is the whole text, for a column too narrow to show it.
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case IndexColumn: return QString::number(i);
    case BlockColumn: return QString::number(m_result.blockOf(i));
    case InputColumn: return blockInputText(m_result.values[i]);
    case CodeColumn: return QStringLiteral("0x%1").arg(m_result.quantized->codes[i], 2, 16, QLatin1Char('0'));
    case DequantizedColumn: return blockNumberText(m_result.report.dequantized[i]);
    case ErrorColumn: return blockNumberText(m_result.report.error[i]);
    default: return {};
    }
}

QVariant BlockElementModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case IndexColumn: return tr("Index");
    case BlockColumn: return tr("Block");
    case InputColumn: return tr("Input");
    case CodeColumn: return tr("Code");
    case DequantizedColumn: return tr("Dequantized");
    case ErrorColumn: return tr("Error");
    default: return {};
    }
}

} // namespace fplab::gui
