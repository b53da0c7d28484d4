// All formats side by side: the Explorer's input stored in FP64, FP32, TF32, FP16, BF16, FP8,
// FP6, FP4, INT8 (with a per-value scale) and user-defined formats, with the error of each.
#pragma once

#include "core/flags.h"
#include "core/format.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

namespace fplab::gui {

class ExplorerState;

class FormatTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FormatTableModel)

public:
    enum Column {
        NameColumn,
        BitsColumn,
        StoredColumn,
        ErrorColumn,
        RelativeErrorColumn,
        UlpErrorColumn,
        StatusColumn,
        BinaryColumn,
        ColumnCount
    };
    enum Role {
        KeyRole = Qt::UserRole + 1, // the row's format name ("fp16", "int8", "e5m10-nosub")
        WarningRole,                // true when the value overflows, underflows or cannot be stored
        CurrentRole,                // true for the Explorer's own format
    };
    // INT8 rows: the scale chosen from this one value (|x| / 127, so it always lands on ±127 with no
    // error) and a per-tensor scale fixed by the tensor (1/127: a tensor whose largest |x| is 1).
    static constexpr const char* kInt8Key = "int8";
    static constexpr const char* kInt8TensorKey = "int8-tensor";
    static bool isIntegerKey(const QString& key);
    // The name a row key is shown by ("FP16", "INT8 (own scale)").
    static QString keyLabel(const QString& key);

    explicit FormatTableModel(const ExplorerState* state, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Every row key the model can show, in order (presets, int8, user-defined).
    QStringList allKeys() const;
    QStringList hiddenKeys() const { return m_hidden; }
    void setHiddenKeys(const QStringList& keys);
    QStringList customFormats() const { return m_custom; }
    void setCustomFormats(const QStringList& names);
    QString keyAt(int row) const;
    int rowOfKey(const QString& key) const;

    // Recomputes every row from the state (connected to ExplorerState::valueChanged).
    void refresh();

private:
    enum class Severity { None, Good, Info, Warning };
    struct Row {
        QString key;
        QString label;
        QString summary;
        bool isInteger = false;
        bool tensorScale = false; // INT8 with the per-tensor scale
        std::optional<Format> format;
        // Computed by refresh():
        QString bits, bitsTip, binary, stored, storedTip, error, errorTip, relative, ulps, status, statusTip;
        Severity severity = Severity::None;
    };

    void rebuildRows();
    void computeFloatRow(Row& row) const;
    void computeNanRow(Row& row) const;
    void computeIntegerRow(Row& row) const;

    const ExplorerState* m_state;
    QStringList m_hidden;
    QStringList m_custom;
    std::vector<Row> m_rows;
};

} // namespace fplab::gui
