// Listing the actions that have shortcuts.
#include "app/gui/shell/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QScreen>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fplab::gui {

ShortcutsDialog::ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Keyboard shortcuts"));
    auto* table = new QTableWidget(this);
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The keys keep their whole width ("Ctrl+O", "Ctrl+Shift+L"); a long description wraps instead.
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setWordWrap(true);
    table->setObjectName(QStringLiteral("shortcuts"));
    for (QAction* a : actions) {
        if (a->shortcut().isEmpty()) continue;
        const int row = table->rowCount();
        table->insertRow(row);
        table->setItem(row, 0, new QTableWidgetItem(a->text().remove(QLatin1Char('&'))));
        table->setItem(row, 1, new QTableWidgetItem(a->shortcut().toString(QKeySequence::NativeText)));
    }
    // Keys that are not menu actions.
    const QList<QPair<QString, QString>> extra = {
        {tr("Bit editor: move between bits"), tr("Left / Right")},
        {tr("Bit editor: flip the bit"), tr("Space")},
        {tr("Bit editor: set the bit and move on"), tr("0 / 1")},
        {tr("Bit editor: first / last bit"), tr("Home / End")},
        {tr("Table: select every row"), QKeySequence(QKeySequence::SelectAll).toString(QKeySequence::NativeText)},
        {tr("Table: copy as tab-separated text (the selected cells, or the whole table)"),
         QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText)},
        {tr("Table or chart: copy as Markdown, export as CSV, PNG or SVG"), tr("Right-click, or the Menu key")},
        {tr("Move between the controls, in the order of the layout"), tr("Tab / Shift+Tab")},
        {tr("Leave Present mode"), tr("Esc")},
    };
    for (const auto& [what, key] : extra) {
        const int row = table->rowCount();
        table->insertRow(row);
        table->setItem(row, 0, new QTableWidgetItem(what));
        table->setItem(row, 1, new QTableWidgetItem(key));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    // As wide as the longest description and its key on one line, as tall as the list: never wider or taller
    // than the screen's available area (the list scrolls then, and a description wraps).
    table->resizeColumnsToContents();
    table->resizeRowsToContents();
    const int frame = 2 * table->frameWidth();
    const QMargins margins = layout->contentsMargins();
    const QSize content(table->horizontalHeader()->length() + table->verticalScrollBar()->sizeHint().width() + frame,
                        table->horizontalHeader()->sizeHint().height() + table->verticalHeader()->length() + frame);
    const QSize wanted = content +
                         QSize(margins.left() + margins.right(),
                               margins.top() + margins.bottom() + layout->spacing() + buttons->sizeHint().height());
    const QScreen* s = parent ? parent->screen() : screen();
    resize(s ? wanted.boundedTo(s->availableGeometry().size() * 9 / 10) : wanted);
}

} // namespace fplab::gui
