// The same operation in every format side by side, so that 1 + 0.0001 visibly survives
// in FP32 and vanishes in FP16 and BF16.
#pragma once

#include "app/gui/common/steps/operation.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace fplab::gui {

class OperationTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OperationTableModel)

public:
    enum Column { NameColumn, OperandsColumn, ResultColumn, BitsColumn, FlagsColumn, NoteColumn, ColumnCount };
    enum Role { KeyRole = Qt::UserRole + 1, WarningRole, VanishedRole };

    explicit OperationTableModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The formats to compare (preset or custom names); rows follow this order.
    void setFormats(const QStringList& names);
    void setInput(const OperationInput& input);
    // Recomputes the texts (after a language change).
    void refresh();
    int rowOfKey(const QString& key) const;

private:
    struct Row {
        QString key;
        Format format;
        QString name, operands, result, bits, flags, note, noteTip;
        bool warning = false;
        bool vanished = false;
    };
    void compute(Row& row) const;

    OperationInput m_input;
    std::vector<Row> m_rows;
};

} // namespace fplab::gui
