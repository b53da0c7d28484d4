// The Block view's table of blocks: index, scale bits, scale value, largest input and largest error;
// the highlighted block has a highlight background.
#pragma once

#include "app/gui/explorer/block_result_model.h"

namespace fplab::gui {

class BlockScaleModel final : public BlockResultModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlockScaleModel)

public:
    enum Column { BlockColumn, ScaleBitsColumn, ScaleColumn, AmaxColumn, MaxErrorColumn, ColumnCount };

    BlockScaleModel(const BlockResult& result, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

} // namespace fplab::gui
