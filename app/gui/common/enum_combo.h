// Combo boxes whose items carry an enum value (as its integer) rather than a name: the code reads the
// enum back, never a string to compare or parse.
#pragma once

#include <QComboBox>
#include <QVariant>

#include <algorithm>

namespace fplab::gui {

template <class E>
void addEnumItem(QComboBox* combo, const QString& text, E value) {
    combo->addItem(text, QVariant::fromValue(static_cast<int>(value)));
}

template <class E>
E enumAt(const QComboBox* combo, int index) {
    return static_cast<E>(combo->itemData(index).toInt());
}

// The current item's enum; `fallback` only for an empty combo (items are added before it is read).
template <class E>
E currentEnum(const QComboBox* combo, E fallback) {
    return combo->currentIndex() < 0 ? fallback : enumAt<E>(combo, combo->currentIndex());
}

// Selects the item carrying `value`; false (selection unchanged) when no item carries it.
template <class E>
bool selectEnum(QComboBox* combo, E value) {
    const int i = combo->findData(QVariant::fromValue(static_cast<int>(value)));
    if (i < 0) return false;
    combo->setCurrentIndex(i);
    return true;
}

} // namespace fplab::gui
