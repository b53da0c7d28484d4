// A read-only table of ready-made text for the GPU Lab's results (GEMM backends, speeds, TF32):
// the panels turn their results into translated rows; numeric columns are right-aligned.
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QSet>
#include <QStringList>

namespace fplab::gui {

class TextTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TextTableModel)

public:
    explicit TextTableModel(QObject* parent = nullptr);

    void setHeaders(const QStringList& headers);
    // Each row is padded or cut to the number of headers. Tool tips: one per row (optional).
    void setRows(const QList<QStringList>& rows, const QStringList& rowToolTips = {});
    void setNumericColumns(const QSet<int>& columns) { m_numeric = columns; }
    // Rows shown in bold: results that need attention (a pair that must agree and does not).
    void setEmphasizedRows(const QSet<int>& rows);
    QString text(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QStringList m_headers;
    QList<QStringList> m_rows;
    QStringList m_toolTips;
    QSet<int> m_numeric;
    QSet<int> m_emphasized;
};

} // namespace fplab::gui
