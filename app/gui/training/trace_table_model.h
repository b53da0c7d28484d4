// The dtype of every tensor of one training step, as a table model (tensor, dtype, shape,
// role, kept for backward); float16/bfloat16 rows are tinted.
#pragma once

#include "core/training/toy_model.h"
#include "lessons/local_text.h"

#include <QAbstractTableModel>

#include <vector>

namespace fplab::gui {

class TraceTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TraceTableModel)

public:
    enum Column { TensorColumn, DtypeColumn, ShapeColumn, RoleColumn, SavedColumn, ColumnCount };

    explicit TraceTableModel(QObject* parent = nullptr);
    ~TraceTableModel() override;

    void setTrace(std::vector<training::TraceEntry> trace);
    // The language of the tensor names ("after fc1" / "fc1 之后"); the interface language.
    void setLanguage(lessons::Language language);
    const std::vector<training::TraceEntry>& trace() const { return m_trace; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString roleText(training::TensorRole role);

private:
    std::vector<training::TraceEntry> m_trace;
    lessons::Language m_language = lessons::Language::English;
};

} // namespace fplab::gui
