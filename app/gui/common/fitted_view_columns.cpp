// Each column's need from its header and cells (their fonts and icons), shared out by shareColumnWidths.
#include "app/gui/common/fitted_view_columns.h"

#include "app/gui/common/column_widths.h"
#include "app/gui/common/header_lines.h"

#include <QEvent>
#include <QFont>
#include <QHeaderView>
#include <QPointer>
#include <QStyle>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

namespace fplab::gui {

namespace {

// Rows past this many are not measured (a long table's first rows are typical of the rest).
constexpr int kMeasuredRows = 2000;

int textMargin(const QTableView* table) {
    return 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1) + 2;
}

int headerMargin(const QHeaderView* header) {
    return 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 4;
}

int cellsNeed(const QTableView* table, int column) {
    const QAbstractItemModel* model = table->model();
    const int margin = textMargin(table);
    int need = 0;
    for (int row = 0; row < std::min(model->rowCount(), kMeasuredRows); ++row) {
        if (table->isRowHidden(row)) continue;
        const QModelIndex index = model->index(row, column);
        const QString text = index.data(Qt::DisplayRole).toString();
        if (text.isEmpty()) continue;
        QFont font = table->font();
        if (const QVariant f = index.data(Qt::FontRole); f.isValid()) font = f.value<QFont>();
        int width = QFontMetrics(font).horizontalAdvance(text) + margin;
        if (index.data(Qt::DecorationRole).isValid()) width += table->iconSize().width() + 4;
        need = std::max(need, width);
    }
    return need;
}

QString headerText(const QTableView* table, int column) {
    return table->model()->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
}

// A named slack column gives up its room first: down to its floor before any other column is cut.
std::vector<int> shareSlackFirst(const std::vector<int>& need, const std::vector<int>& floor, int room,
                                 std::size_t slack) {
    std::vector<int> otherNeed = need, otherFloor = floor;
    otherNeed.erase(otherNeed.begin() + std::ptrdiff_t(slack));
    otherFloor.erase(otherFloor.begin() + std::ptrdiff_t(slack));
    // The others take no more than they need: what they leave goes to the slack column.
    const int othersRoom = std::min(room - floor[slack], std::accumulate(otherNeed.begin(), otherNeed.end(), 0));
    std::vector<int> width = shareColumnWidths(otherNeed, otherFloor, othersRoom);
    const int others = std::accumulate(width.begin(), width.end(), 0);
    width.insert(width.begin() + std::ptrdiff_t(slack), std::max(floor[slack], room - others));
    return width;
}

void fitNow(QTableView* table, int slackColumn, int keyColumns) {
    const QAbstractItemModel* model = table->model();
    if (!model || model->columnCount() == 0) return;
    QHeaderView* header = table->horizontalHeader();
    const QFontMetrics headerFm(header->font());
    const int columns = model->columnCount();
    const int hMargin = headerMargin(header);
    const int smallest = header->minimumSectionSize();
    const int ellipsis = table->fontMetrics().horizontalAdvance(QStringLiteral("0.0…")) + textMargin(table);
    const int room = table->viewport()->width();
    std::vector<int> need(std::size_t(columns), 0), floor(std::size_t(columns), 0);
    for (int c = 0; c < columns; ++c)
        if (!table->isColumnHidden(c))
            need[std::size_t(c)] = std::max(
                {smallest, cellsNeed(table, c), headerFm.horizontalAdvance(headerText(table, c)) + hMargin});
    // Headers wrap onto two lines, or three where two leave the columns no room; the key columns stay whole
    // unless even that leaves no room (then they share the rest as the others do).
    int lines = 2;
    const auto floorsFit = [&](int headerLines, bool keysWhole) {
        int others = 0;
        for (int c = 0; c < columns; ++c) {
            if (table->isColumnHidden(c)) continue;
            const std::size_t i = std::size_t(c);
            const int wrapped = wrappedTextWidth(header->font(), headerText(table, c), headerLines) + hMargin;
            floor[i] = std::min(need[i], std::max({smallest, ellipsis, wrapped}));
            if (c >= keyColumns) others += floor[i];
        }
        // The key columns: whole, or else what the others leave them (at least their own floor).
        const int keys = std::max(1, std::min(keyColumns, columns));
        int sum = others;
        for (int c = 0; c < std::min(keyColumns, columns); ++c) {
            if (table->isColumnHidden(c)) continue;
            const std::size_t i = std::size_t(c);
            floor[i] = keysWhole ? need[i] : std::clamp((room - others) / keys, floor[i], need[i]);
            sum += floor[i];
        }
        return sum <= room;
    };
    const auto chooseLines = [&] {
        for (const bool keysWhole : {true, false})
            for (lines = 2; lines <= kMaxHeaderLines; ++lines)
                if (floorsFit(lines, keysWhole)) return;
        lines = kMaxHeaderLines; // the floors of the last try stand: the columns overflow
    };
    chooseLines();
    const std::vector<int> width = slackColumn >= 0 && slackColumn < columns
                                       ? shareSlackFirst(need, floor, room, std::size_t(slackColumn))
                                       : shareColumnWidths(need, floor, room);
    // A wrapped header gets the height of its lines (a Chinese line, drawn with a fallback font, is taller).
    bool wraps = false;
    int textHeight = lines * headerFm.lineSpacing();
    for (int c = 0; c < columns; ++c) {
        header->setSectionResizeMode(c, QHeaderView::Interactive);
        header->resizeSection(c, width[std::size_t(c)]);
        if (table->isColumnHidden(c)) continue;
        const QString text = headerText(table, c);
        wraps = wraps || headerFm.horizontalAdvance(text) + hMargin > width[std::size_t(c)];
        textHeight = std::max(
            textHeight, headerFm
                            .boundingRect(QRect(0, 0, width[std::size_t(c)] - hMargin, 100 * headerFm.lineSpacing()),
                                          Qt::TextWordWrap, text)
                            .height());
    }
    setHeaderTextHeight(header, wraps ? textHeight : 0, hMargin);
}

class ViewColumnFitter final : public QObject {
public:
    ViewColumnFitter(QTableView* table, int slackColumn, int keyColumns)
        : QObject(table), m_table(table), m_slack(slackColumn), m_keyColumns(keyColumns) {
        setObjectName(QStringLiteral("viewColumnFitter"));
        m_timer.setSingleShot(true);
        m_timer.setInterval(0);
        connect(&m_timer, &QTimer::timeout, this, [this] { fit(); });
        table->viewport()->installEventFilter(this);
        table->setTextElideMode(Qt::ElideRight);
        table->setWordWrap(false); // one line per cell, elided: a wrapped number reads as two
        table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        QHeaderView* header = table->horizontalHeader();
        header->setStretchLastSection(false);
        header->setDefaultAlignment(Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap));
        const QAbstractItemModel* model = table->model();
        const auto later = [this] { m_timer.start(); };
        connect(model, &QAbstractItemModel::modelReset, this, later);
        connect(model, &QAbstractItemModel::layoutChanged, this, later);
        connect(model, &QAbstractItemModel::dataChanged, this, later);
        connect(model, &QAbstractItemModel::headerDataChanged, this, later);
        connect(model, &QAbstractItemModel::rowsInserted, this, later);
        connect(model, &QAbstractItemModel::rowsRemoved, this, later);
        connect(model, &QAbstractItemModel::columnsInserted, this, later);
    }
    void fit() {
        if (m_table) fitNow(m_table, m_slack, m_keyColumns);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Resize || event->type() == QEvent::FontChange) fit();
        return QObject::eventFilter(watched, event);
    }

private:
    QPointer<QTableView> m_table;
    int m_slack;
    int m_keyColumns;
    QTimer m_timer;
};

} // namespace

void fitViewColumnsToWidth(QTableView* table, int slackColumn, int keyColumns) {
    auto* fitter = table->findChild<ViewColumnFitter*>(QStringLiteral("viewColumnFitter"), Qt::FindDirectChildrenOnly);
    if (!fitter) fitter = new ViewColumnFitter(table, slackColumn, keyColumns);
    fitter->fit();
}

} // namespace fplab::gui
