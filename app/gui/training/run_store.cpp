#include "app/gui/training/run_store.h"

#include "app/gui/shell/theme.h"

#include <QGuiApplication>

#include <algorithm>
#include <iterator>

namespace fplab::gui {

using namespace fplab::training;

QColor runColor(int slot, const QPalette& palette) {
    static const QColor light[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                   QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                   QColor(0xe3, 0x77, 0xc2), QColor(0x17, 0xbe, 0xcf)};
    static const QColor dark[] = {QColor(0x6c, 0xb4, 0xf0), QColor(0xff, 0xaa, 0x55), QColor(0x7f, 0xd6, 0x8c),
                                  QColor(0xff, 0x7a, 0x7a), QColor(0xc5, 0xa3, 0xf0), QColor(0xd9, 0xa5, 0x8c),
                                  QColor(0xf5, 0xa8, 0xdc), QColor(0x6f, 0xe0, 0xec)};
    const int n = int(std::size(light));
    const int i = ((slot % n) + n) % n;
    return isDarkPalette(palette) ? dark[i] : light[i];
}

RunStore::RunStore(QObject* parent) : QAbstractListModel(parent) {}

RunStore::~RunStore() = default;

int RunStore::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_runs.size()); }

QVariant RunStore::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const StoredRun& r = m_runs[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return r.name;
    case Qt::CheckStateRole: return r.visible ? Qt::Checked : Qt::Unchecked;
    case Qt::DecorationRole: return runColor(r.colorSlot, QGuiApplication::palette());
    case Qt::ToolTipRole:
        // The run's own words (English, from core): mode, steps done and how it ended.
        return QStringLiteral("%1, %2 steps, %3")
            .arg(QString::fromLatin1(modeName(r.config.mode)))
            .arg(r.steps.size())
            .arg(QString::fromStdString(r.state.message));
    default: return {};
    }
}

bool RunStore::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.row() >= rowCount()) return false;
    if (role == Qt::EditRole) return rename(index.row(), value.toString());
    if (role == Qt::CheckStateRole) {
        setVisible(index.row(), value.toInt() == Qt::Checked);
        return true;
    }
    return false;
}

Qt::ItemFlags RunStore::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable | Qt::ItemIsUserCheckable;
}

QString RunStore::uniqueName(const QString& name, int except) const {
    const auto taken = [&](const QString& candidate) {
        for (std::size_t i = 0; i < m_runs.size(); ++i)
            if (int(i) != except && m_runs[i].name == candidate) return true;
        return false;
    };
    QString unique = name;
    for (int n = 2; taken(unique); ++n) unique = QStringLiteral("%1 (%2)").arg(name).arg(n);
    return unique;
}

void RunStore::add(StoredRun run) {
    QString dropped;
    if (int(m_runs.size()) >= kMaxRuns) {
        dropped = m_runs.front().name;
        remove(0);
    }
    int slot = 0;
    while (std::any_of(m_runs.begin(), m_runs.end(), [slot](const StoredRun& r) { return r.colorSlot == slot; }))
        ++slot;
    run.colorSlot = slot;
    run.name = uniqueName(run.name.trimmed(), -1);
    beginInsertRows({}, rowCount(), rowCount());
    const QString kept = run.name;
    m_runs.push_back(std::move(run));
    endInsertRows();
    emit runsChanged();
    if (!dropped.isEmpty()) emit runDropped(dropped, kept);
}

void RunStore::remove(int row) {
    if (row < 0 || row >= rowCount()) return;
    beginRemoveRows({}, row, row);
    m_runs.erase(m_runs.begin() + row);
    endRemoveRows();
    emit runsChanged();
}

void RunStore::clear() {
    if (m_runs.empty()) return;
    beginResetModel();
    m_runs.clear();
    endResetModel();
    emit runsChanged();
}

bool RunStore::rename(int row, const QString& name) {
    if (row < 0 || row >= rowCount() || name.trimmed().isEmpty()) return false;
    m_runs[std::size_t(row)].name = uniqueName(name.trimmed(), row);
    emit dataChanged(index(row), index(row), {Qt::DisplayRole, Qt::EditRole});
    emit runsChanged();
    return true;
}

void RunStore::setVisible(int row, bool visible) {
    if (row < 0 || row >= rowCount() || m_runs[std::size_t(row)].visible == visible) return;
    m_runs[std::size_t(row)].visible = visible;
    emit dataChanged(index(row), index(row), {Qt::CheckStateRole});
    emit runsChanged();
}

std::string RunStore::runCsv(int row) const {
    if (row < 0 || row >= rowCount()) return {};
    const StoredRun& r = m_runs[std::size_t(row)];
    std::string csv = stepCsvHeader(r.columns);
    for (const StepRecord& s : r.steps) csv += stepCsvRow(s, r.columns.stats);
    return csv;
}

std::string RunStore::comparisonCsv() const {
    std::vector<CsvRun> runs;
    for (const StoredRun& r : m_runs) runs.push_back({r.name.toStdString(), r.columns, &r.steps});
    return training::comparisonCsv(runs);
}

} // namespace fplab::gui
