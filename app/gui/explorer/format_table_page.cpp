// The table follows the model; the rows and the user's formats are remembered in the settings.
#include "app/gui/explorer/format_table_page.h"

#include "app/gui/common/fitted_view_columns.h"
#include "app/gui/common/format_choice.h"
#include "app/gui/explorer/custom_format_dialog.h"
#include "app/gui/explorer/explorer_state.h"
#include "app/gui/explorer/format_table_model.h"
#include "app/gui/shell/app_settings.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMenu>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace fplab::gui {

FormatTablePage::FormatTablePage(ExplorerState* state, FormatTableModel* model, AppSettings& settings, QWidget* parent)
    : QWidget(parent), m_state(state), m_model(model), m_settings(settings) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("formatTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Every column inside the page's width: the binary column, last and the longest, is the one elided (its
    // tooltip has every bit) and takes the room left.
    fitViewColumnsToWidth(m_table, FormatTableModel::BinaryColumn);
    m_rowsButton = new QToolButton(this);
    m_addFormatButton = new QToolButton(this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_rowsButton);
    buttons->addWidget(m_addFormatButton);
    buttons->addStretch(1);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    m_addFormat = new QAction(this);
    m_addFormat->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(m_addFormat, &QAction::triggered, this, &FormatTablePage::openCustomFormatDialog);
    m_chooseRows = new QAction(this);
    m_chooseRows->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(m_chooseRows, &QAction::triggered, this, &FormatTablePage::showRowMenu);
    addActions({m_addFormat, m_chooseRows});
    m_rowsButton->setDefaultAction(m_chooseRows);
    m_addFormatButton->setDefaultAction(m_addFormat);

    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QString key = m_model->keyAt(index.row());
        if (!FormatTableModel::isIntegerKey(key)) m_state->setFormat(key);
    });
}

void FormatTablePage::retranslateUi() {
    m_addFormat->setText(tr("&Add a format…"));
    m_addFormat->setToolTip(tr("Define your own format: exponent and mantissa widths, subnormals, special values."));
    m_chooseRows->setText(tr("Choose &rows…"));
    m_chooseRows->setToolTip(tr("Choose which formats the side-by-side table shows."));
    m_model->refresh();
    emit m_model->headerDataChanged(Qt::Horizontal, 0, FormatTableModel::ColumnCount - 1);
}

void FormatTablePage::setRowHidden(const QString& key, bool hidden) {
    QStringList keys = m_model->hiddenKeys();
    keys.removeAll(key);
    if (hidden) keys << key;
    m_model->setHiddenKeys(keys);
    m_settings.explorerHiddenRows.set(keys);
    emit rowsChanged();
}

void FormatTablePage::showRowMenu() {
    QMenu menu(this);
    for (const QString& key : m_model->allKeys()) {
        QAction* a = menu.addAction(FormatTableModel::keyLabel(key));
        a->setCheckable(true);
        a->setChecked(!m_model->hiddenKeys().contains(key));
        connect(a, &QAction::toggled, this, [this, key](bool shown) { setRowHidden(key, !shown); });
    }
    if (!m_settings.customFormats.get().isEmpty()) {
        menu.addSeparator();
        QMenu* remove = menu.addMenu(tr("Remove a format"));
        for (const QString& name : m_settings.customFormats.get())
            connect(remove->addAction(name), &QAction::triggered, this, [this, name] { removeCustomFormat(name); });
    }
    menu.exec(m_rowsButton->mapToGlobal(QPoint(0, m_rowsButton->height())));
}

void FormatTablePage::removeCustomFormat(const QString& name) {
    QStringList names = m_settings.customFormats.get();
    names.removeAll(name);
    m_settings.customFormats.set(names);
    m_model->setCustomFormats(names);
    emit customFormatsChanged(names);
    if (m_state->formatName() == name) m_state->setFormat(QStringLiteral("fp16"));
}

bool FormatTablePage::addCustomFormat(const QString& name) {
    if (!resolveFormat(name)) return false;
    QStringList names = m_settings.customFormats.get();
    if (!names.contains(name) && !presetFormatNames().contains(name)) names << name;
    m_settings.customFormats.set(names);
    m_model->setCustomFormats(names);
    emit customFormatsChanged(names);
    emit rowsChanged();
    return true;
}

void FormatTablePage::openCustomFormatDialog() {
    CustomFormatDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted) return;
    const QString name = dialog.formatName();
    if (addCustomFormat(name)) {
        m_state->setFormat(name);
        emit statusMessage(tr("Added the format %1").arg(name));
    }
}

} // namespace fplab::gui
