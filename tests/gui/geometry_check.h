// Shared by the layout tests: whether a widget is seen whole in its window (not clipped by a scroll area, a
// splitter or the window's edge), widgets laid out on top of each other, and texts of labels and buttons
// cut off (each widget's own size hint, the room its text needs, against the room it was given).
#pragma once

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QLabel>
#include <QLayout>
#include <QScrollBar>
#include <QStringList>
#include <QWidget>

namespace fplab::gui::testing {

// A widget's name in a problem: its object name, else its class.
inline QString widgetName(const QWidget* w) {
    return w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className()) : w->objectName();
}

// The part of `w` the window shows: its rectangle in window coordinates, clipped by every ancestor.
inline QRect visibleRectInWindow(const QWidget* w) {
    const QWidget* window = w->window();
    QRect shown(w->mapTo(window, QPoint(0, 0)), w->size());
    for (const QWidget* a = w->parentWidget(); a && a != window; a = a->parentWidget())
        shown &= QRect(a->mapTo(window, QPoint(0, 0)), a->size());
    return shown & window->rect();
}

// Whether `w` is visible and the window shows all of it.
inline bool shownWhole(const QWidget* w) { return w->isVisible() && visibleRectInWindow(w).size() == w->size(); }

namespace detail {

inline void laidOutWidgets(const QLayout* layout, QList<QWidget*>& out) {
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem* item = layout->itemAt(i);
        if (QWidget* w = item->widget(); w && w->isVisible() && !w->isWindow()) out.push_back(w);
        else if (const QLayout* inner = item->layout()) laidOutWidgets(inner, out);
    }
}

} // namespace detail

// One line per pair of visible widgets that the same layout (or its nested layouts) under `root` puts on
// top of each other: a widget that needs more room than it was given spills into its neighbour's.
inline QStringList overlappingWidgets(QWidget* root, const QString& where) {
    QStringList problems;
    QList<QWidget*> parents = root->findChildren<QWidget*>();
    parents.prepend(root);
    for (const QWidget* parent : parents) {
        if (!parent->isVisible() || !parent->layout()) continue;
        QList<QWidget*> kids;
        detail::laidOutWidgets(parent->layout(), kids);
        for (int i = 0; i < kids.size(); ++i)
            for (int j = i + 1; j < kids.size(); ++j)
                if (kids[i]->geometry().intersects(kids[j]->geometry()))
                    problems << QStringLiteral("%1: %2 (y %3 to %4) and %5 (y %6 to %7) overlap in %8")
                                    .arg(where, widgetName(kids[i]))
                                    .arg(kids[i]->geometry().top())
                                    .arg(kids[i]->geometry().bottom())
                                    .arg(widgetName(kids[j]))
                                    .arg(kids[j]->geometry().top())
                                    .arg(kids[j]->geometry().bottom())
                                    .arg(widgetName(parent));
    }
    return problems;
}

namespace detail {

// `root` and every widget of type T under it.
template <class T>
QList<T*> itselfAndChildren(QWidget* root) {
    QList<T*> found = root->findChildren<T*>();
    if (auto* self = qobject_cast<T*>(root)) found.prepend(self);
    return found;
}

} // namespace detail

// One line per visible label or button (`root` or under it) whose text is cut off: a one-line text wider than
// the widget, a word-wrapped one taller than the widget or with a word wider than it, and scroll areas (tables,
// text views) that need sideways scrolling.
inline QStringList cutOffTexts(QWidget* root, const QString& where) {
    QStringList problems;
    for (const QLabel* label : detail::itselfAndChildren<QLabel>(root)) {
        if (!label->isVisible() || label->text().isEmpty()) continue;
        // A word-wrapped label's minimum width is its longest word's (QLabel::minimumSizeHint).
        const bool cut = label->wordWrap() ? label->heightForWidth(label->width()) > label->height() ||
                                                 label->minimumSizeHint().width() > label->width()
                                           : label->sizeHint().width() > label->width();
        if (cut)
            problems << QStringLiteral("%1: label %2 \"%3\" is cut off (%4x%5 shown)")
                            .arg(where, widgetName(label), label->text().left(60))
                            .arg(label->width())
                            .arg(label->height());
    }
    for (const QAbstractButton* button : detail::itselfAndChildren<QAbstractButton>(root)) {
        if (!button->isVisible() || button->text().isEmpty()) continue;
        if (button->sizeHint().width() > button->width() || button->minimumSizeHint().height() > button->height())
            problems << QStringLiteral("%1: button %2 \"%3\" is cut off (needs %4x%5, has %6x%7)")
                            .arg(where, widgetName(button), button->text())
                            .arg(button->sizeHint().width())
                            .arg(button->minimumSizeHint().height())
                            .arg(button->width())
                            .arg(button->height());
    }
    for (const QAbstractScrollArea* area : detail::itselfAndChildren<QAbstractScrollArea>(root))
        if (area->isVisible() && area->horizontalScrollBar()->isVisible())
            problems << QStringLiteral("%1: %2 needs sideways scrolling").arg(where, widgetName(area));
    return problems;
}

} // namespace fplab::gui::testing
