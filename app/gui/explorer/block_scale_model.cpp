#include "app/gui/explorer/block_scale_model.h"

#include "app/gui/common/chart_style.h"
#include "app/gui/explorer/block_number_text.h"
#include "core/text/print.h"

#include <QApplication>
#include <QBrush>
#include <QPalette>

namespace fplab::gui {

BlockScaleModel::BlockScaleModel(const BlockResult& result, QObject* parent) : BlockResultModel(result, parent) {}

int BlockScaleModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_result.quantized ? 0 : int(m_result.report.blocks.size());
}

int BlockScaleModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BlockScaleModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_result.quantized) return {};
    const std::size_t b = std::size_t(index.row());
    if (role == Qt::BackgroundRole && index.row() == m_result.highlightBlock)
        return QBrush(highlightedRowColor(QApplication::palette()));
    // The tooltip is the whole text, for a column too narrow to show it.
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const blockscale::Quantized& q = *m_result.quantized;
    switch (index.column()) {
    case BlockColumn: return QString::number(b);
    case ScaleBitsColumn: return QString::fromStdString(hexBits(blockscale::scaleFormat(q.recipe()), q.scaleBits[b]));
    case ScaleColumn: return blockNumberText(blockscale::blockScaleValue(q, b));
    case AmaxColumn: return blockNumberText(m_result.report.blocks[b].amax);
    case MaxErrorColumn: return blockNumberText(m_result.report.blocks[b].maxAbsError);
    default: return {};
    }
}

QVariant BlockScaleModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case BlockColumn: return tr("Block");
    case ScaleBitsColumn: return tr("Scale bits");
    case ScaleColumn: return tr("Scale");
    case AmaxColumn: return tr("Largest |input|");
    case MaxErrorColumn: return tr("Largest |error|");
    default: return {};
    }
}

} // namespace fplab::gui
