// Walking layouts in reading order.
#include "app/gui/common/tab_order.h"

#include <QBoxLayout>
#include <QFormLayout>
#include <QGridLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QStackedWidget>
#include <QTabWidget>
#include <QWidget>

#include <algorithm>
#include <set>
#include <tuple>

namespace fplab::gui {

namespace {

void collectWidget(QWidget* w, QList<QWidget*>& out, std::set<QWidget*>& seen);

void collectLayout(QLayout* layout, QList<QWidget*>& out, std::set<QWidget*>& seen) {
    struct Item {
        int row, column, index;
        QLayoutItem* item;
    };
    std::vector<Item> items;
    for (int i = 0; i < layout->count(); ++i) {
        int row = 0, column = i;
        if (auto* grid = qobject_cast<QGridLayout*>(layout)) {
            int rs = 0, cs = 0;
            grid->getItemPosition(i, &row, &column, &rs, &cs);
        } else if (auto* form = qobject_cast<QFormLayout*>(layout)) {
            QFormLayout::ItemRole role{};
            form->getItemPosition(i, &row, &role);
            column = role == QFormLayout::LabelRole ? 0 : 1;
        } else if (auto* box = qobject_cast<QBoxLayout*>(layout)) {
            const bool reversed = box->direction() == QBoxLayout::RightToLeft ||
                                  box->direction() == QBoxLayout::BottomToTop;
            column = reversed ? layout->count() - 1 - i : i;
        }
        items.push_back({row, column, i, layout->itemAt(i)});
    }
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
        return std::tie(a.row, a.column) < std::tie(b.row, b.column);
    });
    for (const Item& it : items) {
        if (QWidget* w = it.item->widget()) collectWidget(w, out, seen);
        else if (QLayout* inner = it.item->layout()) collectLayout(inner, out, seen);
    }
}

void collectChildren(QWidget* w, QList<QWidget*>& out, std::set<QWidget*>& seen) {
    if (auto* splitter = qobject_cast<QSplitter*>(w)) {
        for (int i = 0; i < splitter->count(); ++i) collectWidget(splitter->widget(i), out, seen);
    } else if (auto* tabs = qobject_cast<QTabWidget*>(w)) {
        collectWidget(tabs->tabBar(), out, seen);
        for (int i = 0; i < tabs->count(); ++i) collectWidget(tabs->widget(i), out, seen);
    } else if (auto* stack = qobject_cast<QStackedWidget*>(w)) {
        for (int i = 0; i < stack->count(); ++i) collectWidget(stack->widget(i), out, seen);
    } else if (auto* scroll = qobject_cast<QScrollArea*>(w); scroll && scroll->widget()) {
        collectWidget(scroll->widget(), out, seen);
    } else if (w->layout()) {
        collectLayout(w->layout(), out, seen);
    }
    // Widgets placed by hand, outside any layout, keep their creation order after the rest.
    for (QWidget* child : w->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
        if (!child->isWindow()) collectWidget(child, out, seen);
}

void collectWidget(QWidget* w, QList<QWidget*>& out, std::set<QWidget*>& seen) {
    if (!w || !seen.insert(w).second) return;
    // A scroll area is a frame around its contents, not a stop of its own.
    if ((w->focusPolicy() & Qt::TabFocus) && !w->focusProxy() && !qobject_cast<QScrollArea*>(w)) {
        out << w;
        return;
    }
    collectChildren(w, out, seen);
}

} // namespace

QList<QWidget*> widgetsInLayoutOrder(QWidget* root) {
    QList<QWidget*> out;
    std::set<QWidget*> seen{root};
    collectChildren(root, out, seen);
    return out;
}

void applyLayoutTabOrder(QWidget* root) {
    const QList<QWidget*> order = widgetsInLayoutOrder(root);
    for (qsizetype i = 1; i < order.size(); ++i) QWidget::setTabOrder(order[i - 1], order[i]);
}

} // namespace fplab::gui
