// What the Block view's two tables (elements and blocks) share: the result they show, and a reset
// when it changes.
#pragma once

#include "app/gui/explorer/block_result.h"

#include <QAbstractTableModel>

namespace fplab::gui {

class BlockResultModel : public QAbstractTableModel {
public:
    // Call after the result changed.
    void refresh() {
        beginResetModel();
        endResetModel();
    }

protected:
    BlockResultModel(const BlockResult& result, QObject* parent) : QAbstractTableModel(parent), m_result(result) {}

    const BlockResult& m_result;
};

} // namespace fplab::gui
