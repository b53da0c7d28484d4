// The decoded value: sign, exponent (biased and unbiased), significand in binary and as a
// fraction, class, exact and shortest decimal, ulp, neighbours and the distance to overflow.
#pragma once

#include "core/format.h"

#include <QWidget>

#include <cstdint>

class QFormLayout;
class QLabel;

namespace fplab::gui {

class ValueDetailsView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ValueDetailsView)

public:
    explicit ValueDetailsView(QWidget* parent = nullptr);

    void setValue(const Format& f, std::uint64_t bits);
    // The text shown for a field, for tests: "class", "exact", "shortest", "ulp", "next-up"...
    QString fieldText(const QString& field) const;
    // The label that shows a field (an ElidedLabel for the numbers), for tests.
    QLabel* fieldLabel(const QString& field) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    enum Field {
        Class,
        Sign,
        Exponent,
        Significand,
        Fraction,
        Exact,
        Shortest,
        HexFloat,
        Ulp,
        NextUp,
        NextDown,
        Headroom,
        FieldCount
    };
    static bool isNumberField(Field field);
    void retranslateUi();
    void refresh();
    void setField(Field field, const QString& text);

    QFormLayout* m_form = nullptr;
    QLabel* m_labels[FieldCount] = {};
    QLabel* m_values[FieldCount] = {};
    Format m_format;
    std::uint64_t m_bits = 0;
};

} // namespace fplab::gui
