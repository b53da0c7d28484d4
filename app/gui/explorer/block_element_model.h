// The Block view's table of elements: index, block, input, code, dequantized value and error; the
// elements of the highlighted block have a highlight background, the largest element is bold.
#pragma once

#include "app/gui/explorer/block_result_model.h"

namespace fplab::gui {

class BlockElementModel final : public BlockResultModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlockElementModel)

public:
    enum Column { IndexColumn, BlockColumn, InputColumn, CodeColumn, DequantizedColumn, ErrorColumn, ColumnCount };

    BlockElementModel(const BlockResult& result, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

} // namespace fplab::gui
