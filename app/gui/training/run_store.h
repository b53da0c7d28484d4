// The finished runs the Training section keeps for comparison (up to eight): each a named, coloured
// series that can be shown or hidden, renamed and removed, and exported as the step CSV.
#pragma once

#include "core/training/step_csv.h"
#include "core/training/training_run.h"

#include <QAbstractListModel>
#include <QColor>
#include <QJsonArray>
#include <QPalette>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace fplab::gui {

struct StoredRun {
    QString name;
    int colorSlot = 0; // which of the eight run colours
    bool visible = true;
    training::TrainingConfig config;
    bool onGpu = false; // the GPU's run of the configuration (no gradient statistics)
    training::StepCsvColumns columns;
    std::vector<training::StepRecord> steps;
    training::RunState state;
};

// The colour of a run's series, readable on the light and on the dark palette.
QColor runColor(int slot, const QPalette& palette);

class RunStore final : public QAbstractListModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunStore)

public:
    static constexpr int kMaxRuns = 8;

    explicit RunStore(QObject* parent = nullptr);
    ~RunStore() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // Keeps `run` (a free colour; its name made unique); when eight are kept the oldest goes first.
    void add(StoredRun run);
    void remove(int row);
    void clear();
    bool rename(int row, const QString& name); // false for an empty name
    void setVisible(int row, bool visible);
    const std::vector<StoredRun>& runs() const { return m_runs; }

    // The run's steps as `fplab-cli train --csv` writes them.
    std::string runCsv(int row) const;
    // Every run in one table with a run column (core/training/step_csv).
    std::string comparisonCsv() const;

    // The kept runs for a session file (run_store_json.cpp): names, colours, shown or hidden, the settings,
    // and every step's numbers the views and the CSV read (the CSV after a restore is the same bytes).
    QJsonArray toJson() const;
    // Adds the runs of `runs`; a run that cannot be read is left out, with one sentence each saying why.
    QStringList addFromJson(const QJsonArray& runs);

signals:
    // Any change: a run added, removed, renamed, shown or hidden.
    void runsChanged();
    // add() dropped the oldest run `dropped` to keep `kept` (eight were kept already).
    void runDropped(const QString& dropped, const QString& kept);

private:
    QString uniqueName(const QString& name, int except) const;

    std::vector<StoredRun> m_runs;
};

} // namespace fplab::gui
