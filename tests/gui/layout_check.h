// Shared by the layout tests (tests/lessons/lesson_layout_gui_test.cpp, every_view_layout_test.cpp): what is
// cut off under a widget. Each table cell's and header's text, measured with QFontMetrics, against the room its
// cell has on screen (a text too long must be elided, with a tooltip, in a column that still shows a few
// characters; a header may wrap when its header view wraps), tabs scrolled out of their bar, and scroll areas that
// need sideways scrolling.
#pragma once

#include <QAbstractItemView>
#include <QFontMetrics>
#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QStringList>
#include <QStyle>
#include <QTabBar>
#include <QTableView>

#include <algorithm>

namespace fplab::gui::testing {

// The room a cell's text has: the part of the cell inside the viewport, less the style's text margins.
inline int visibleWidth(const QRect& cell, const QRect& viewport) {
    return std::max(0, std::min(cell.right(), viewport.right()) - std::max(cell.left(), viewport.left()) + 1);
}

// Whether a text that does not fit is shown elided with its tooltip, in a room that still shows some of it.
inline bool elidedReadably(const QAbstractItemView* view, const QFontMetrics& fm, const QString& text,
                           const QString& toolTip, int room) {
    return view->textElideMode() != Qt::ElideNone && !toolTip.isEmpty() &&
           room >= fm.horizontalAdvance(text.left(2) + QStringLiteral("…"));
}

// One line per clipped cell, header or tab of the visible tables and tab bars under `root`.
inline QStringList clippedTexts(QWidget* root, const QString& where) {
    QStringList problems;
    for (QTableView* view : root->findChildren<QTableView*>()) {
        if (!view->isVisible() || !view->model()) continue;
        const QAbstractItemModel* model = view->model();
        const QRect viewport = view->viewport()->rect();
        const int margin = 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
        for (int row = 0; row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column) {
                if (view->isColumnHidden(column) || view->isRowHidden(row)) continue;
                const QModelIndex index = model->index(row, column);
                const QString text = index.data(Qt::DisplayRole).toString();
                if (text.isEmpty()) continue;
                QFont font = view->font();
                if (const QVariant f = index.data(Qt::FontRole); f.isValid()) font = f.value<QFont>();
                const QFontMetrics fm(font);
                const QRect cell = view->visualRect(index);
                const int room = visibleWidth(cell, viewport) - margin;
                bool fits = fm.horizontalAdvance(text) <= room;
                fits = fits || elidedReadably(view, fm, text, index.data(Qt::ToolTipRole).toString(), room);
                if (!fits)
                    problems << QStringLiteral("%1: table %2 cell (%3,%4) \"%5\" needs %6 px, has %7")
                                    .arg(where, view->objectName())
                                    .arg(row)
                                    .arg(column)
                                    .arg(text)
                                    .arg(fm.horizontalAdvance(text))
                                    .arg(room);
            }
        QHeaderView* header = view->horizontalHeader();
        if (header->isVisible()) {
            const QFontMetrics fm(header->font());
            const int headerMargin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
            for (int column = 0; column < model->columnCount(); ++column) {
                if (header->isSectionHidden(column)) continue;
                const QString text = model->headerData(column, Qt::Horizontal).toString();
                const QRect section(header->sectionViewportPosition(column), 0, header->sectionSize(column),
                                    header->height());
                const int room = visibleWidth(section, header->viewport()->rect()) - headerMargin;
                // A header shown elided must end in "…" (Qt 6.4's QHeaderView does not elide: it cuts a long
                // text off at both ends) and give the whole text in its tooltip. A header may instead wrap
                // (fitted_view_columns) inside the header's height.
                const QString tip = model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
                const bool elidedWithoutTip = text.endsWith(QStringLiteral("…")) && (tip.isEmpty() || tip == text);
                bool fits = fm.horizontalAdvance(text) <= room;
                if (!fits && (header->defaultAlignment() & Qt::TextWordWrap)) {
                    const QRect lines = fm.boundingRect(QRect(0, 0, room, 100 * header->height()), Qt::TextWordWrap,
                                                        text);
                    fits = lines.width() <= room && lines.height() <= header->height() - headerMargin;
                }
                if (!fits || elidedWithoutTip)
                    problems << QStringLiteral("%1: table %2 header %3 \"%4\" needs %5 px, has %6")
                                    .arg(where, view->objectName())
                                    .arg(column)
                                    .arg(text)
                                    .arg(fm.horizontalAdvance(text))
                                    .arg(room);
            }
        }
    }
    for (QTabBar* bar : root->findChildren<QTabBar*>()) {
        if (!bar->isVisible()) continue;
        for (int i = 0; i < bar->count(); ++i) {
            const QRect tab = bar->tabRect(i);
            if (tab.left() < 0 || tab.right() > bar->width())
                problems << QStringLiteral("%1: tab \"%2\" lies outside its bar").arg(where, bar->tabText(i));
            // An elided title is allowed when its tooltip gives the whole title.
            const QFontMetrics fm(bar->font());
            const int room = tab.width() - 2 * bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar) / 2;
            if (fm.horizontalAdvance(bar->tabText(i)) > room && bar->tabToolTip(i).isEmpty())
                problems << QStringLiteral("%1: tab \"%2\" is cut off without a tooltip").arg(where, bar->tabText(i));
        }
    }
    for (QScrollArea* area : root->findChildren<QScrollArea*>())
        if (area->isVisible() && area->horizontalScrollBar()->isVisible())
            problems << QStringLiteral("%1: a scroll area needs sideways scrolling").arg(where);
    return problems;
}

} // namespace fplab::gui::testing
