// Column fitting: each column's need from its texts, shared out by shareColumnWidths (column_widths.h).
#include "app/gui/common/fitted_columns.h"

#include "app/gui/common/column_widths.h"
#include "app/gui/common/header_lines.h"

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

// The width a column needs to show its header on `lines` lines: the text's, the style's margins around a header's
// text, and a pixel more (elidedText measures the unrounded advance).
int headerWidth(QTableWidget* table, int column, int labelMargin, int lines) {
    QTableWidgetItem* h = table->horizontalHeaderItem(column);
    return h ? wrappedTextWidth(table->horizontalHeader()->font(), fullHeaderText(h), lines) + labelMargin + 1 : 0;
}

// The width a column needs to show its header on one line and every cell whole.
int neededWidth(QTableWidget* table, int column, int cellMargin, int labelMargin) {
    int need = headerWidth(table, column, labelMargin, 1);
    for (int row = 0; row < table->rowCount(); ++row)
        if (const QTableWidgetItem* item = table->item(row, column)) {
            const QFontMetrics itemFm(item->font());
            need = std::max(need, itemFm.horizontalAdvance(item->text()) + cellMargin);
        }
    return need;
}

// Shows the header of `column` wrapped onto at most `lines` lines of its width; returns the height of its lines
// when it takes more than one, else 0.
int showHeader(QTableWidget* table, int column, int width, int labelMargin, int lines) {
    QTableWidgetItem* h = table->horizontalHeaderItem(column);
    if (!h) return 0;
    const QFont font = table->horizontalHeader()->font();
    const QString full = fullHeaderText(h);
    const QStringList shownLines = wrappedLines(font, full, width - labelMargin, lines);
    const QString shown = shownLines.join(QString());
    h->setToolTip(full);
    h->setData(kShownTextRole, shown);
    if (h->text() != shown) h->setText(shown);
    if (shownLines.size() < 2) return 0;
    const QFontMetrics fm(font);
    return fm.boundingRect(QRect(0, 0, width - labelMargin, 100 * fm.lineSpacing()), Qt::TextWordWrap, shown).height();
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
    // The style draws a header's text inside its section less this margin (QCommonStyle's SE_HeaderLabel).
    const int labelMargin = 2 * style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, table->horizontalHeader());
    std::vector<int> need(std::size_t(columns), 0);
    // The header never makes a section narrower than its minimum: count with it, or the columns overflow.
    const int smallest = table->horizontalHeader()->minimumSectionSize();
    for (int c = 0; c < columns; ++c)
        need[std::size_t(c)] = table->isColumnHidden(c)
                                   ? 0
                                   : std::max(smallest, neededWidth(table, c, cellMargin, labelMargin));
    // The headers on one line when they all fit so, else wrapped onto two or three lines; where even three leave
    // the columns no room, each column keeps an ellipsis and a few characters, its header's words cut.
    const int room = table->viewport()->width();
    const int minimum = table->fontMetrics().horizontalAdvance(QStringLiteral("0.0…")) + cellMargin;
    std::vector<int> floor(std::size_t(columns), 0);
    int lines = 1;
    for (; lines <= kMaxHeaderLines; ++lines) {
        for (int c = 0; c < columns; ++c)
            if (!table->isColumnHidden(c))
                floor[std::size_t(c)] = std::min(
                    need[std::size_t(c)], std::max({smallest, minimum, headerWidth(table, c, labelMargin, lines)}));
        if (std::accumulate(floor.begin(), floor.end(), 0) <= room) break;
    }
    if (lines > kMaxHeaderLines) {
        lines = kMaxHeaderLines;
        for (int c = 0; c < columns; ++c)
            floor[std::size_t(c)] = std::min(need[std::size_t(c)], std::max(smallest, minimum));
    }
    const std::vector<int> width = shareColumnWidths(need, floor, room);
    QHeaderView* header = table->horizontalHeader();
    int textHeight = 0;
    for (int c = 0; c < columns; ++c) {
        header->setSectionResizeMode(c, QHeaderView::Interactive);
        header->resizeSection(c, width[std::size_t(c)]);
        if (!table->isColumnHidden(c))
            textHeight = std::max(textHeight, showHeader(table, c, width[std::size_t(c)], labelMargin, lines));
    }
    setHeaderTextHeight(header, textHeight, labelMargin + 4);
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
        table->horizontalHeader()->setDefaultAlignment(Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap));
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
