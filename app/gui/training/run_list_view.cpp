#include "app/gui/training/run_list_view.h"

#include "app/gui/common/file_dialogs.h"
#include "app/gui/common/save_file.h"
#include "app/gui/training/run_store.h"
#include "core/platform/atomic_file.h"

#include <QGridLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QVBoxLayout>

namespace fplab::gui {

RunListView::RunListView(RunStore* store, QWidget* parent) : QWidget(parent), m_store(store) {
    m_list = new QListView;
    m_list->setObjectName(QStringLiteral("trainingRunList"));
    m_list->setModel(m_store);
    // Whole names ("FP16, dynamic loss scale (GradScaler) (GPU)"), wrapped rather than cut.
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 16);
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    m_remove = new QPushButton;
    m_exportRun = new QPushButton;
    m_exportAll = new QPushButton;
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QGridLayout;
    buttons->addWidget(m_remove, 0, 0);
    buttons->addWidget(m_exportRun, 0, 1);
    buttons->addWidget(m_exportAll, 1, 0, 1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_note);

    connect(m_remove, &QPushButton::clicked, this, [this] { m_store->remove(currentRow()); });
    connect(m_exportRun, &QPushButton::clicked, this, [this] {
        const int row = currentRow();
        if (row < 0) return;
        const QString name = fileNameStem(m_store->runs()[std::size_t(row)].name) + QStringLiteral(".csv");
        const QString path = askSaveFileName(this, tr("Export the run as CSV"), name,
                                             tr("CSV files (*.csv);;All files (*)"));
        if (!path.isEmpty()) exportRun(row, path);
    });
    connect(m_exportAll, &QPushButton::clicked, this, [this] {
        const QString path = askSaveFileName(this, tr("Export every run as one CSV"), QStringLiteral("comparison.csv"),
                                             tr("CSV files (*.csv);;All files (*)"));
        if (!path.isEmpty()) exportComparison(path);
    });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        updateEnabled();
        if (index.isValid()) emit runChosen(index.row());
    });
    connect(m_store, &RunStore::runsChanged, this, &RunListView::updateEnabled);
    retranslate();
    updateEnabled();
}

RunListView::~RunListView() = default;

int RunListView::currentRow() const {
    const QModelIndex index = m_list->currentIndex();
    return index.isValid() ? index.row() : -1;
}

void RunListView::updateEnabled() {
    const bool chosen = currentRow() >= 0;
    m_remove->setEnabled(chosen);
    m_exportRun->setEnabled(chosen);
    m_exportAll->setEnabled(m_store->rowCount() > 0);
}

void RunListView::retranslate() {
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Remove the chosen run from the comparison"));
    m_exportRun->setText(tr("Export run…"));
    m_exportRun->setToolTip(tr("The chosen run's steps as CSV, with the columns of fplab-cli train --csv"));
    m_exportAll->setText(tr("Export comparison…"));
    m_exportAll->setToolTip(tr("Every kept run in one CSV, with a run column"));
    m_list->setToolTip(
        tr("Every finished run is kept (up to %1). Tick to show, double-click to rename.").arg(RunStore::kMaxRuns));
}

QString RunListView::writeCsv(const QString& path, const std::string& text) {
    QString error;
    if (const std::optional<std::string> why = platform::writeFileAtomically(path.toStdString(), text))
        error = tr("Cannot write %1: %2").arg(path, QString::fromStdString(*why));
    m_note->setText(error.isEmpty() ? tr("Written to %1.").arg(path) : error);
    return error;
}

QString RunListView::exportRun(int row, const QString& path) {
    if (row < 0 || row >= m_store->rowCount()) return tr("No run is chosen.");
    return writeCsv(path, m_store->runCsv(row));
}

QString RunListView::exportComparison(const QString& path) { return writeCsv(path, m_store->comparisonCsv()); }

} // namespace fplab::gui
