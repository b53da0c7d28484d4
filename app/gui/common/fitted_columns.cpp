// Column fitting: each column's need from its texts, shared out by shareColumnWidths (column_widths.h).
#include "app/gui/common/fitted_columns.h"

#include "app/gui/common/column_widths.h"

#include <QEvent>
#include <QHeaderView>
#include <QPointer>
#include <QStyle>
#include <QTableWidget>
#include <QTimer>

#include <algorithm>
#include <numeric>
#include <vector>

namespace fplab::gui {

namespace {

// A header shows its text elided by the fitter (Qt 6.4's QHeaderView cuts a long one off at both ends
// instead); the whole text is kept in these roles to tell the fitter's text from a new one.
constexpr int kFullTextRole = Qt::UserRole + 0x6c1;
constexpr int kShownTextRole = Qt::UserRole + 0x6c2;

QString fullHeaderText(QTableWidgetItem* h) {
    if (h->text() != h->data(kShownTextRole).toString()) h->setData(kFullTextRole, h->text());
    return h->data(kFullTextRole).toString();
}

// The width a column needs to show its header whole (a pixel more than the rounded advance: elidedText measures
// the unrounded one).
int headerWidth(QTableWidget* table, int column, int headerMargin) {
    QTableWidgetItem* h = table->horizontalHeaderItem(column);
    const QFontMetrics fm(table->horizontalHeader()->font());
    return h ? fm.horizontalAdvance(fullHeaderText(h)) + headerMargin + 1 : 0;
}

// The width a column needs to show its header and every cell whole.
int neededWidth(QTableWidget* table, int column, int cellMargin, int headerMargin) {
    int need = headerWidth(table, column, headerMargin);
    for (int row = 0; row < table->rowCount(); ++row)
        if (const QTableWidgetItem* item = table->item(row, column)) {
            const QFontMetrics itemFm(item->font());
            need = std::max(need, itemFm.horizontalAdvance(item->text()) + cellMargin);
        }
    return need;
}

void showHeader(QTableWidget* table, int column, int width, int headerMargin) {
    QTableWidgetItem* h = table->horizontalHeaderItem(column);
    if (!h) return;
    const QString full = fullHeaderText(h);
    const QString shown =
        QFontMetrics(table->horizontalHeader()->font()).elidedText(full, Qt::ElideRight, width - headerMargin);
    h->setToolTip(full);
    h->setData(kShownTextRole, shown);
    if (h->text() != shown) h->setText(shown);
}

void giveTooltips(QTableWidget* table) {
    for (int column = 0; column < table->columnCount(); ++column) {
        for (int row = 0; row < table->rowCount(); ++row)
            if (QTableWidgetItem* item = table->item(row, column);
                item && item->toolTip().isEmpty() && !item->text().isEmpty())
                item->setToolTip(item->text());
    }
}

void fitNow(QTableWidget* table) {
    const int columns = table->columnCount();
    if (columns == 0) return;
    giveTooltips(table);
    QStyle* style = table->style();
    const int cellMargin = 2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1) + 2;
    const int headerMargin = 2 * style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, table->horizontalHeader()) + 4;
    std::vector<int> need(std::size_t(columns), 0);
    // The header never makes a section narrower than its minimum: count with it, or the columns overflow.
    const int smallest = table->horizontalHeader()->minimumSectionSize();
    for (int c = 0; c < columns; ++c)
        need[std::size_t(c)] = table->isColumnHidden(c)
                                   ? 0
                                   : std::max(smallest, neededWidth(table, c, cellMargin, headerMargin));
    // Every column keeps its header whole when all the headers fit, else an ellipsis and a few characters.
    const int room = table->viewport()->width();
    const int minimum = table->fontMetrics().horizontalAdvance(QStringLiteral("0.0…")) + cellMargin;
    std::vector<int> headers(std::size_t(columns), 0), floor = headers;
    for (int c = 0; c < columns; ++c)
        if (!table->isColumnHidden(c))
            headers[std::size_t(c)] =
                std::min(need[std::size_t(c)], std::max(minimum, headerWidth(table, c, headerMargin)));
    const bool headersFit = std::accumulate(headers.begin(), headers.end(), 0) <= room;
    for (int c = 0; c < columns; ++c)
        floor[std::size_t(c)] = headersFit ? headers[std::size_t(c)] : std::min(need[std::size_t(c)], minimum);
    const std::vector<int> width = shareColumnWidths(need, floor, room);
    QHeaderView* header = table->horizontalHeader();
    for (int c = 0; c < columns; ++c) {
        header->setSectionResizeMode(c, QHeaderView::Interactive);
        header->resizeSection(c, width[std::size_t(c)]);
        showHeader(table, c, width[std::size_t(c)], headerMargin);
    }
}

class ColumnFitter final : public QObject {
public:
    explicit ColumnFitter(QTableWidget* table) : QObject(table), m_table(table) {
        setObjectName(QStringLiteral("columnFitter"));
        m_timer.setSingleShot(true);
        m_timer.setInterval(0);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            if (m_table) fitNow(m_table);
        });
        table->viewport()->installEventFilter(this);
        table->setTextElideMode(Qt::ElideRight);
        table->setWordWrap(false); // one line per cell, elided: a wrapped number reads as two
        table->horizontalHeader()->setTextElideMode(Qt::ElideRight);
        table->horizontalHeader()->setStretchLastSection(false);
        QAbstractItemModel* model = table->model();
        connect(model, &QAbstractItemModel::modelReset, this, [this] { m_timer.start(); });
        connect(model, &QAbstractItemModel::layoutChanged, this, [this] { m_timer.start(); });
        connect(model, &QAbstractItemModel::dataChanged, this, [this] { m_timer.start(); });
        connect(model, &QAbstractItemModel::headerDataChanged, this, [this] { m_timer.start(); });
        connect(model, &QAbstractItemModel::rowsInserted, this, [this] { m_timer.start(); });
        connect(model, &QAbstractItemModel::columnsInserted, this, [this] { m_timer.start(); });
    }
    void fit() { fitNow(m_table); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Resize) fit();
        return QObject::eventFilter(watched, event);
    }

private:
    QPointer<QTableWidget> m_table;
    QTimer m_timer;
};

} // namespace

void fitColumnsToWidth(QTableWidget* table) {
    auto* fitter = static_cast<ColumnFitter*>(
        table->findChild<QObject*>(QStringLiteral("columnFitter"), Qt::FindDirectChildrenOnly));
    if (!fitter) fitter = new ColumnFitter(table);
    fitter->fit();
}

} // namespace fplab::gui
